import { assign, raise, setup } from 'xstate'
import type { components } from '../../../openapi/client'
import { errorParams, isStatus } from '../../calls/booking'
import { callStub } from '../../calls/stub'
import { onFirstUse } from '../../on-first-use'

export type CheckIn = components['schemas']['CheckIn']
export type DoorList = components['schemas']['DoorList']
export type DoorScan = components['schemas']['DoorScan']
export type DoorScanResult = components['schemas']['DoorScanResult']

/** One scan made on this phone: what the door showed, and whether it still waits to be sent. */
export interface PhoneScan extends DoorScan {
  /** The answer the door showed the guest. */
  shown: CheckIn['result']
  /** Decided on the phone and not yet in the server's hands. */
  queued: boolean
  /**
   * Of its party, how many were in after it: as the server answered, or as the phone decided
   * while queued. Absent on a scan kept from before parties came in part (all of it).
   */
  placesIn?: number
}

/** What the door keeps on the phone (storage's doorKept, cleared with the login). */
export interface KeptDoor {
  list: DoorList | null
  scans: PhoneScan[]
}

/** A scan the phone let in whose answer from the server, once sent, was another. */
export interface SyncReport {
  nonce: string
  check: CheckIn
  /** The door whose scan let the guest in first, for `already`; null for the desk's, or none. */
  door: string | null
}

export interface DoorQueueInput {
  /** What the phone is called at the door ('Garden gate'): the server's record of each scan. */
  door: string
  kept: KeptDoor | null
}

export interface DoorQueueContext {
  door: string
  list: DoorList | null
  scans: PhoneScan[]
  reports: SyncReport[]
}

export type DoorQueueEvent =
  | { type: 'scan.queued'; scan: DoorScan; shown: CheckIn['result']; placesIn: number }
  | { type: 'scan.answered'; scan: DoorScan; shown: CheckIn['result']; placesIn: number }
  | { type: 'network.restored' }
  | { type: 'list.outdated' }
  | { type: 'report.dismissed'; nonce: string }

export interface SyncBatch {
  door: string
  scans: DoorScan[]
}

/** The most scans one sync sends (the contract's limit); the rest go with the next. */
export const SYNC_BATCH = 500

/** Scans kept to decide 'already on this phone'; every queued one is kept beyond it. */
const SCANS_KEPT = 1000

/** How often the queue is sent while scans wait, and the list read again while it is shown. */
export const SYNC_EVERY_MS = 4000
export const LIST_EVERY_MS = 60_000
/** How soon a list that could not be read is asked for again. */
export const LIST_RETRY_MS = 15_000

/** The `keep` action with what the door keeps: after every change of the list or the scans. */
const KEEP = {
  type: 'keep',
  params: ({ context }: { context: DoorQueueContext }): KeptDoor => ({
    list: context.list,
    scans: context.scans,
  }),
} as const

const queued = (scans: readonly PhoneScan[]) => scans.filter((scan) => scan.queued)

/** The scans sent now: the oldest queued first. */
export const batchOf = (context: DoorQueueContext): SyncBatch => ({
  door: context.door,
  scans: queued(context.scans)
    .slice(0, SYNC_BATCH)
    .map(({ nonce, code, scannedAt, offline, places }) => ({
      nonce,
      code,
      scannedAt,
      offline,
      ...(places === undefined ? {} : { places }),
    })),
})

/** A scan added to the phone's own, the oldest answered ones forgotten past SCANS_KEPT. */
function withScan(scans: readonly PhoneScan[], scan: PhoneScan): PhoneScan[] {
  const all = [...scans.filter((each) => each.nonce !== scan.nonce), scan]
  const spare = all.length - SCANS_KEPT
  if (spare <= 0) return all
  let dropped = 0
  return all.filter((each) => each.queued || dropped++ >= spare)
}

/**
 * The sync's answers on the phone's scans: each sent one is no longer queued, and one the door
 * let in that the server answered otherwise (let in first elsewhere, or cancelled, refunded
 * since the list was taken) is reported to the door.
 */
function afterSync(context: DoorQueueContext, results: readonly DoorScanResult[]) {
  const answers = new Map(results.map((result) => [result.nonce, result]))
  const reports = results
    .filter((result) => {
      const scan = context.scans.find((each) => each.nonce === result.nonce)
      return scan?.shown === 'admitted' && result.check.result !== 'admitted'
    })
    .map(({ nonce, check, door }) => ({ nonce, check, door }))
  return {
    scans: context.scans.map((scan) => {
      const answer = answers.get(scan.nonce)
      return answer ? { ...scan, queued: false, placesIn: answer.check.placesIn } : scan
    }),
    reports: [...context.reports.filter((r) => !answers.has(r.nonce)), ...reports],
  }
}

