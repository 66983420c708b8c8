import type { CheckoutView } from '../checkout/selectors'
import { type CoworkingContext, failure } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: CoworkingContext, checkout: CheckoutView): string | null =>
  context.error ?? (checkout.failed ? failure(checkout.error) : null)
