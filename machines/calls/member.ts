import { errorParams, logCallError } from './booking'
import { expiredOn401 } from './session'

// What a page's calls share (the member area's, and the plans' read): a 401 goes to the flow's
// `sessionExpired` state, whose tag is `expired` (the API client has already handed the 401 to the
// app's session-expiry flow); any other failure is logged, and a failed load can be retried. The
// pieces name the flow's `logError` stub (below) and `isSessionExpired` guard (./session.ts).

/** The setup() stub a failed call names; the page provides the real one. */
export const loadCallActions = {
  logError: (_: unknown, _params: { error: unknown }) => {},
}

/** A 401 from a call of a nested state: to the flow's own `sessionExpired`, named by its id. */
export const expiredOn401In = (machineId: string) =>
  ({ ...expiredOn401, target: `#${machineId}.sessionExpired` }) as const

/** A load's onError without a session to lose: logged, then `failed`. */
export const failedOnError = { target: 'failed', actions: logCallError } as const

/** A load's onError where what is read may not be there (the flow's `isMissing`): `missing`. */
export const missingOrFailed = [
  { guard: { type: 'isMissing', params: errorParams }, target: 'missing' },
  failedOnError,
] as const

/** A load's onError: a 401 goes to the flow's `sessionExpired` state, anything else to `failed`. */
export const expiredOrFailed = [expiredOn401, failedOnError] as const

/** Where a failed load waits (tag `error`) for the person to send `retry` and load again. */
export const failedUntil = <TRetry extends string>(retry: TRetry) => ({
  tags: 'error' as const,
  on: { [retry]: 'loading' } as Record<TRetry, 'loading'>,
})

/** A load's two endings besides its data: `failed` until `retry`, and `sessionExpired`. */
export const loadEndings = <TRetry extends string>(retry: TRetry) => ({
  failed: failedUntil(retry),
  sessionExpired: { tags: 'expired' as const },
})
