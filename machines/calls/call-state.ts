import { assign, type DoneActorEvent, type MachineContext } from 'xstate'

// The commonest state of a flow: it makes one call, shows it is busy, keeps the answer in its
// context and moves on. Written once here so every flow's call reads (and is named) alike. The
// pieces are typed from the machine they are used in (TypeScript infers the context from where the
// piece stands), so a key the context lacks, or an answer of the wrong type, fails to compile.

/**
 * An onDone action: the call's answer (`event.output`) kept in the context's `key`. Use it inline
 * in a machine's config, where the machine's context is known.
 */
export const keepOutput = <TContext extends MachineContext, TKey extends keyof TContext & string>(
  key: TKey,
) =>
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  assign<TContext, DoneActorEvent<TContext[TKey]>, undefined, any, any>(
    ({ event }) => ({ [key]: event.output }) as unknown as Partial<TContext>,
  )

/** What a call's state says besides the call's name. */
interface CallOptions<TContext extends MachineContext, TKey, TInput, TError, TTags> {
  /** The state's tags while the call runs; `busy` unless given (`[]`: the page stays as it is). */
  tags?: TTags
  /** The call's input, read from the context. */
  input?: (args: { context: TContext }) => TInput
  /** Where the answer is kept. */
  keep: TKey
  /** Where the flow goes with it. */
  target: string
  /** The state's onError (a flow's 401 and failure branches). */
  onError: TError
}

/**
 * A state that invokes the actor `src`, with the id `src` (so its done event is
 * `xstate.done.actor.<src>`), tagged `busy` while it runs, that keeps the answer in `keep` and
 * goes to `target`.
 */
export const callState = <
  TContext extends MachineContext,
  TKey extends keyof TContext & string,
  const TSrc extends string,
  TInput,
  const TError,
  const TTags extends readonly string[] = readonly ['busy'],
>(
  src: TSrc,
  { tags, input, keep, target, onError }: CallOptions<TContext, TKey, TInput, TError, TTags>,
) => ({
  tags: tags ?? (['busy'] as const),
  invoke: {
    id: src,
    src,
    input,
    onDone: { target, actions: keepOutput<TContext, TKey>(keep) },
    onError,
  },
})
