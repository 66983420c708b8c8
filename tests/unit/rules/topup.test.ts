import { describe, expect, it } from 'vitest'
import {
  canTopUp,
  formatTopUpInput,
  isTopUpMinor,
  MIN_TOPUP,
  MIN_TOPUP_MINOR,
  parseTopUp,
  topUpAmountMinor,
} from '../../../machines/rules/topup'

describe('parseTopUp', () => {
  it('keeps only the digits typed', () => {
    expect(parseTopUp('1,000abc')).toBe(1000)
    expect(parseTopUp('₦ 2,500')).toBe(2500)
    expect(parseTopUp('0001000')).toBe(1000)
    expect(parseTopUp('0')).toBe(0)
  })

  it('gives null when no digit was typed', () => {
    expect(parseTopUp('')).toBeNull()
    expect(parseTopUp('abc')).toBeNull()
    expect(parseTopUp(' , ')).toBeNull()
  })

  it('gives null for a number too large to handle exactly', () => {
    expect(parseTopUp('99999999999999999999')).toBeNull()
  })
})

describe('formatTopUpInput', () => {
  it('shows the digits grouped by thousands', () => {
    expect(formatTopUpInput('1234567')).toBe('1,234,567')
    expect(formatTopUpInput('1,000abc')).toBe('1,000')
    expect(formatTopUpInput('999')).toBe('999')
    expect(formatTopUpInput('0012345')).toBe('12,345')
    expect(formatTopUpInput('0')).toBe('0')
  })

  it('shows nothing when no digit was typed', () => {
    expect(formatTopUpInput('abc')).toBe('')
    expect(formatTopUpInput('')).toBe('')
  })

  it('reads back as the same amount', () => {
    expect(parseTopUp(formatTopUpInput('12a34b567'))).toBe(1_234_567)
  })
})

describe('canTopUp', () => {
  it(`enables Top Up from ${MIN_TOPUP} upwards`, () => {
    expect(MIN_TOPUP).toBe(1000)
    expect(canTopUp(1000)).toBe(true)
    expect(canTopUp(250_000)).toBe(true)
  })

  it('keeps Top Up disabled below the minimum or when empty', () => {
    expect(canTopUp(999)).toBe(false)
    expect(canTopUp(0)).toBe(false)
    expect(canTopUp(null)).toBe(false)
    expect(canTopUp(parseTopUp(''))).toBe(false)
    expect(canTopUp(parseTopUp('9,99'))).toBe(false)
    expect(canTopUp(parseTopUp('1,000abc'))).toBe(true)
  })
})

describe('top-up amounts in minor units', () => {
  it('the minimum of 1000 naira is 100000 kobo', () => {
    expect(MIN_TOPUP).toBe(1000)
    expect(MIN_TOPUP_MINOR).toBe(100_000)
  })

  it('sends whole naira as kobo', () => {
    expect(topUpAmountMinor(5000)).toBe(500_000)
    expect(topUpAmountMinor(1234)).toBe(123_400)
  })

  it('accepts 100000 kobo and more, refuses less or a fraction', () => {
    expect(isTopUpMinor(100_000)).toBe(true)
    expect(isTopUpMinor(100_001)).toBe(true)
    expect(isTopUpMinor(99_999)).toBe(false)
    // 1000 in minor units is only ten naira.
    expect(isTopUpMinor(1000)).toBe(false)
    expect(isTopUpMinor(100_000.5)).toBe(false)
  })
})
