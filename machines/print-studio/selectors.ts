import type { CheckoutView } from '../checkout/selectors'
import { failureMessage, type PrintStudioContext, STUDIO_ACTIONS } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: PrintStudioContext, checkout: CheckoutView): string | null =>
  context.error ??
  (checkout.failed
    ? failureMessage(checkout.error, STUDIO_ACTIONS[context.payingWith ?? 'personal'])
    : null)
