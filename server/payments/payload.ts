import type { BookingInput } from '../bookings/quote'

/** What a payment buys, in words: for the checkout page, receipts and the refund e-mail. */
export interface PaymentItem {
  title: string
  /** The Lagos day booked, 'yyyy-MM-dd'. */
  date: string | null
  timeSlot: string | null
  venue: string | null
  /** The booker and their extra guests. */
  places: number
}

/** A booking payment's payload: the booking as asked for, and what it buys. */
export interface BookingPayload {
  booking: BookingInput
  item: PaymentItem
}

/** The item of a payment's payload, if it has one (older and demo payments may not). */
export function itemOf(payload: Record<string, unknown> | null | undefined): PaymentItem | null {
  const item = payload?.item as Partial<PaymentItem> | undefined
  if (!item || typeof item.title !== 'string') return null
  return {
    title: item.title,
    date: typeof item.date === 'string' ? item.date : null,
    timeSlot: typeof item.timeSlot === 'string' ? item.timeSlot : null,
    venue: typeof item.venue === 'string' ? item.venue : null,
    places: typeof item.places === 'number' ? item.places : 1,
  }
}
