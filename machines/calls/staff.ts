import { type AnyEventObject, assign, type EventObject, type MachineContext } from 'xstate'
import { errorParams, isStatus, logCallError } from './booking'
import { expiredOn401In, failedOnError } from './member'
import { expiredOn401, sessionGuards } from './session'

// The staff screens' calls: the server refuses anyone without the staff role with a 403, and the
// screen then says it is for the hotel's staff (a member who typed /staff, say).

/** The guard of a failed call: the signed-in person is not staff. */
export const forbiddenGuards = {
  isForbidden: isStatus(403),
}

/** An invoke's onError branch after the 401's: a 403 goes to the flow's `forbidden` state. */
export const refusedOn403 = {
  guard: { type: 'isForbidden', params: errorParams },
  target: 'forbidden',
} as const

/** The tags every staff screen has: a call under way or failed, the session ended, not staff. */
export type StaffTag = 'busy' | 'error' | 'expired' | 'forbidden'

/** A staff screen's setup() types: its own context and events, and the staff screens' tags. */
export const staffTypes = <TContext extends MachineContext, TEvent extends EventObject>() => ({
  context: {} as TContext,
  events: {} as TEvent,
  tags: {} as StaffTag,
})

/** The guards every staff screen's calls name: the session ended (401), not staff (403). */
export const staffGuards = { ...sessionGuards, ...forbiddenGuards }

/** A staff screen's read failed: a 401 or a 403 leaves the screen, anything else is `failed`. */
export const staffReadFailed = [expiredOn401, refusedOn403, failedOnError] as const

/**
 * A staff screen's read of one record (an application, an event, a booking) failed: as
 * `staffReadFailed`, and a record that is not there (the flow's `isNotFound`) is `missing`.
 */
export const staffRecordReadFailed = [
  expiredOn401,
  refusedOn403,
  { guard: { type: 'isNotFound', params: errorParams }, target: 'missing' },
  failedOnError,
] as const

/**
 * A staff write's onError, in a state nested in the flow `machineId`: a 401 or 403 leaves the
 * screen (the flow's `sessionExpired`, `forbidden`); a refusal the person can act on (the guard
 * `refusal`: decided meanwhile, a title taken) keeps the server's words (the action `keep`) and
 * goes to `refused`; anything else is logged and goes to `failed`, to be sent again.
 */
export const writeFailed = <TGuard extends string, TKeep extends string>(
  machineId: string,
  {
    refusal,
    keep,
    refused,
    failed,
  }: { refusal: TGuard; keep: TKeep; refused: string; failed: string },
) =>
  [
    expiredOn401In(machineId),
    { ...refusedOn403, target: `#${machineId}.forbidden` },
    {
      guard: { type: refusal, params: errorParams },
      target: refused,
      actions: { type: keep, params: errorParams },
    },
    { target: failed, actions: logCallError },
  ] as const

/** A staff list searched for: the words (blank: the latest, or everyone). */
type SearchSubmitted = { type: 'search.submitted'; query: string }

/**
 * The `takeQuery` action of a staff list where a row can be chosen: the words searched for,
 * trimmed, and no row chosen any more. Typed by the screen's context where setup() names it.
 */
export const takeQuery = <TContext extends MachineContext & { query: string; chosen: unknown }>() =>
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  assign<TContext, AnyEventObject, undefined, any, any>(
    ({ event }) =>
      ({
        query: event.type === 'search.submitted' ? (event as SearchSubmitted).query.trim() : '',
        chosen: null,
      }) as Partial<TContext>,
  )

/** A row a staff write answered with, in place of the row with its id. */
export const replacedById = <TRow extends { id: string }>(rows: TRow[], row: TRow): TRow[] =>
  rows.map((each) => (each.id === row.id ? row : each))
