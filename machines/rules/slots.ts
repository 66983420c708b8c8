import { dayStart } from './dates'

/** Co-working opening hours, Tuesday to Sunday (Mondays closed). */
export const COWORKING_HOURS = '10am - 10pm'

/** The print studio's four-hour sessions inside opening hours, each one place per person. */
export const PRINT_STUDIO_SLOTS = ['10am - 2pm', '2pm - 6pm', '6pm - 10pm'] as const

/** What a print-studio booking names as its event (the spec's 'Visit'). */
export const PRINT_STUDIO_EVENT = 'Visit'

/** Minutes after midnight of a clock time written the product's way: '12pm', '4:30pm', '10am'. */
export function clockMinutes(text: string): number | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*$/i.exec(text)
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2] ?? 0)
  if (hours < 1 || hours > 12 || minutes > 59) return null
  const pm = match[3]?.toLowerCase() === 'p'
  return ((hours % 12) + (pm ? 12 : 0)) * 60 + minutes
}

/** A slot such as '12pm - 4pm' as minutes after midnight; null when it is not a time range. */
export function parseSlot(slot: string): { start: number; end: number } | null {
  const parts = slot.split(/\s*[-–—]\s*/)
  if (parts.length !== 2) return null
  const start = clockMinutes(parts[0] ?? '')
  const end = clockMinutes(parts[1] ?? '')
  if (start === null || end === null || end <= start) return null
  return { start, end }
}

/** The instants a slot covers on a Lagos day; null when the slot is not a time range. */
export function slotInstants(day: string, slot: string): { start: Date; end: Date } | null {
  const range = parseSlot(slot)
  if (!range) return null
  const midnight = dayStart(day).getTime()
  return {
    start: new Date(midnight + range.start * 60_000),
    end: new Date(midnight + range.end * 60_000),
  }
}
