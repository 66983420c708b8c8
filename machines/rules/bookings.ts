import type { components } from '../../openapi/schema'
import { addDaysToDay, fullDay, lagosDay, shortDay, shortWeekdayDay } from './dates'
import { formatMinor } from './money'

/** How a booking was paid, as the contract names it: a literal it lacks does not compile. */
export type PaidWith = components['schemas']['PaidWith']

/** As the server stores it: also 'waitlist', a place held for someone offered it, paid by no one. */
export type StoredPaidWith = PaidWith | 'waitlist'

/** The places a booking takes, its party at the door: its booker and each extra guest. */
export const placesOf = (booking: { visitors: number }) => 1 + booking.visitors

/** The signed-in person's bookings: where a card payment returns them, and 'View Bookings'. */
export const BOOKINGS_PATH = '/profile/bookings'

/** The server's word for a booking refused because no place is left (409). */
export const SOLD_OUT = 'Sold out'

/**
 * Whether a refusal (409) is for want of places. Another 409 (e.g. the person already holds this
 * booking) is said in the server's own words by the panels.
 */
export function isSoldOutRefusal(status: number | null, message: string | null): boolean {
  return status === 409 && (!message?.trim() || message.trim() === SOLD_OUT)
}

/** The server's word for a second booking of what the person already holds (409, with it). */
export const ALREADY_BOOKED = "You're already booked for this"

/** The booking a refusal says the person already holds, when that is the refusal. */
export function heldBookingOf(
  status: number | null,
  message: string | null,
  data: unknown,
): { Date: string; 'Time Slot'?: string | null } | null {
  if (status !== 409 || message?.trim() !== ALREADY_BOOKED) return null
  if (!data || typeof data !== 'object' || typeof (data as { Date?: unknown }).Date !== 'string') {
    return null
  }
  return data as { Date: string; 'Time Slot'?: string | null }
}

/**
 * A second booking of the same thing, said with what is held (docs/decisions/015): 'You're
 * already booked for this: Wednesday, November 25, 7pm - 10pm. To bring someone, book with their
 * e-mail.'
 */
export function alreadyBookedText(held: { Date: string; 'Time Slot'?: string | null }): string {
  const when = [fullDay(held.Date), held['Time Slot']].filter(Boolean).join(', ')
  return `${ALREADY_BOOKED}: ${when}. To bring someone, book with their e-mail.`
}

/** Whether a panel's message is the one of a booking already held (it then links to it). */
export const isAlreadyBookedText = (message: string) => message.startsWith(`${ALREADY_BOOKED}:`)

/** The Payment Reference of a booking paid from a wallet. */
export const WALLET_REFERENCE = 'Wallet transaction'

/** The card providers: a booking paid so is refunded to the card (app and server alike). */
const CARD_PROVIDERS: readonly PaidWith[] = ['paystack', 'sandbox']

/** Whether a booking was paid by card, through whichever provider took it. */
export const isCardPayment = (paidWith: StoredPaidWith) =>
  (CARD_PROVIDERS as readonly StoredPaidWith[]).includes(paidWith)

/** Whether a booking was paid from a wallet, the person's or their community's. */
export const isWalletPayment = (
  paidWith: StoredPaidWith,
): paidWith is 'wallet' | 'community-wallet' =>
  paidWith === 'wallet' || paidWith === 'community-wallet'

/** A wallet payment names its reference; other payments (card, free) have none of their own. */
export function walletReference(paidWith: PaidWith): typeof WALLET_REFERENCE | null {
  return isWalletPayment(paidWith) ? WALLET_REFERENCE : null
}

/** Where a booking stands, as the front desk reads it. */
export const BOOKING_STATUS_LABELS: Record<'confirmed' | 'held' | 'cancelled', string> = {
  confirmed: 'Confirmed',
  held: 'Waiting for payment',
  cancelled: 'Cancelled',
}

/** What a booking is for, as people read it. */
export function bookingTypeLabel(type: string): string {
  if (type === 'event') return 'Event'
  if (type === 'spot') return 'Co-working'
  if (type === 'print-studio') return 'Print studio'
  return type
}

/**
 * A booking's day ('yyyy-MM-dd', a Lagos calendar day): 'Today', 'Tomorrow', 'Yesterday', else
 * 'Sat, Nov 22', with the year when it is not this year in Lagos.
 */
export function bookingDayLabel(day: string, now: Date): string {
  const today = lagosDay(now)
  if (day === today) return 'Today'
  if (day === addDaysToDay(today, 1)) return 'Tomorrow'
  if (day === addDaysToDay(today, -1)) return 'Yesterday'
  return shortWeekdayDay(day, today.slice(0, 4))
}

/** How a booking was paid, as people read it; the card providers all read 'Card'. */
const PAID_WITH_LABELS: Record<PaidWith, string> = {
  free: 'Free',
  membership: 'Membership',
  wallet: 'Wallet',
  'community-wallet': 'Community wallet',
  paystack: 'Card',
  sandbox: 'Card',
}

/** How a booking was paid, as people read it: 'Card', 'Wallet', 'Free'. */
export const paidWithLabel = (paidWith: PaidWith): string => PAID_WITH_LABELS[paidWith]

/** What a booking cost: 'Free' for nothing, else naira from kobo ('₦8,000.00'). */
export function bookingAmountLabel(amountKobo: number): string {
  return amountKobo <= 0 ? 'Free' : formatMinor(amountKobo, 'NGN')
}

/** A booking's status; a held one waits for its card payment. */
export function bookingStatusLabel(status: string): string {
  if (status === 'held') return 'Awaiting payment'
  if (status === 'cancelled') return 'Cancelled'
  return 'Confirmed'
}

/** 'Just you', or 'You + 2 guests: Tolu, Ngozi'. */
export function guestsLabel(visitors: number, names: string | null | undefined): string {
  if (visitors <= 0) return 'Just you'
  const count = `You + ${visitors} ${visitors === 1 ? 'guest' : 'guests'}`
  const named = (names ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return named.length ? `${count}: ${named.join(', ')}` : count
}

/** The day of the month and the short month of a booking's day, for its date stub: '22', 'Nov'. */
export function dayStub(day: string): { date: string; month: string } {
  const [month = '', date = ''] = shortDay(day).split(' ')
  return { date, month }
}
