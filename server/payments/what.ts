import { sql } from 'drizzle-orm'
import { planLabel } from '../../machines/rules/profile'
import { bookings, events, type Payment, payments } from '../db/schema'
import { itemOf } from './payload'
import { itemText } from './settle'

// What a card payment was for, in one set of words: the payer's /profile/payments and the
// staff's /staff/payments say the same.

/** What an older booking payment (one whose payload says nothing of it) booked, for a select. */
export const bookedTitle = sql<string | null>`(
  SELECT coalesce(${events.name}, ${bookings.venue}) FROM ${bookings}
  LEFT JOIN ${events} ON ${events.id} = ${bookings.eventId}
  WHERE ${bookings.paymentId} = ${payments.id} ORDER BY ${bookings.createdAt} LIMIT 1
)`

/** What a card payment bought, in the words of its checkout and e-mails (its payload's item). */
export function paymentWhat(payment: Payment, booked: string | null): string {
  const item = itemOf(payment.payload)
  if (payment.purpose === 'booking') return item ? itemText(item) : (booked ?? 'A booking')
  return item?.title ?? planLabel(payment.plan)
}
