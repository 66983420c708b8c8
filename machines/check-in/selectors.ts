import { placesOf } from '../rules/bookings'
import { dayInFull, formatTime, whenInFull } from '../rules/dates'
import { ticketCodeProblem } from '../rules/ticket-code'
import type { CheckIn } from './machine'
import type { DecidedBy, PartyAtDoor } from './offline'

// What the door sees of a check-in's answer: a colour a glance can read, a headline, and who
// the ticket is for.

export const isBlankCode = (code: string) => code.trim() === ''

/** Where the camera was refused, or there is none. */
export const CAMERA_UNAVAILABLE =
  "We can't use the camera. Allow it in the browser's settings and try again, or type the code."

/** Where the scanner's own code could not come (no connection): the camera is not to blame. */
export const SCANNER_UNLOADED =
  "The scanner couldn't load: there is no connection. Type the code, or try the camera again once you're online."

/** Under the field when a blank code was sent. */
export const BLANK_CODE = 'Type the code printed under the QR code, or scan it.'

/** What is wrong with a typed code, under the field; null when it can be sent. */
export const codeProblem = (code: string): string | null =>
  isBlankCode(code) ? BLANK_CODE : ticketCodeProblem(code)

export type Tone = 'green' | 'red' | 'yellow'

export interface VerdictView {
  tone: Tone
  headline: string
  /** What else the door needs: when and by whom, or why not today. */
  detail: string | null
  /** The ticket's day, where it is not today's. */
  showDay: boolean
}

/** 'with 2 guests: Tobi, Kemi', or '' for a booking without extra guests. */
export function guestsLine({
  visitors,
  namesOfVisitors,
}: Pick<NonNullable<CheckIn['ticket']>, 'visitors' | 'namesOfVisitors'>): string {
  if (visitors === 0) return ''
  const who = `${visitors} ${visitors === 1 ? 'guest' : 'guests'}`
  return namesOfVisitors ? `with ${who}: ${namesOfVisitors}` : `with ${who}`
}

/** The ticket's day, as its receipt and its page say it: 'Friday, November 27, 2026'. */
export const ticketDay = (ticket: Pick<NonNullable<CheckIn['ticket']>, 'date'>) =>
  dayInFull(ticket.date)

/** '2 hours ago', '25 minutes ago': how long before `now` an instant was. */
function agoWords(then: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(then)) / 60_000))
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  return `${hours} hour${hours === 1 ? '' : 's'} ago`
}

const NOT_IN = 'not checked in.'

/** Over the answer the phone decided itself: the server has not seen the scan yet. */
export const NOT_YET_SENT = 'Not yet sent'

/**
 * The mark over an answer the phone decided itself, and the line under it (why, and what
 * happens next); null for the server's. `queued`: its scan still waits to be sent.
 */
export function decidedNote(
  verdict: CheckIn,
  by: DecidedBy,
  queued: boolean,
): { mark: string; line: string } | null {
  if (by === 'server') return null
  if (verdict.result !== 'admitted') {
    return {
      mark: 'Decided on this phone',
      line: 'No answer from the server: the phone decided from its list.',
    }
  }
  return queued
    ? {
        mark: NOT_YET_SENT,
        line: 'No answer from the server: the phone decided, and sends it when it can.',
      }
    : { mark: 'Sent', line: 'Decided on this phone; the server has it now.' }
}

export interface CountView {
  question: string
  /** The party, and who of it is in already. */
  detail: string
  /** What the door can answer: all of those still to come first, then each smaller number. */
  choices: { places: number; label: string }[]
}

/** The door's question before a party comes in: how many of those still to come are here now. */
export function countView({ party, placesIn }: PartyAtDoor): CountView {
  const left = party - placesIn
  return {
    question: 'How many are coming in now?',
    detail:
      placesIn === 0 ? `A party of ${party}.` : `A party of ${party}: ${placesIn} in already.`,
    choices: [
      { places: left, label: placesIn === 0 ? `All ${left}` : `The other ${left}` },
      ...Array.from({ length: left - 1 }, (_, i) => ({ places: i + 1, label: `${i + 1}` })),
    ],
  }
}

/**
 * For a party let in part or its rest: 'Admitted: 2 of 4 in' and who is still to come; null for
 * a guest alone or a party let in whole.
 */
function partyAdmitted(verdict: CheckIn): { headline: string; detail: string } | null {
  const party = verdict.ticket ? placesOf(verdict.ticket) : 1
  const { placesIn, placesAdmitted } = verdict
  if (party === 1 || placesAdmitted >= party) return null
  const left = party - placesIn
  return {
    headline: `Admitted: ${placesIn} of ${party} in`,
    detail:
      left > 0
        ? `${left} still to come: scan the ticket again when they arrive.`
        : `The last ${placesAdmitted === 1 ? 'one' : placesAdmitted} of the party: all ${party} are in.`,
  }
}

export function verdictView(verdict: CheckIn, by: DecidedBy = 'server'): VerdictView {
  if (verdict.result === 'already' && by === 'this phone' && verdict.checkedInAt) {
    return {
      tone: 'red',
      headline: 'Already checked in',
      detail: `At ${formatTime(verdict.checkedInAt)} on this phone.`,
      showDay: false,
    }
  }
  switch (verdict.result) {
    case 'admitted': {
      const party = partyAdmitted(verdict)
      // A late guest: what they came for is over, which the door may want to tell them.
      const late =
        verdict.endedAt && verdict.checkedInAt
          ? `Note: it ended at ${formatTime(verdict.endedAt)}, ${agoWords(verdict.endedAt, verdict.checkedInAt)}.`
          : null
      return {
        tone: 'green',
        headline: party?.headline ?? 'Admitted',
        detail: [party?.detail, late].filter(Boolean).join(' ') || null,
        showDay: false,
      }
    }
    case 'already':
      return {
        tone: 'red',
        headline: 'Already checked in',
        detail:
          verdict.checkedInAt &&
          `At ${formatTime(verdict.checkedInAt)}${verdict.checkedInBy ? ` by ${verdict.checkedInBy}` : ''}.`,
        showDay: false,
      }
    case 'elsewhere':
      return {
        tone: 'yellow',
        headline: 'Not for today',
        detail: 'Valid on the day it shows, not today: not checked in.',
        showDay: true,
      }
    case 'cancelled':
      return {
        tone: 'red',
        headline: 'Cancelled',
        detail: verdict.cancelledAt
          ? `Cancelled at ${whenInFull(verdict.cancelledAt)}: ${NOT_IN}`
          : `This booking was cancelled: ${NOT_IN}`,
        showDay: true,
      }
    case 'refunded':
      return {
        tone: 'red',
        headline: 'Refunded',
        detail: `${
          verdict.refundedAt
            ? `Refunded at ${whenInFull(verdict.refundedAt)}`
            : 'Its payment was refunded'
        }${verdict.refundedBy ? ` by ${verdict.refundedBy}` : ''}: ${NOT_IN} Find the booking to see why.`,
        showDay: false,
      }
    case 'unknown':
      return {
        tone: 'red',
        headline: 'Unknown ticket',
        detail: 'No booking has this code. Check it, or ask for their name and find the booking.',
        showDay: false,
      }
  }
}
