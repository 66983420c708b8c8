import { type BookingDetails, detailBlockers } from './booking-fields'
import { BOOKINGS_PATH, type PaidWith, walletReference } from './bookings'
import { dayInFull } from './dates'
import { printStudioPriceKobo } from './pricing'
import { PRINT_STUDIO_EVENT, PRINT_STUDIO_SLOTS } from './slots'
import { queryReader } from './text'

/** The booking type, and the `type` of the booked page's query. */
export const STUDIO_BOOKING_TYPE = 'print-studio'

/** What a wallet debit for a session is called in the ledger, and what the success overlay names. */
export const STUDIO_NARRATION = 'Print Studio Session'

/** Where a guest lands after paying by card. */
export const BOOKED_STUDIO_PATH = '/booked-printstudio'

// The print-studio page names it from here.
export { BOOKINGS_PATH }

/** Who a session is for: the guest's own details, or the signed-in person's stored ones. */
export type StudioPerson = BookingDetails

/** How a session is paid: card (the browser says 'paystack'), or one of the two wallets. */
export type StudioPaidWith = Extract<PaidWith, 'paystack' | 'wallet' | 'community-wallet'>

/** A print-studio booking as the contract's BookingInput spells it. */
export interface StudioBooking {
  Email: string
  Name: string
  Event: string
  Type: typeof STUDIO_BOOKING_TYPE
  Venue: string
  Date: string
  Amount: number
  'Time Slot': string
  'Paid with': StudioPaidWith
  'Payment Reference': string | null
  Phone: string
}

/** The studio item bookings name as their Venue: the first one taking bookings, else null. */
export function bookableStudioItem<T extends { Name: string; Coworking?: boolean | null }>(
  items: T[],
): T | null {
  return items.find((item) => item.Coworking === true) ?? null
}

/** Whether text is one of the studio's four-hour sessions. */
export function isStudioSlot(slot: string): boolean {
  return (PRINT_STUDIO_SLOTS as readonly string[]).includes(slot)
}

/** Whether a person's details can be sent: an e-mail address, a name and a phone the server takes. */
const isCompletePerson = (person: StudioPerson): boolean => detailBlockers(person).length === 0

/**
 * Whether 'Book' and the Pay options may go: a day and a session are chosen (spec section 5), and
 * a guest has given an e-mail address, a name and a phone, each as the server takes it.
 * `guest` is null for a signed-in person, whose stored details are used.
 */
export function canBookStudio(choice: {
  day: string | null
  slot: string | null
  guest: StudioPerson | null
}): boolean {
  if (!choice.day || !choice.slot) return false
  return choice.guest === null || isCompletePerson(choice.guest)
}

/** The rebook form's rule: day and time slot chosen, and e-mail, name and phone fit to send. */
export function canRebookStudio(form: StudioPerson & { day: string | null; slot: string | null }) {
  return Boolean(form.day) && Boolean(form.slot) && isCompletePerson(form)
}

/** The booking a session sends, with trimmed details; a wallet payment names its reference. */
export function studioBooking(details: {
  person: StudioPerson
  day: string
  slot: string
  venue: string
  paidWith: StudioPaidWith
}): StudioBooking {
  return {
    Email: details.person.email.trim(),
    Name: details.person.name.trim(),
    Event: PRINT_STUDIO_EVENT,
    Type: STUDIO_BOOKING_TYPE,
    Venue: details.venue,
    Date: details.day,
    Amount: printStudioPriceKobo(),
    'Time Slot': details.slot,
    'Paid with': details.paidWith,
    'Payment Reference': walletReference(details.paidWith),
    Phone: details.person.phone.trim(),
  }
}

/** What the booked page reads from its address. */
export interface BookedStudioQuery {
  email: string
  name: string
  day: string
  time: string
  phone: string
  type: string
}

/** The guest's page after paying: /booked-printstudio?email&name&day&type=print-studio&phone&time. */
export function bookedStudioPath(details: StudioPerson & { day: string; slot: string }): string {
  const query = new URLSearchParams({
    email: details.email.trim(),
    name: details.name.trim(),
    day: details.day,
    type: STUDIO_BOOKING_TYPE,
    phone: details.phone.trim(),
    time: details.slot,
  })
  return `${BOOKED_STUDIO_PATH}?${query.toString()}`
}

/** Where the card provider sends the browser back: the booked page for a guest, else Bookings. */
export function studioCallbackUrl(
  origin: string,
  details: StudioPerson & { day: string; slot: string },
  signedIn: boolean,
): string {
  return origin + (signedIn ? BOOKINGS_PATH : bookedStudioPath(details))
}

/** Reads the booked page's query; missing values are empty text, never 'null'. */
export function readBookedStudioQuery(search: string): BookedStudioQuery {
  const text = queryReader(search)
  return {
    email: text('email'),
    name: text('name'),
    day: text('day'),
    time: text('time'),
    phone: text('phone'),
    type: text('type') || STUDIO_BOOKING_TYPE,
  }
}

/**
 * The prefilled message of "I didn't get a receipt", in words the studio reads at a glance: the
 * session (its type), day and time, and the address the receipt went to.
 */
export function studioSupportMessage(query: Pick<BookedStudioQuery, 'email' | 'day' | 'time'>) {
  const when = [query.day && `for ${dayInFull(query.day)}`, query.time && `(${query.time})`]
    .filter(Boolean)
    .join(' ')
  return [
    `Hello Sixteen, I booked a ${STUDIO_NARRATION}${when ? ` ${when}` : ''} but I didn't get a receipt.`,
    `Email: ${query.email || 'not given'}`,
    'Could you send it again, please?',
  ].join('\n')
}
