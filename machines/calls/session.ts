import { errorParams, isUnauthorizedError } from './booking'

// A call refused with a 401: the session ended. Every flow names it the same way, so the guard,
// the state (`sessionExpired`) and its tag (`expired`) read alike in every statechart; the app's
// session-expiry flow says so and sends the person to /login.

/** The guard of a failed call: the session has ended. Spread into a flow's setup({ guards }). */
export const sessionGuards = {
  isSessionExpired: (_: unknown, params: { error: unknown }) => isUnauthorizedError(params.error),
}

/** An invoke's first onError branch: a 401 goes to the flow's `sessionExpired` state. */
export const expiredOn401 = {
  guard: { type: 'isSessionExpired', params: errorParams },
  target: 'sessionExpired',
} as const
