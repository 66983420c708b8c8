import { BOOKING_LIMITS, type BookingBlocker, detailBlockers } from './booking-fields'
import {
  alreadyBookedText,
  BOOKINGS_PATH,
  heldBookingOf,
  isSoldOutRefusal,
  type PaidWith,
  walletReference,
} from './bookings'
import { countText, nameProblem } from './contact'
import { dayInFull, dayLabel, isValidDay, shortDay } from './dates'
import { formatNaira } from './money'
import { coworkingPriceKobo, SPOT_FEE_NAIRA } from './pricing'
import { COWORKING_HOURS } from './slots'
import { queryReader } from './text'

/** What a co-working booking names as its event, and the wallet debit's narration. */
export const COWORKING_EVENT = 'Book a spot'

/** The booking Type of a co-working spot. */
export const COWORKING_TYPE = 'spot'

/** Opening hours as the page shows them, Tuesday to Sunday (Mondays closed). */
export const COWORKING_HOURS_SHOWN = '10am \u2014 10pm'

/** The most extra guests one booking may bring (the contract's Visitors maximum). */
export const MAX_EXTRA_GUESTS = 20

/** The Payment Reference of an active member's free co-working booking. */
export const FREE_BOOKING_REFERENCE = 'Free booking'

/** Where a guest lands after paying by card (a signed-in person: BOOKINGS_PATH). */
export const BOOKED_COWORKING_PATH = '/booked-coworking'

/** How a booking is paid: the card provider ('paystack' from the browser), a wallet, or free. */
export type CoworkingPaidWith = Extract<
  PaidWith,
  'membership' | 'paystack' | 'wallet' | 'community-wallet'
>

/** The visitor-name list resized to `count` inputs: new ones start blank, extra ones go. */
export function resizeVisitorNames(names: readonly string[], count: number): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a whole number >= 0: ${count}`)
  }
  return Array.from({ length: count }, (_, i) => names[i] ?? '')
}

/** The visitors' names as one text: trimmed, blank ones dropped, comma-joined; null when none. */
export function visitorNamesText(names: readonly string[]): string | null {
  const filled = names.map((name) => name.trim()).filter((name) => name !== '')
  return filled.length ? filled.join(', ') : null
}

/** Whether the booking costs nothing: an active member with at most one extra guest. */
export function isFreeCoworking(extraGuests: number, isMember: boolean): boolean {
  return coworkingPriceKobo(extraGuests, isMember) === 0
}

export interface CoworkingFormState {
  day: string | null
  space: string | null
  /** The form asks for email, name and phone (guests, or a sign-in without stored details). */
  askDetails: boolean
  email: string
  name: string
  phone: string
  visitorNames: readonly string[]
}

/** What keeps Book disabled, in the order the form shows its fields; details only when asked. */
export function coworkingBlockers(form: CoworkingFormState): BookingBlocker[] {
  const blockers: BookingBlocker[] = []
  if (!form.day) blockers.push('day')
  if (!form.space) blockers.push('space')
  if (form.askDetails) blockers.push(...detailBlockers(form))
  const guests = visitorNameErrors(form.visitorNames)
  if (guests.together || guests.each.some(Boolean)) blockers.push('fixGuests')
  return blockers
}

/**
 * What to say under each extra guest's name (a name the server takes: at most 120 characters),
 * and, when each fits but comma-joined they are more than the booking's 2,000, under them all.
 */
export function visitorNameErrors(names: readonly string[]): {
  each: (string | null)[]
  together: string | null
} {
  const each = names.map((name) => nameProblem(name)?.message ?? null)
  const max = BOOKING_LIMITS['Names of Visitors']
  const length = visitorNamesText(names)?.length ?? 0
  const together =
    each.every((error) => error === null) && length > max
      ? `Together your guests' names come to ${countText(length)} characters; keep them to ${countText(max)}.`
      : null
  return { each, together }
}

export interface CoworkingBookingFields {
  email: string
  name: string
  phone: string
  day: string
  space: string
  extraGuests: number
  visitorNames: readonly string[]
  isMember: boolean
  paidWith: CoworkingPaidWith
}

/** The booking fields of a co-working spot, as POST /bookings/rsvp and the payment calls take. */
export function coworkingBooking(fields: CoworkingBookingFields) {
  const reference =
    fields.paidWith === 'membership' ? FREE_BOOKING_REFERENCE : walletReference(fields.paidWith)
  return {
    Email: fields.email.trim(),
    Name: fields.name.trim(),
    Event: COWORKING_EVENT,
    Type: COWORKING_TYPE,
    Venue: fields.space,
    Date: fields.day,
    Amount: coworkingPriceKobo(fields.extraGuests, fields.isMember),
    'Time Slot': COWORKING_HOURS,
    'Paid with': fields.paidWith,
    'Payment Reference': reference,
    Phone: fields.phone.trim(),
    metadata: null,
    Visitors: fields.extraGuests,
    'Names of Visitors': visitorNamesText(fields.visitorNames),
  } as const
}

