import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tz } from '@date-fns/tz'
import { addDays, format } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { eventDays } from '../../machines/rules/dates'
import { ticketPrice } from '../../machines/rules/events'
import { demoEvents } from '../../server/db/seed'

// The demo's posters are artwork with words on it: those words must not contradict the event
// they advertise. The demo is dated from today, so a poster names no weekday unless the event
// falls on the same weekdays whatever today is; its times and venue are the event's own.

const dir = fileURLToPath(new URL('../../public/images/posters/', import.meta.url))
const inLagos = { in: tz('Africa/Lagos') }

/** The words a poster prints, upper-cased, one string per <text>. */
function posterWords(file: string): string[] {
  const svg = readFileSync(`${dir}${file}`, 'utf8')
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .toUpperCase(),
  )
}

/** '7–10PM', '11AM–3PM', '7:30–11AM': a time range as the posters print it. */
function posterRange(from: string, to: string): string {
  const part = (time: string) => {
    const [h = 0, m = 0] = time.split(':').map(Number)
    const hour = h % 12 === 0 ? 12 : h % 12
    return { text: m ? `${hour}:${String(m).padStart(2, '0')}` : `${hour}`, pm: h >= 12 }
  }
  const [a, b] = [part(from), part(to)]
  const suffix = (pm: boolean) => (pm ? 'PM' : 'AM')
  return a.pm === b.pm
    ? `${a.text}–${b.text}${suffix(b.pm)}`
    : `${a.text}${suffix(a.pm)}–${b.text}${suffix(b.pm)}`
}

/** A slot as the events carry it ('12pm - 4pm', '7:30am - 11am') in the posters' form. */
function slotRange(slot: string): string {
  const to24 = (t: string) => {
    const [, h = '0', m = '00', ap = 'am'] = t.trim().match(/^(\d+)(?::(\d+))?\s*(am|pm)$/i) ?? []
    const hour = (Number(h) % 12) + (ap.toLowerCase() === 'pm' ? 12 : 0)
    return `${hour}:${m}`
  }
  const [from = '', to = ''] = slot.split('-')
  return posterRange(to24(from), to24(to))
}

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']
const SHORT = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']

/** The venue as a poster names it: without a leading 'The' or 'Meet at'. */
const venueWords = (venue: string) =>
  venue
    .toUpperCase()
    .replace(/^(THE|MEET AT)\s+/, '')
    .trim()

// Seven consecutive days as 'today', so every weekday the demo can start on is tried.
const todays = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(new Date('2026-11-24T09:00:00Z'), n))
const events = demoEvents(todays[0] as Date)

describe('the demo posters', () => {
  it('are each used by an event, and each event’s posters exist', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.svg'))
    const used = events.flatMap((event) => (event.posters ?? []).map((p) => p.url.split('/').pop()))
    expect([...new Set(used)].sort()).toEqual(files.sort())
  })

  describe.each(events.map((event) => [event.name, event] as const))('%s', (_name, event) => {
    const posters = (event.posters ?? []).map((p) => p.url.split('/').pop() as string)

    it.each(posters)('%s names the event’s venue', (file) => {
      expect(posterWords(file).join(' · ')).toContain(venueWords(event.venue ?? ''))
    })

    it.each(posters)('%s prints only the event’s times', (file) => {
      const start = format(event.startAt, 'H:mm', inLagos)
      const end = format(event.endAt, 'H:mm', inLagos)
      const allowed = [posterRange(start, end), ...(event.timeSlots ?? []).map(slotRange)]
      const printed = posterWords(file)
        .join(' · ')
        .match(/\d{1,2}(:\d\d)?(AM|PM)?–\d{1,2}(:\d\d)?(AM|PM)/g)
      expect(printed?.length ?? 0).toBeGreaterThan(0)
      for (const range of printed ?? []) expect(allowed).toContain(range)
    })

    it.each(posters)('%s names no weekday the event may not fall on', (file) => {
      const words = posterWords(file)
        .join(' ')
        .split(/[^A-Z]+/)
      const named = words.filter((w) => WEEKDAYS.some((d) => w === d || w === `${d}S`))
      expect(named).toEqual([])
      const short = words.filter((w) => SHORT.includes(w))
      if (short.length === 0) return
      // Whatever today is, the event's open days fall on exactly the weekdays printed.
      for (const today of todays) {
        const again = demoEvents(today).find((e) => e.name === event.name)
        if (!again) throw new Error(`${event.name} is missing from the demo`)
        const days = eventDays({
          StartDate: again.startAt.toISOString(),
          EndDate: again.endAt.toISOString(),
        }).map((day) => SHORT[new Date(`${day}T12:00:00Z`).getUTCDay()])
        expect(days).toEqual(short)
      }
    })

    it.each(posters)('%s promises no price the event does not have', (file) => {
      const words = posterWords(file).join(' · ')
      const price = { Price: event.priceNaira ?? 0, FriendsPrice: event.friendsPriceNaira ?? null }
      if (words.includes('FREE FOR FRIENDS OF 16')) expect(ticketPrice(price, true)).toBe(0)
      if (words.includes('FREE ENTRY')) expect(ticketPrice(price, false)).toBe(0)
    })
  })
})
