import { type AnyEventObject, assign, type MachineContext } from 'xstate'
import type { DetailField } from '../rules/booking-fields'

// Every booking form (co-working, the RSVP panel, the print studio and its 'Book again') keeps
// the guest details the person has left, so a phone still being typed says nothing yet
// (machines/rules/booking-fields.ts); the applications do the same in machines/applicant-form/.

/** A booking form's context: the guest details the person has left (blurred) so far. */
export interface WithLeftDetails {
  left: readonly DetailField[]
}

/** The person left one of the guest detail fields. */
export type DetailLeftEvent = { type: 'field.left'; field: DetailField }

/** `field.left`'s guard: the first time a detail is left (a second changes nothing). */
export const leftGuards = {
  isFirstLeave: ({ context }: { context: WithLeftDetails }, params: LeftParams) =>
    !context.left.includes(params.field),
}

/** What `field.left`'s guard and action are given: the detail left. */
export interface LeftParams {
  field: DetailField
}

/** The details left once `params.field` is left too. */
export const leftOf = (context: WithLeftDetails, params: LeftParams) => ({
  left: [...context.left, params.field],
})

/**
 * `field.left`'s action (`leaveField`), as each booking form's setup() names it: typed by the
 * form's own context, which TypeScript takes from where it stands (`leaveField: leaveField()`).
 */
export const leaveField = <TContext extends MachineContext & WithLeftDetails>() =>
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  assign<TContext, AnyEventObject, LeftParams, any, any>(
    ({ context }, params) => leftOf(context, params) as unknown as Partial<TContext>,
  )

/** The transition each booking form takes on `field.left`, in the state where details change. */
export const fieldLeft = {
  guard: {
    type: 'isFirstLeave',
    params: ({ event }: { event: DetailLeftEvent }) => ({ field: event.field }),
  },
  actions: {
    type: 'leaveField',
    params: ({ event }: { event: DetailLeftEvent }) => ({ field: event.field }),
  },
} as const
