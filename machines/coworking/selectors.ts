import type { CheckoutView } from '../checkout/selectors'
import { blockerSentence, detailErrors } from '../rules/booking-fields'
import { visitorNameErrors } from '../rules/coworking'
import { blockersOf, type CoworkingContext, failure } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: CoworkingContext, checkout: CheckoutView): string | null =>
  context.error ?? (checkout.failed ? failure(checkout.error) : null)

/**
 * The message beside each detail the form asks for that the server would refuse (a phone still
 * too short once the person has left it).
 */
export const detailErrorsOf = (context: CoworkingContext) =>
  context.askDetails ? detailErrors(context, context.left) : {}

/** The message under each extra guest's name, and under them all. */
export const visitorErrorsOf = (context: CoworkingContext) =>
  visitorNameErrors(context.visitorNames)

/** Why Book is disabled, in one sentence; null when nothing is in the way. */
export const blockerTextOf = (context: CoworkingContext) => blockerSentence(blockersOf(context))
