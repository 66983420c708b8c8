import { useActorRef, useSelector } from '@xstate/react'
import type { Actor, AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InputFrom } from 'xstate'
import { showLiveFlow } from './live-flows'

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

/** The real calls a member-area machine takes in place of its stubs. */
export type ActorsOf<T extends AnyStateMachine> = NonNullable<Parameters<T['provide']>[0]['actors']>

/**
 * The actor of a member-area or staff page: its machine with the API's calls, failed calls logged
 * under `what`, shown in the statechart viewer. Every such page started its flow this same way.
 */
export function useMemberFlow<T extends AnyStateMachine>(
  machine: T,
  actors: ActorsOf<T>,
  what: string,
  {
    level = 'warn',
    input,
    effects = {},
  }: {
    level?: 'warn' | 'error'
    input?: InputFrom<T>
    /** The page's own effects (moving the focus), beside the logging every such page has. */
    effects?: Record<string, (...args: never[]) => void>
  } = {},
): Actor<T> {
  const logic = machine.provide({
    actors,
    actions: { ...memberFlowEffects(what, level), ...effects },
  } as never) as T
  return useActorRef(
    logic,
    input === undefined ? { inspect: showLiveFlow } : { input, inspect: showLiveFlow },
  )
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

/** A staff page's states: where its data is, whether the server let this person in, and whether the data is there. */
export function useStaffStates(actorRef: AnyActorRef) {
  const load = useLoadStates(actorRef)
  const forbidden = useSelector(actorRef, (s: AnyMachineSnapshot) => s.hasTag('forbidden'))
  const ready = useSelector(actorRef, (s: AnyMachineSnapshot) => s.matches('ready'))
  return { load, forbidden, ready }
}
