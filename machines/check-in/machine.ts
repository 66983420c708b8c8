import { type AnyActorRef, and, assign, sendTo, setup, stateIn } from 'xstate'
import type { components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { loadCallActions } from '../calls/member'
import { expiredOn401 } from '../calls/session'
import { refusedOn403, staffGuards, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { ticketCodeKey } from '../rules/ticket-code'
import type { DecidedBy, OfflineAnswer, PartyAtDoor } from './offline'
import {
  checkInQueueMachine,
  type DoorQueueContext,
  type DoorQueueInput,
  type DoorScan,
  type KeptDoor,
} from './queue/machine'
import { codeProblem, isBlankCode } from './selectors'

export type CheckIn = components['schemas']['CheckIn']

/** A code read or typed, with the id and the moment the view gave the scan. */
type Scan = { code: string; nonce: string; at: string }

/** The check-in's call: the scan sent as a door's queue of one (applied once, by its nonce). */
export interface CheckInCall {
  door: string
  scan: DoorScan
}

/** What the door decides from when the server does not answer: its list and its scans. */
export interface OfflineCall {
  scan: DoorScan
  kept: Pick<DoorQueueContext, 'list' | 'scans'> | null
}

type OfflineDone = { event: { output: OfflineAnswer | null } }
const answerOf = ({ event }: OfflineDone) => ({ answer: event.output })
// Only on a branch whose guard saw an answer.
const decidedOf = ({ event }: OfflineDone) => event.output as OfflineAnswer

/** How long the door waits for the server's answer before deciding itself. */
export const ANSWER_WAIT_MS = 1500

export type CheckInEvent =
  | ({ type: 'code.submitted' } & Scan)
  | ({ type: 'code.scanned' } & Scan)
  | { type: 'check-in.retried' }
  | { type: 'verdict.dismissed' }
  | { type: 'places.chosen'; places: number }
  | { type: 'count.cancelled' }
  | { type: 'network.restored' }
  | { type: 'camera.opened' }
  | { type: 'camera.started' }
  | { type: 'camera.refused' }
  | { type: 'camera.unloaded' }
  | { type: 'camera.closed' }

export interface CheckInContext {
  /** What the phone is called at the door, for the server's record of its scans. */
  door: string
  /** What the phone kept of the door when the page opened: its queue starts from it. */
  keptAtStart: KeptDoor | null
  /** The last code sent, as the rule of ticket codes reads it (else trimmed: no ticket's). */
  code: string
  /** Its scan's own id and moment, made once: sent again, it is applied once. */
  nonce: string
  scannedAt: string
  /** A party the list lets in with more than one still to come: the door asks how many now. */
  party: PartyAtDoor | null
  /** How many of its party come in with the scan; null: all of it not yet in. */
  places: number | null
  /** The answer to it: admitted, already, elsewhere, cancelled, refunded or unknown. */
  verdict: CheckIn | null
  /** Who decided it: the server, or the phone (from its list or its own scans), not yet sent. */
  decidedBy: DecidedBy
  /** A typed code could not be sent (blank, or no ticket code's shape): the form says why. */
  problem: string | null
}

// A typed code: one blank or of no ticket code's shape stays in the form with its sentence; any
// other is looked up (a party?) and checked.
const submitted = [
  { guard: 'isUnsendable', actions: 'markProblem' },
  { target: '#checkIn.door.looking', actions: 'takeCode' },
] as const

// A code the camera read: the ticket just checked is still in front of it (the camera reads it
// several times a second), so only another code is checked until 'Next guest'.
const scanned = {
  guard: and(['isNewScan', stateIn('#checkIn.camera.scanning')]),
  target: '#checkIn.door.looking',
  actions: 'takeCode',
} as const

/** A code as the rule of ticket codes reads it, else trimmed (a QR code of something else). */
const keyOf = (code: string) => ticketCodeKey(code) ?? code.trim()

/** The scan the context holds, as the server takes it. */
const scanOf = (context: CheckInContext, offline: boolean): DoorScan => ({
  nonce: context.nonce,
  code: context.code,
  scannedAt: context.scannedAt,
  offline,
  ...(context.places === null ? {} : { places: context.places }),
})

/** What the phone keeps of the door (its queue's list and scans), to decide from. */
const keptOf = (self: AnyActorRef) =>
  (queueOf(self)?.getSnapshot().context as DoorQueueContext | undefined) ?? null

/** The door's phone (check-in/queue), invoked beside the door: its list and queue. */
const queueOf = (self: AnyActorRef): AnyActorRef | undefined =>
  (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)
    ?.children?.doorQueue

/**
 * /staff/check-in: a ticket's code, read by the camera or typed, is checked in at the door; the
 * answer shows until the next guest. A party the list lets in with more than one still to come
 * is asked about first: how many are coming in now (all, or some and the rest later). With no
 * answer within ANSWER_WAIT_MS (no network, a slow one, a server that fails), the phone decides
 * from the list it keeps (check-in/queue) and marks it not yet sent; a guest it lets in is
 * queued, to be sent with the scan's nonce. Without a list
 * the code is kept to send again, by itself once the browser is online again. The camera runs
 * beside it: off, starting (the browser asks for it), scanning, unavailable (refused or missing:
 * the code is typed instead), or unloaded (the scanner's code could not come: no connection);
 * it checks any other ticket held up meanwhile. A 403 means the person's role does not open it.
 */
export const checkInMachine = onFirstUse(() =>
  setup({
    types: { ...staffTypes<CheckInContext, CheckInEvent>(), input: {} as DoorQueueInput },
    actors: {
      checkIn: callStub<CheckIn, CheckInCall>('checkIn'),
      decideOffline: callStub<OfflineAnswer | null, OfflineCall>('decideOffline'),
      findParty: callStub<PartyAtDoor | null, OfflineCall>('findParty'),
      doorQueue: checkInQueueMachine,
    },
    actions: {
      ...loadCallActions,
      markProblem: assign({
        problem: ({ event }) => ('code' in event ? codeProblem(event.code) : null),
      }),
      takeCode: assign(({ event }) =>
        'code' in event
          ? {
              code: keyOf(event.code),
              nonce: event.nonce,
              scannedAt: event.at,
              problem: null,
              party: null,
              places: null,
            }
          : {},
      ),
      // The phone's own scans: one answered by the server, one it let in to send later.
      tellQueueAnswered: sendTo('doorQueue', ({ context }) => ({
        type: 'scan.answered' as const,
        scan: scanOf(context, false),
        shown: context.verdict?.result ?? 'unknown',
        placesIn: context.verdict?.placesIn ?? 0,
      })),
      // With the places the phone let in: the server lets in no more than it did.
      queueScan: sendTo('doorQueue', ({ context }) => ({
        type: 'scan.queued' as const,
        scan: { ...scanOf(context, true), places: context.verdict?.placesAdmitted ?? 1 },
        shown: 'admitted' as const,
        placesIn: context.verdict?.placesIn ?? 0,
      })),
      takeOfflineAnswer: assign((_, answer: OfflineAnswer) => ({
        verdict: answer.check,
        decidedBy: answer.by,
      })),
    },
    guards: {
      ...staffGuards,
      isAdmitted: (_, params: { answer: OfflineAnswer | null }) =>
        params.answer?.check.result === 'admitted',
      isDecided: (_, params: { answer: OfflineAnswer | null }) => params.answer !== null,
      isParty: (_, params: { party: PartyAtDoor | null }) => params.party !== null,
      isUnsendable: ({ event }) =>
        event.type === 'code.submitted' && codeProblem(event.code) !== null,
      isNewScan: ({ context, event }) =>
        event.type === 'code.scanned' &&
        !isBlankCode(event.code) &&
        keyOf(event.code) !== context.code,
    },
    delays: { ANSWER_WAIT: ANSWER_WAIT_MS },
  }).createMachine({
    id: 'checkIn',
    context: ({ input }) => ({
      door: input.door,
      keptAtStart: input.kept,
      code: '',
      nonce: '',
      scannedAt: '',
      party: null,
      places: null,
      verdict: null,
      decidedBy: 'server',
      problem: null,
    }),
    invoke: {
      id: 'doorQueue',
      src: 'doorQueue',
      input: ({ context }) => ({ door: context.door, kept: context.keptAtStart }),
    },
    type: 'parallel',
    states: {
      door: {
        initial: 'waiting',
        states: {
          // Ready for a code: the field is empty, the camera (when on) is looking.
          waiting: { on: { 'code.submitted': submitted, 'code.scanned': scanned } },
          // A look at the phone's list: a party with more than one still to come is asked about.
          looking: {
            tags: ['busy'],
            invoke: {
              id: 'findParty',
              src: 'findParty',
              input: ({ context, self }) => ({ scan: scanOf(context, false), kept: keptOf(self) }),
              onDone: [
                {
                  guard: { type: 'isParty', params: ({ event }) => ({ party: event.output }) },
                  target: 'counting',
                  actions: assign({ party: ({ event }) => event.output }),
                },
                { target: 'checking' },
              ],
              // The list could not be read: all of the party comes in, as the server counts.
              onError: { target: 'checking', actions: logCallError },
            },
          },
          // How many of the party are coming in now: all, or some (the rest scan again later).
          counting: {
            on: {
              'places.chosen': {
                target: 'checking',
                actions: assign({ places: ({ event }) => event.places }),
              },
              'count.cancelled': {
                target: 'waiting',
                actions: assign({ code: '', party: null, places: null }),
              },
              'code.submitted': submitted,
              'code.scanned': scanned,
            },
          },
          checking: {
            tags: ['busy'],
            invoke: {
              id: 'checkIn',
              src: 'checkIn',
              input: ({ context }) => ({ door: context.door, scan: scanOf(context, false) }),
              onDone: {
                target: 'answered',
                actions: [
                  assign({ verdict: ({ event }) => event.output, decidedBy: 'server' }),
                  'tellQueueAnswered',
                ],
              },
              // No answer: the phone decides (a 401 or 403 leaves the door).
              onError: [expiredOn401, refusedOn403, { target: 'deciding', actions: logCallError }],
            },
            after: { ANSWER_WAIT: 'deciding' },
          },
          // From the list on the phone and its own scans; without a list, the code waits.
          deciding: {
            tags: ['busy'],
            invoke: {
              id: 'decideOffline',
              src: 'decideOffline',
              input: ({ context, self }) => ({ scan: scanOf(context, true), kept: keptOf(self) }),
              // A guest let in is queued, to be sent; a refusal stays on the phone.
              onDone: [
                {
                  guard: { type: 'isAdmitted', params: answerOf },
                  target: 'answered',
                  actions: [{ type: 'takeOfflineAnswer', params: decidedOf }, 'queueScan'],
                },
                {
                  guard: { type: 'isDecided', params: answerOf },
                  target: 'answered',
                  actions: { type: 'takeOfflineAnswer', params: decidedOf },
                },
                { target: 'failed' },
              ],
              onError: { target: 'failed', actions: logCallError },
            },
          },
          // Green, red or yellow until the next guest's code.
          answered: {
            on: {
              'code.submitted': submitted,
              'code.scanned': scanned,
              // The next guest: a ticket shown now is read again, so a second scan is red.
              'verdict.dismissed': {
                target: 'waiting',
                actions: assign({
                  verdict: null,
                  code: '',
                  decidedBy: 'server',
                  party: null,
                  places: null,
                }),
              },
            },
          },
          // No answer came and no list to decide from: the code is kept, to send again, by hand
          // or once the browser is online again; the camera goes on checking the next ticket.
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
