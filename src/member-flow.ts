import { useSelector } from '@xstate/react'
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate'
import { sessionExpiry } from './api'

// What the member area's flows share in the browser: a 401 ends the session the same way, a
// failed call is logged, and a page reads where its data is the same way.

/**
 * The effects a member-area flow takes from the app: `notifySessionExpired` hands a 401 to the
 * session-expiry flow ('Login session has expired', then /login); `logError` logs a failed call
 * under `what` (a warning for a read the person can retry, an error otherwise).
 */
export function memberFlowEffects(what: string, level: 'warn' | 'error' = 'warn') {
  return {
    notifySessionExpired: () => sessionExpiry.send({ type: 'session.expired' }),
    logError: (_: unknown, { error }: { error: unknown }) => console[level](what, error),
  }
}

/** Where a member page's data is: on its way, could not load, or the session expired. */
export interface LoadStates {
  loading: boolean
  failed: boolean
  expired: boolean
}

/**
 * Reads them from a member-area flow: its loading states carry the 'busy' tag, and it has a
 * 'failed' and a 'sessionExpired' state (profile, payments, wallet, community size...).
 */
export function useLoadStates(actorRef: AnyActorRef): LoadStates {
  const loading = useSelector(actorRef, (s: AnyMachineSnapshot) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s: AnyMachineSnapshot) => s.matches('failed'))
  const expired = useSelector(actorRef, (s: AnyMachineSnapshot) => s.matches('sessionExpired'))
  return { loading, failed, expired }
}