/** What the booked page reads from its address. */
export interface BookedCoworkingQuery {
  email: string
  name: string
  day: string
  time: string
  type: string
  phone: string
}

/** The guest's return address after a card payment: /booked-coworking with its query. */
export function bookedCoworkingPath(
  fields: Pick<BookedCoworkingQuery, 'email' | 'name' | 'day' | 'phone'>,
) {
  const query = new URLSearchParams({
    email: fields.email.trim(),
    name: fields.name.trim(),
    day: fields.day,
    time: COWORKING_HOURS,
    type: COWORKING_TYPE,
    phone: fields.phone.trim(),
  })
  return `${BOOKED_COWORKING_PATH}?${query.toString()}`
}

/** Where the card provider sends the browser back: the booked page (guest) or the bookings. */
export function coworkingCallbackUrl(
  origin: string,
  signedIn: boolean,
  fields: Pick<BookedCoworkingQuery, 'email' | 'name' | 'day' | 'phone'>,
): string {
  return origin.replace(/\/+$/, '') + (signedIn ? BOOKINGS_PATH : bookedCoworkingPath(fields))
}

/** Reads the booked page's query; a missing field is blank and a day that is not a day is dropped. */
export function parseBookedCoworkingQuery(search: string): BookedCoworkingQuery {
  const read = queryReader(search)
  const day = read('day')
  return {
    email: read('email'),
    name: read('name'),
    day: isValidDay(day) ? day : '',
    time: read('time') || COWORKING_HOURS,
    type: read('type') || COWORKING_TYPE,
    phone: read('phone'),
  }
}

/**
 * The prefilled message of "I didn't get a receipt" on the booked page, in words the front desk
 * reads at a glance: what was booked, for which day and hours, and who booked it.
 */
export function coworkingSupportMessage(query: BookedCoworkingQuery): string {
  const what = query.type === COWORKING_TYPE ? 'a co-working spot' : `a co-working ${query.type}`
  const when = [query.day && `for ${dayInFull(query.day)}`, query.time && `(${query.time})`]
    .filter(Boolean)
    .join(' ')
  return [
    `Hello Sixteen, I booked ${what}${when ? ` ${when}` : ''} but I didn't get a receipt.`,
    query.name && `Name: ${query.name}`,
    `Email: ${query.email || 'not given'}`,
    query.phone && `Phone: ${query.phone}`,
    'Could you send it again, please?',
  ]
    .filter(Boolean)
    .join('\n')
}

/** A failed booking call, said shortly for the panel (status null: the server was not reached). */
export function coworkingFailureMessage(
  status: number | null,
  message: string | null,
  data?: unknown,
): string {
  const held = heldBookingOf(status, message, data)
  if (held) return alreadyBookedText(held)
  if (status === null || status === 0) {
    return 'We could not reach Sixteen. Check your connection and try again.'
  }
  if (isSoldOutRefusal(status, message)) {
    return 'Sold out: this space is full on that day. Choose another day or space.'
  }
  // The server says how long to wait (up to ten minutes): its words, not a guess.
  if (status === 429) {
    return message?.trim() || 'Too many attempts. Please wait a few minutes and try again.'
  }
  if (status === 502) return 'The payment provider did not answer. Please try again in a moment.'
  if (status >= 500) return 'Something went wrong on our side. Please try again.'
  return message?.trim() || 'The booking did not go through. Please try again.'
}

/** How the price is made up, in words: '3 people × ₦5,000', or what membership covers. */
export function coworkingPriceLine(extraGuests: number, isMember: boolean): string {
  const fee = formatNaira(SPOT_FEE_NAIRA)
  if (!isMember) {
    const people = extraGuests + 1
    return people === 1 ? `1 person × ${fee}` : `${people} people × ${fee}`
  }
  if (extraGuests === 0) return 'Free with your membership'
  if (extraGuests === 1) return 'You and your guest: free'
  const paying = extraGuests - 1
  return `${paying} ${paying === 1 ? 'guest' : 'guests'} × ${fee} · you and one guest free`
}

/**
 * A day button's two lines: 'Today' / 'Nov 24', or 'Wednesday' / 'Nov 25'; `label` is the whole
 * choice as it reads ('Today', 'Wednesday, November 25').
 */
export function dayButtonText(
  day: string,
  now: Date,
): { label: string; title: string; date: string } {
  const label = dayLabel(day, now)
  return { label, title: label.split(', ')[0] ?? label, date: shortDay(day) }
}
