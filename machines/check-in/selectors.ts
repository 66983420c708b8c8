import type { CheckIn } from './machine'

// What the door sees of a check-in's answer: a colour a glance can read, a headline, and who
// the ticket is for.

export const isBlankCode = (code: string) => code.trim() === ''

/** Where the camera was refused, or there is none. */
export const CAMERA_UNAVAILABLE =
  "We can't use the camera. Allow it in the browser's settings and try again, or type the code."

/** Under the field when a blank code was sent. */
export const BLANK_CODE = 'Type the code printed under the QR code, or scan it.'

export type Tone = 'green' | 'red' | 'yellow'

export interface VerdictView {
  tone: Tone
  headline: string
  /** What else the door needs: when and by whom, or why not today. */
  detail: string | null
}

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso))

/** 'with 2 guests: Tobi, Kemi', or '' for a booking without extra guests. */
export function guestsLine({
  visitors,
  namesOfVisitors,
}: Pick<NonNullable<CheckIn['ticket']>, 'visitors' | 'namesOfVisitors'>): string {
  if (visitors === 0) return ''
  const who = `${visitors} ${visitors === 1 ? 'guest' : 'guests'}`
  return namesOfVisitors ? `with ${who}: ${namesOfVisitors}` : `with ${who}`
}

export function verdictView(verdict: CheckIn): VerdictView {
  switch (verdict.result) {
    case 'admitted':
      return { tone: 'green', headline: 'Admitted', detail: null }
    case 'already':
      return {
        tone: 'red',
        headline: 'Already checked in',
        detail:
          verdict.checkedInAt &&
          `At ${time(verdict.checkedInAt)}${verdict.checkedInBy ? ` by ${verdict.checkedInBy}` : ''}.`,
      }
    case 'elsewhere':
      return {
        tone: 'yellow',
        headline: 'Not for today',
        detail: 'Valid on the day it shows, not today: not checked in.',
      }
    case 'unknown':
      return {
        tone: 'red',
        headline: 'Unknown ticket',
        detail: 'No booking has this code. Check it, or ask for their name and find the booking.',
      }
  }
}
