import { type BookingBlocker, detailErrors } from '../../rules/booking-fields'
import { problemsText, rsvpProblems } from '../../rules/rsvp'
import type { WaitlistJoinContext } from './machine'

type JoinForm = Pick<WaitlistJoinContext, 'day' | 'slot' | 'details' | 'event'>

/** What keeps 'Join the waitlist' from going: a day or slot to choose, a detail to add or mend. */
export const joinBlockers = (context: JoinForm): BookingBlocker[] =>
  rsvpProblems({
    guest: context.details,
    day: context.day,
    slot: context.slot,
    hasSlots: context.event.TimeSlots.length > 0,
  })

/** The sentence under the disabled button, null when it can go. */
export const joinBlockerText = (context: JoinForm) => problemsText(joinBlockers(context))

/** What to say beside each field, as the person types. */
export const joinFieldErrors = (context: Pick<WaitlistJoinContext, 'details' | 'left'>) =>
  detailErrors(context.details, context.left)
