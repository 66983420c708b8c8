import { and, assign, setup, stateIn } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { ticketCodeKey } from '../rules/ticket-code'
import { codeProblem, isBlankCode } from './selectors'

export type CheckIn = components['schemas']['CheckIn']

export type CheckInEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'code.scanned'; code: string }
  | { type: 'check-in.retried' }
  | { type: 'verdict.dismissed' }
  | { type: 'network.restored' }
  | { type: 'camera.opened' }
  | { type: 'camera.started' }
  | { type: 'camera.refused' }
  | { type: 'camera.unloaded' }
  | { type: 'camera.closed' }

export interface CheckInContext {
  /** The last code sent, as the rule of ticket codes reads it (else trimmed: no ticket's). */
  code: string
  /** The server's answer to it: admitted, already, elsewhere, cancelled, refunded or unknown. */
  verdict: CheckIn | null
  /** A typed code could not be sent (blank, or no ticket code's shape): the form says why. */
  problem: string | null
}

// A typed code: one blank or of no ticket code's shape stays in the form with its sentence; any
// other is checked.
const submitted = [
  { guard: 'isUnsendable', actions: 'markProblem' },
  { target: 'checking', actions: 'takeCode' },
] as const

// A code the camera read: the ticket just checked is still in front of it (the camera reads it
// several times a second), so only another code is checked until 'Next guest'.
const scanned = {
  guard: and(['isNewScan', stateIn('#checkIn.camera.scanning')]),
  target: 'checking',
  actions: 'takeCode',
} as const

/** A code as the rule of ticket codes reads it, else trimmed (a QR code of something else). */
const keyOf = (code: string) => ticketCodeKey(code) ?? code.trim()

/**
 * /staff/check-in: a ticket's code, read by the camera or typed, is checked in at the door; the
 * answer shows until the next guest. The camera runs beside it: off, starting (the browser asks
 * for it), scanning, unavailable (refused or missing: the code is typed instead), or unloaded
 * (the scanner's code could not come: no connection). A failed call keeps the code to send
 * again, by itself once the browser is online again; meanwhile the camera checks any other
 * ticket held up. A 403 means the person is not staff.
 */
export const checkInMachine = onFirstUse(() =>
  setup({
    types: staffTypes<CheckInContext, CheckInEvent>(),
    actors: {
      checkIn: callStub<CheckIn, { code: string }>('checkIn'),
    },
    actions: {
      ...loadCallActions,
      markProblem: assign({
        problem: ({ event }) => ('code' in event ? codeProblem(event.code) : null),
      }),
      takeCode: assign(({ event }) => ({
        code: 'code' in event ? keyOf(event.code) : '',
        problem: null,
      })),
    },
    guards: {
      ...staffGuards,
      isUnsendable: ({ event }) =>
        event.type === 'code.submitted' && codeProblem(event.code) !== null,
      isNewScan: ({ context, event }) =>
        event.type === 'code.scanned' &&
        !isBlankCode(event.code) &&
        keyOf(event.code) !== context.code,
    },
  }).createMachine({
    id: 'checkIn',
    context: { code: '', verdict: null, problem: null },
    type: 'parallel',
    states: {
      door: {
        initial: 'waiting',
        states: {
          // Ready for a code: the field is empty, the camera (when on) is looking.
          waiting: { on: { 'code.submitted': submitted, 'code.scanned': scanned } },
          checking: callState('checkIn', {
            input: ({ context }) => ({ code: context.code }),
            keep: 'verdict',
            target: 'answered',
            onError: staffReadFailed,
          }),
          // Green, red or yellow until the next guest's code.
          answered: {
            on: {
              'code.submitted': submitted,
              'code.scanned': scanned,
              // The next guest: a ticket shown now is read again, so a second scan is red.
              'verdict.dismissed': {
                target: 'waiting',
                actions: assign({ verdict: null, code: '' }),
              },
            },
          },
          // No answer came: the code is kept, to send again, by hand or once the browser is
          // online again; the camera goes on checking the next guest's ticket.
          failed: {
            tags: ['error'],
            on: {
              'check-in.retried': 'checking',
              'network.restored': 'checking',
              'code.submitted': submitted,
              'code.scanned': scanned,
            },
          },
          forbidden: { tags: ['forbidden'] },
          sessionExpired: { tags: ['expired'] },
        },
      },
      camera: {
        initial: 'off',
        states: {
          off: { on: { 'camera.opened': 'starting' } },
          // The scanner's code loads, the browser asks the person to allow the camera, then the
          // picture starts.
          starting: {
            on: {
              'camera.started': 'scanning',
              'camera.refused': 'unavailable',
              'camera.unloaded': 'unloaded',
            },
          },
          scanning: { on: { 'camera.closed': 'off' } },
          // Refused, or no camera: the code is typed; the camera can be asked for again.
          unavailable: { on: { 'camera.opened': 'starting' } },
          // The scanner's code could not come (offline): typed meanwhile, tried again on a press.
          unloaded: { on: { 'camera.opened': 'starting' } },
        },
      },
    },
  }),
)