/**
 * The door's phone, beside the check-in (issue 46): the door's list of tickets, read while online
 * and again every minute, and the queue of scans the phone decided itself, sent in one call every
 * few seconds and as soon as the browser is online again. The server applies each scan once (its
 * nonce) and answers what really happened; a scan let in that the server answers otherwise is
 * reported. What changes is kept on the phone (the page's `keep`), with the login.
 */
export const checkInQueueMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as DoorQueueContext,
      events: {} as DoorQueueEvent,
      input: {} as DoorQueueInput,
    },
    actors: {
      loadDoorList: callStub<DoorList>('loadDoorList'),
      syncScans: callStub<DoorScanResult[], SyncBatch>('syncScans'),
    },
    actions: {
      keep: (_: unknown, _kept: KeptDoor) => {},
      // A scan the phone let in (queued, to send) or the server answered (sent already).
      addScan: assign({
        scans: ({ context, event }) =>
          event.type === 'scan.queued' || event.type === 'scan.answered'
            ? withScan(context.scans, {
                ...event.scan,
                shown: event.shown,
                queued: event.type === 'scan.queued',
                placesIn: event.placesIn,
              })
            : context.scans,
      }),
    },
    guards: {
      // The session ended (401) or the role does not open the door (403): nothing to try again.
      isRefusal: isStatus(401, 403),
      hasList: ({ context }) => context.list !== null,
      hasQueued: ({ context }) => context.scans.some((scan) => scan.queued),
    },
    delays: {
      SYNC_EVERY: SYNC_EVERY_MS,
      LIST_EVERY: LIST_EVERY_MS,
      LIST_RETRY: LIST_RETRY_MS,
    },
  }).createMachine({
    id: 'doorQueue',
    context: ({ input }) => ({
      door: input.door,
      list: input.kept?.list ?? null,
      scans: input.kept?.scans ?? [],
      reports: [],
    }),
    type: 'parallel',
    on: {
      'scan.answered': {
        actions: ['addScan', KEEP],
      },
      'report.dismissed': {
        actions: assign({
          reports: ({ context, event }) => context.reports.filter((r) => r.nonce !== event.nonce),
        }),
      },
    },
    states: {
      list: {
        initial: 'loading',
        states: {
          // Read on the page's start, every minute, when the page is shown again and after a sync.
          loading: {
            invoke: {
              id: 'loadDoorList',
              src: 'loadDoorList',
              onDone: {
                target: 'kept',
                actions: [assign({ list: ({ event }) => event.output }), KEEP],
              },
              onError: [
                { guard: { type: 'isRefusal', params: errorParams }, target: 'refused' },
                { guard: 'hasList', target: 'kept' },
                { target: 'missing' },
              ],
            },
          },
          // A list on the phone (perhaps an older one, while the network is down).
          kept: { after: { LIST_EVERY: 'loading' }, on: { 'list.outdated': 'loading' } },
          // None could be read yet: the door can only decide online.
          missing: { after: { LIST_RETRY: 'loading' }, on: { 'list.outdated': 'loading' } },
          // The session ended or the role does not open the list: the check-in says so.
          refused: {},
        },
      },
      queue: {
        initial: 'settling',
        on: {
          'scan.queued': {
            target: '.settling',
            actions: ['addScan', KEEP],
          },
        },
        states: {
          settling: { always: [{ guard: 'hasQueued', target: 'waiting' }, { target: 'empty' }] },
          empty: {},
          // Scans wait: sent in a moment, or as soon as the browser is online again.
          waiting: {
            after: { SYNC_EVERY: 'sending' },
            on: {
              'network.restored': 'sending',
              // Another scan waits with them: the call is not put off.
              'scan.queued': { actions: ['addScan', KEEP] },
            },
          },
          sending: {
            // A scan made meanwhile is kept, for the next call.
            on: { 'scan.queued': { actions: ['addScan', KEEP] } },
            invoke: {
              id: 'syncScans',
              src: 'syncScans',
              input: ({ context }) => batchOf(context),
              onDone: {
                target: 'settling',
                actions: [
                  assign(({ context, event }) => afterSync(context, event.output)),
                  KEEP,
                  // What the server now holds, on the phone too.
                  raise({ type: 'list.outdated' }),
                ],
              },
              onError: [
                { guard: { type: 'isRefusal', params: errorParams }, target: 'halted' },
                { target: 'waiting' },
              ],
            },
          },
          // The session ended: the scans stay on the phone until the staff log in again.
          halted: {},
        },
      },
    },
  }),
)
