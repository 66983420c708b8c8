import { LAGOS_TZ } from './dates'

/** What an 'Add to calendar' file describes. */
export interface CalendarEntry {
  /** Stable id, so re-importing the same booking updates it instead of adding a copy. */
  uid: string
  title: string
  start: Date
  end: Date
  location: string
  description: string
  /** When the file was made (DTSTAMP). */
  stamp: Date
}

/** Lagos is UTC+1 all year (no daylight saving), so its wall clock is UTC plus an hour. */
const LAGOS_OFFSET_MS = 60 * 60_000

const pad = (n: number) => String(n).padStart(2, '0')

/** 20261124T160000: the wall-clock time in Lagos. */
function lagosStamp(instant: Date): string {
  const d = new Date(instant.getTime() + LAGOS_OFFSET_MS)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`
}

/** 20261124T150000Z */
function utcStamp(instant: Date): string {
  return `${lagosStamp(new Date(instant.getTime() - LAGOS_OFFSET_MS))}Z`
}

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
function escapeText(text: string): string {
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r?\n/g, '\\n')
}

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 section 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const length = new TextEncoder().encode(char).length
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += length
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** An iCalendar file with one event, in Africa/Lagos time. */
export function calendarFile(entry: CalendarEntry): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sixteen//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${LAGOS_TZ}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'TZNAME:WAT',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${escapeText(entry.uid)}`,
    `DTSTAMP:${utcStamp(entry.stamp)}`,
    `DTSTART;TZID=${LAGOS_TZ}:${lagosStamp(entry.start)}`,
    `DTEND;TZID=${LAGOS_TZ}:${lagosStamp(entry.end)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    `LOCATION:${escapeText(entry.location)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
