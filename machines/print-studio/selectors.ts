import type { CheckoutView } from '../checkout/selectors'
import { type DetailField, detailErrors } from '../rules/booking-fields'
import type { StudioPerson } from '../rules/print-studio'
import { failureMessage, type PrintStudioContext, STUDIO_ACTIONS } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: PrintStudioContext, checkout: CheckoutView): string | null =>
  context.error ??
  (checkout.failed
    ? failureMessage(checkout.error, STUDIO_ACTIONS[context.payingWith ?? 'personal'])
    : null)

/**
 * The message beside each of a guest's details the server would refuse (a phone still too short
 * once the guest has left it, `left`), for both studio forms (the page's panel and 'Book again');
 * none for a signed-in person (no guest).
 */
export const guestErrorsOf = (guest: StudioPerson | null, left: readonly DetailField[]) =>
  guest ? detailErrors(guest, left) : {}
