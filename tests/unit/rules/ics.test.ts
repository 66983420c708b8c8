import { describe, expect, it } from 'vitest'
import { calendarFile } from '../../../machines/rules/ics'

const entry = {
  uid: 'booking-1@sixteen',
  title: 'Rooftop Jazz; live, on the roof',
  start: new Date('2026-11-24T15:00:00Z'),
  end: new Date('2026-11-24T19:00:00Z'),
  location: '16 Akin Olugbade Street, Victoria Island, Lagos',
  description: `Your ticket.\nSee you there. ${'x'.repeat(120)}`,
  stamp: new Date('2026-11-20T08:30:00Z'),
}

describe('calendar file', () => {
  const ics = calendarFile(entry)
  const unfolded = ics.replace(/\r\n /g, '')

  it('gives Lagos wall-clock times with the zone named', () => {
    expect(unfolded).toContain('DTSTART;TZID=Africa/Lagos:20261124T160000\r\n')
    expect(unfolded).toContain('DTEND;TZID=Africa/Lagos:20261124T200000\r\n')
    expect(unfolded).toContain('DTSTAMP:20261120T083000Z\r\n')
    expect(unfolded).toContain('TZOFFSETTO:+0100')
  })

  it('escapes text and folds long lines', () => {
    expect(unfolded).toContain('SUMMARY:Rooftop Jazz\\; live\\, on the roof\r\n')
    expect(unfolded).toContain('DESCRIPTION:Your ticket.\\nSee you there.')
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length <= 75).toBe(true)
  })

  it('is one calendar with one event, CRLF-terminated', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
  })
})
