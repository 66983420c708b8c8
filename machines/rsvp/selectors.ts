import type { CheckoutView } from '../checkout/selectors'
import { detailErrors } from '../rules/booking-fields'
import { ticketCancelTerms } from '../rules/cancel-cutoff'
import { extraAnswersError, problemsText } from '../rules/rsvp'
import { failureText, problemsOf, type RsvpContext, WALLET_FAILED } from './machine'

/** The panel's message: the last failure of its own, else the checkout's wallet refusal. */
export const panelErrorOf = (context: RsvpContext, checkout: CheckoutView): string | null =>
  context.error ?? (checkout.failed ? failureText(checkout.error, WALLET_FAILED) : null)

/**
 * The message beside each of a guest's details the server would refuse (a phone still too short
 * once the guest has left it); none when signed in.
 */
export const guestErrorsOf = (context: RsvpContext) =>
  context.viewer.signedIn ? {} : detailErrors(context.guest, context.left)

/** The message under the event's questions when the answers are more than the booking takes. */
export const answersErrorOf = (context: RsvpContext) =>
  extraAnswersError(context.fields, context.answers)

/** Why the panel's buttons are disabled, in one sentence; null when nothing is in the way. */
export const problemsTextOf = (context: RsvpContext) => problemsText(problemsOf(context))

/**
 * Until when the ticket of the day and slot chosen can be cancelled, said before paying ('Free
 * cancellation until 7pm on Friday, December 4, 2026'), or that it cannot be, its cut-off
 * passed: by the rule cancelBooking refuses by. Null before a day is chosen.
 */
export function cancelTermsOf(context: RsvpContext, now: Date) {
  if (!context.day) return null
  return ticketCancelTerms(
    { date: context.day, timeSlot: context.slot },
    {
      startAt: new Date(context.event.StartDate),
      cancelCutoffHours: context.event.CancelCutoffHours ?? 24,
    },
    context.price <= 0,
    now,
  )
}
