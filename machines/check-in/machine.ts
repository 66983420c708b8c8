import { and, assign, setup, stateIn } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { isBlankCode } from './selectors'

export type CheckIn = components['schemas']['CheckIn']

export type CheckInEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'code.scanned'; code: string }
  | { type: 'check-in.retry' }
  | { type: 'check-in.next' }
  | { type: 'camera.opened' }
  | { type: 'camera.ready' }
  | { type: 'camera.refused' }
  | { type: 'camera.closed' }

export interface CheckInContext {
  /** The last code sent, trimmed. */
  code: string
  /** The server's answer to it: admitted, already, elsewhere or unknown. */
  verdict: CheckIn | null
  /** A submitted code was blank: the form says what to type. */
  blank: boolean
}

// A typed code: a blank one stays in the form with its sentence; any other is checked.
const submitted = [
  { guard: 'isBlank', actions: 'markBlank' },
  { target: 'checking', actions: 'takeCode' },
] as const

// A code the camera read: the ticket just checked is still in front of it (the camera reads it
// several times a second), so only another code is checked until 'Next guest'.
const scanned = {
  guard: and(['isNewScan', stateIn('#checkIn.camera.scanning')]),
  target: 'checking',
  actions: 'takeCode',
} as const

/**
 * /staff/check-in: a ticket's code, read by the camera or typed, is checked in at the door; the
 * answer shows until the next guest. The camera runs beside it: off, starting (the browser asks
 * for it), scanning, or unavailable (refused or missing: the code is typed instead). A failed
 * call keeps the code to send again; a 403 means the person is not staff.
 */
export const checkInMachine = onFirstUse(() =>
  setup({
    types: staffTypes<CheckInContext, CheckInEvent>(),
    actors: {
      checkIn: callStub<CheckIn, { code: string }>('checkIn'),
    },
    actions: {
      ...loadCallActions,
      markBlank: assign({ blank: true }),
      takeCode: assign(({ event }) => ({
        code: 'code' in event ? event.code.trim() : '',
        blank: false,
      })),
    },
    guards: {
      ...staffGuards,
      isBlank: ({ event }) => event.type === 'code.submitted' && isBlankCode(event.code),
      isNewScan: ({ context, event }) =>
        event.type === 'code.scanned' &&
        !isBlankCode(event.code) &&
        event.code.trim() !== context.code,
    },
  }).createMachine({
    id: 'checkIn',
    context: { code: '', verdict: null, blank: false },
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
              'check-in.next': {
                target: 'waiting',
                actions: assign({ verdict: null, code: '' }),
              },
            },
          },
          // No answer came: the code is kept, to send again.
          failed: {
            tags: ['error'],
            on: { 'check-in.retry': 'checking', 'code.submitted': submitted },
          },
          forbidden: { tags: ['forbidden'] },
          sessionExpired: { tags: ['expired'] },
        },
      },
      camera: {
        initial: 'off',
        states: {
          off: { on: { 'camera.opened': 'starting' } },
          // The browser asks the person to allow the camera, then the picture starts.
          starting: { on: { 'camera.ready': 'scanning', 'camera.refused': 'unavailable' } },
          scanning: { on: { 'camera.closed': 'off' } },
          // Refused, or no camera: the code is typed; the camera can be asked for again.
          unavailable: { on: { 'camera.opened': 'starting' } },
        },
      },
    },
  }),
)
