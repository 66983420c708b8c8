import type { SnapshotFrom } from 'xstate'
import type { components } from '../../../openapi/client'
import type { BookingPayment } from '../../calls/booking'
import { ticketCardPayment } from '../../calls/ticket'
import { ticketPrice } from '../../rules/events'
import { formatNaira } from '../../rules/money'
import { eventRegisteredPath } from '../../rules/rsvp'
import { standingLine } from '../../rules/waitlist'
import type { WaitlistEntry, WaitlistOfferContext, waitlistOfferMachine } from './machine'

type BookingInput = components['schemas']['BookingInput']
type PaidWith = components['schemas']['PaidWith']
type OfferContext = Pick<WaitlistOfferContext, 'entry' | 'event' | 'viewer' | 'origin'>

// What the waitlist page says and sends, from its entry and event.

/** What the place costs this viewer, in whole naira: the price they would pay booking it. */
export function offerPrice({ event, viewer }: Pick<OfferContext, 'event' | 'viewer'>): number {
  return event ? ticketPrice(event, viewer.isMember) : 0
}

export const isFreeForOffer = (context: Pick<OfferContext, 'event' | 'viewer'>) =>
  offerPrice(context) === 0

/** The take button's words: 'Book my place' (free) or 'Pay ₦15,000 and book'. */
export function takeLabel(context: Pick<OfferContext, 'event' | 'viewer'>): string {
  const price = offerPrice(context)
  return price === 0 ? 'Book my place' : `Pay ${formatNaira(price)} and book`
}

/** The booking that takes the offer: the entry's person, day and slot, at their price. */
export function offerBooking(context: OfferContext, paidWith: PaidWith): BookingInput {
  const { entry, event } = context
  if (!entry || !event) throw new Error('offerBooking: no offer loaded')
  return {
    Email: entry.email,
    Name: entry.name,
    Phone: entry.phone,
    Type: 'event',
    Event: event.ID,
    Venue: event.Venue,
    Date: entry.date,
    'Time Slot': entry.timeSlot,
    Amount: offerPrice(context) * 100,
    'Paid with': paidWith,
    Visitors: 0,
    'Names of Visitors': null,
    metadata: null,
  }
}

/** The ticket's page, as a guest's RSVP ends on it. */
export function registeredPathOfOffer(context: OfferContext, ticket = ''): string {
  const { entry, event } = context
  if (!entry || !event) throw new Error('registeredPathOfOffer: no offer loaded')
  const { email, name, date } = entry
  const booking = { email, name, date, time: entry.timeSlot ?? '', price: offerPrice(context) }
  return eventRegisteredPath(event, booking, ticket)
}

/** The card payment: back to the ticket's page (a guest) or /profile/bookings (signed in). */
export function offerPayment(context: OfferContext): BookingPayment {
  return ticketCardPayment({
    origin: context.origin,
    viewer: context.viewer,
    registeredPath: () => registeredPathOfOffer(context),
    email: context.entry?.email ?? '',
    amountKobo: offerPrice(context) * 100,
    booking: offerBooking(context, 'paystack'),
  })
}

type Standing = WaitlistEntry['status']

/** The page's heading and mark for each standing the machine routes an entry to. */
const HEADINGS: Record<Standing, { title: string; tone: 'success' | 'info' }> = {
  waiting: { title: "You're on the waitlist", tone: 'info' },
  offered: { title: 'A place is yours to book', tone: 'success' },
  booked: { title: "You're booked", tone: 'success' },
  left: { title: 'You left the waitlist', tone: 'info' },
  expired: { title: 'This offer has ended', tone: 'info' },
}

const STANDINGS = Object.keys(HEADINGS) as Standing[]

type OfferSnapshot = SnapshotFrom<typeof waitlistOfferMachine>

/**
 * The standing the page shows: the state the machine routed the entry to; while a question is
 * asked or a call is under way (leaving, booking, paying, read again), the one it was routed to
 * before, which the entry still holds (the machine routes on it again once the call ends).
 */
export function standingShown(snapshot: OfferSnapshot): Standing {
  return (
    STANDINGS.find((standing) => snapshot.matches({ shown: standing })) ??
    snapshot.context.entry?.status ??
    'expired'
  )
}

/**
 * The buttons under the entry: the leave question's answers, the offer's (take it, or leave),
 * the line's (leave), or, once it is over, the way to the event.
 */
export type OfferButtons = 'leaveQuestion' | 'offer' | 'line' | 'event'

/** The page of an entry in a snapshot: its heading, mark, buttons and the sentence under it. */
export function offerPageOf(snapshot: OfferSnapshot) {
  const standing = standingShown(snapshot)
  const asking = snapshot.matches({ shown: 'confirmingLeave' })
  const buttons: OfferButtons = asking
    ? 'leaveQuestion'
    : standing === 'offered'
      ? 'offer'
      : standing === 'waiting'
        ? 'line'
        : 'event'
  const entry = snapshot.context.entry
  const note = asking
    ? standing === 'offered'
      ? 'The place held for you goes to the next person waiting.'
      : 'Your place in line goes, and you will not hear from us about this day.'
    : entry
      ? standingLine(entry)
      : ''
  return { ...HEADINGS[standing], buttons, note }
}
