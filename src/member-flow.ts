import { useSelector } from '@xstate/react'
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate'

// What the member area's flows share in the browser: a failed call is logged, and a page reads
// where its data is the same way. A 401 is the API client's to tell the app (src/api.ts); the
// flow only goes to its `sessionExpired` state.

/**
 * The effect a member-area flow takes from the app: `logError` logs a failed call under `what`
 * (a warning for a read the person can retry, an error otherwise).
 */
export function memberFlowEffects(what: string, level: 'warn' | 'error' = 'warn') {
  return {
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
 * 'failed' state and a 'sessionExpired' one tagged 'expired' (profile, payments, community size...).
 */
export function useLoadStates(actorRef: AnyActorRef): LoadStates {
  const loading = useSelector(actorRef, (s: AnyMachineSnapshot) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s: AnyMachineSnapshot) => s.matches('failed'))
  const expired = useSelector(actorRef, (s: AnyMachineSnapshot) => s.hasTag('expired'))
  return { loading, failed, expired }
}
