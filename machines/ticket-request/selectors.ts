import { dayInFull } from '../rules/dates'
import type { Booking } from './machine'

/** What was booked, as the page says it: 'Poetry & Palm Wine · Thursday, November 26, 2026 · 4pm - 8pm'. */
export const bookedWhat = (booking: Booking): string =>
  [booking.Event, dayInFull(booking.Date), booking['Time Slot']].filter(Boolean).join(' · ')
