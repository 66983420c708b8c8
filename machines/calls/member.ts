import { errorParams, isUnauthorizedError, logCallError } from './booking'

// What the member area's loads (profile, payments) share: a 401 hands the person to the app's
// session-expiry flow, any other failure is logged and can be retried. The transition names the
// flow's stubs and guard below, which the flow's setup() declares.

/** The setup() stubs the load's failure names; the page provides the real ones. */
export const loadCallActions = {
  /** Hands a 401 to the app's session-expiry flow ('Login session has expired', then /login). */
  notifySessionExpired: () => {},
  logError: (_: unknown, _params: { error: unknown }) => {},
}

export const loadCallGuards = {
  isSessionExpired: (_: unknown, params: { error: unknown }) => isUnauthorizedError(params.error),
}

/** A load's onError: a 401 goes to the flow's `sessionExpired` state, anything else to `failed`. */
export const expiredOrFailed = [
  {
    guard: { type: 'isSessionExpired', params: errorParams },
    target: 'sessionExpired',
    actions: 'notifySessionExpired',
  },
  { target: 'failed', actions: logCallError },
] as const
