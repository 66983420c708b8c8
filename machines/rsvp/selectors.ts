import type { CheckoutView } from '../checkout/selectors'
import { failureText, type RsvpContext, WALLET_FAILED } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: RsvpContext, checkout: CheckoutView): string | null =>
  context.error ?? (checkout.failed ? failureText(checkout.error, WALLET_FAILED) : null)
