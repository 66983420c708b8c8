import { describe, expect, it } from 'vitest'
import { clockMinutes, parseSlot, slotInstants } from '../../../machines/rules/slots'

describe('time slots', () => {
  it('reads the clock times the product writes', () => {
    expect(clockMinutes('12pm')).toBe(12 * 60)
    expect(clockMinutes('12am')).toBe(0)
    expect(clockMinutes('4:30pm')).toBe(16 * 60 + 30)
    expect(clockMinutes('10 AM')).toBe(600)
    expect(clockMinutes('13pm')).toBeNull()
    expect(clockMinutes('noon')).toBeNull()
  })

  it('parses a slot and refuses one that ends before it starts', () => {
    expect(parseSlot('12pm - 4pm')).toEqual({ start: 720, end: 960 })
    expect(parseSlot('4pm – 8pm')).toEqual({ start: 960, end: 1200 })
    expect(parseSlot('8pm - 4pm')).toBeNull()
    expect(parseSlot('All day')).toBeNull()
  })

  it('places a slot on the Lagos calendar whatever the machine time zone', () => {
    expect(slotInstants('2026-11-24', '12pm - 4pm')).toEqual({
      start: new Date('2026-11-24T11:00:00Z'),
      end: new Date('2026-11-24T15:00:00Z'),
    })
    expect(slotInstants('2026-11-24', 'whenever')).toBeNull()
  })
})
