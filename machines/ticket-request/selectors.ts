import { longDay } from '../rules/rsvp'
import type { Booking } from './machine'

/** What was booked, as the page says it: 'Poetry & Palm Wine · Thursday, November 26 · 4pm - 8pm'. */
export const bookedWhat = (booking: Booking): string =>
  [booking.Event, longDay(booking.Date), booking['Time Slot']].filter(Boolean).join(' · ')
