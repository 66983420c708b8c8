import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
} from 'xstate'

/**
 * How a flow is walked by the model tests, the path report and the statechart viewer: the inputs
 * it starts from and the payloads of its events. Event types the machine handles but `events`
 * does not list are sent bare (`{ type }`); done and error events of invoked actors get a default.
 */
export interface FlowModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine
  /** What the flow is, in a sentence, for QA and product. */
  description: string
  /** Named starting points; every one is walked. */
  inputs: Record<string, InputFrom<TMachine>>
  /** Payload variants by event type (without `type`). */
  events?: Partial<Record<string, Array<Record<string, unknown>>>>
  /** Stop exploring a state, for flows whose context can grow without bound. */
  limit?: number
  /**
   * Sends an event only where this holds: what can happen there (e.g. a call's answer only while
   * it is under way); the browser replay adds what a person can do there.
   */
  sendsWhen?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean
}

/** Declares how `machine`'s flow is walked, with the machine's own types checked. */
export function defineModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  model: Omit<FlowModel<TMachine>, 'machine'> & {
    events?: Partial<
      Record<EventFromLogic<TMachine>['type'] | `xstate.${string}`, Array<Record<string, unknown>>>
    >
  },
): FlowModel {
  return { machine, ...model } as unknown as FlowModel
}

/**
 * The payloads of one call's endings, for a model's `events`: each of `outputs` answers the actor
 * `src` (`xstate.done.actor.<src>`), each of `errors` fails it (`xstate.error.actor.<src>`).
 */
export const callEndings = <const TSrc extends string>(
  src: TSrc,
  outputs: unknown[],
  errors: Array<{ error: unknown }>,
) =>
  ({
    [`xstate.done.actor.${src}`]: outputs.map((output) => ({ output })),
    [`xstate.error.actor.${src}`]: errors,
  }) as unknown as Record<
    `xstate.${'done' | 'error'}.actor.${TSrc}`,
    Array<Record<string, unknown>>
  >
