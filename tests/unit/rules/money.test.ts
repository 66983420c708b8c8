import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  currencySymbol,
  formatDollars,
  formatMinor,
  formatNaira,
  formatPrice,
} from '../../../machines/rules/money'

describe('formatMinor', () => {
  it('shows kobo as naira with two decimals and thousands separators', () => {
    expect(formatMinor(123456, 'NGN')).toBe('₦1,234.56')
    expect(formatMinor(3_000_000, 'NGN')).toBe('₦30,000.00')
    expect(formatMinor(100_000_000_000, 'NGN')).toBe('₦1,000,000,000.00')
  })

  it('shows small amounts with leading zeros', () => {
    expect(formatMinor(5, 'NGN')).toBe('₦0.05')
    expect(formatMinor(100, 'NGN')).toBe('₦1.00')
  })

  it('shows zero as ₦0.00, never with a minus sign', () => {
    expect(formatMinor(0, 'NGN')).toBe('₦0.00')
    expect(formatMinor(-0, 'NGN')).toBe('₦0.00')
  })

  it('puts the minus sign before the symbol', () => {
    expect(formatMinor(-5000, 'NGN')).toBe('-₦50.00')
    expect(formatMinor(-123456, 'USD')).toBe('-$1,234.56')
  })

  it('uses $ for any currency other than NGN', () => {
    expect(formatMinor(150_000, 'USD')).toBe('$1,500.00')
    expect(formatMinor(150_000, 'EUR')).toBe('$1,500.00')
    expect(currencySymbol('ngn')).toBe('₦')
  })

  it('refuses amounts that are not numbers', () => {
    expect(() => formatMinor(Number.NaN, 'NGN')).toThrow(RangeError)
  })
})

describe('formatNaira and formatDollars', () => {
  it('show whole amounts without decimals', () => {
    expect(formatNaira(5000)).toBe('₦5,000')
    expect(formatNaira(2_400_000)).toBe('₦2,400,000')
    expect(formatDollars(1500)).toBe('$1,500')
    expect(formatDollars(150)).toBe('$150')
  })

  it('show zero and negative amounts', () => {
    expect(formatNaira(0)).toBe('₦0')
    expect(formatNaira(-5000)).toBe('-₦5,000')
    expect(formatDollars(-1500)).toBe('-$1,500')
  })
})

describe('thousands separators', () => {
  it("are Intl's en-US grouping for every safe whole amount", () => {
    const reference = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
    fc.assert(
      fc.property(fc.maxSafeInteger(), (whole) => {
        expect(formatNaira(whole)).toBe(
          `${whole < 0 ? '-' : ''}₦${reference.format(Math.abs(whole))}`,
        )
      }),
      { numRuns: 2000 },
    )
    expect(formatNaira(999)).toBe('₦999')
    expect(formatNaira(1000)).toBe('₦1,000')
    expect(formatMinor(123_456_789, 'NGN')).toBe('₦1,234,567.89')
  })
})

describe('formatPrice', () => {
  it('shows a price from kobo as the event pages do: whole naira, kobo only when it has any', () => {
    expect(formatPrice(500_000)).toBe('₦5,000')
    expect(formatPrice(500_050)).toBe('₦5,000.50')
    expect(formatPrice(0)).toBe('₦0')
  })
})
