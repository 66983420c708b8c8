import type { components } from '../../openapi/schema'
import { dayInFull, whenInFull } from './dates'

// What a waitlist entry says of itself, on its page and where a person joins.

/** A waitlist entry as these rules read it (the contract's WaitlistEntry). */
interface WaitlistEntry {
  status: components['schemas']['WaitlistStatus']
  position: number | null
  date: string
  timeSlot: string | null
  offerExpiresAt: string | null
}

/** 'Friday, December 4, 2026 · 7pm - 11pm': the day and slot waited for. */
export function placeLine(entry: Pick<WaitlistEntry, 'date' | 'timeSlot'>): string {
  return [dayInFull(entry.date), entry.timeSlot].filter(Boolean).join(' · ')
}

/** '9:30pm on Saturday, November 28, 2026': when an offer ends. */
export function offerEndsLine(entry: Pick<WaitlistEntry, 'offerExpiresAt'>): string {
  if (!entry.offerExpiresAt) return ''
  return whenInFull(entry.offerExpiresAt)
}

/** Where they stand, in a sentence. */
export function standingLine(entry: WaitlistEntry): string {
  switch (entry.status) {
    case 'waiting':
      return entry.position === 1
        ? "You're next in line. If a place frees up, it's yours to book first: we'll e-mail you."
        : `You're number ${entry.position} in line. If places free up, we'll e-mail you when it's your turn.`
    case 'offered':
      return `A place is held for you until ${offerEndsLine(entry)}. After that it goes to the next person waiting.`
    case 'booked':
      return "You're booked. Your ticket is in your e-mail."
    case 'left':
      return "You left the waitlist. If you change your mind and it's still full, you can join again from the event's page."
    default:
      return 'The place held for you was not booked in time, so it went to the next person waiting.'
  }
}
