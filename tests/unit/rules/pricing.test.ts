import { describe, expect, it } from 'vitest'
import {
  CURRENCY,
  coworkingPriceKobo,
  coworkingPriceNaira,
  PRINT_STUDIO_HOURS,
  PRINT_STUDIO_PRICE_NAIRA,
  printStudioPriceKobo,
  SPOT_FEE_NAIRA,
  toKobo,
} from '../../../machines/rules/pricing'

describe('the booking constants', () => {
  it('charge ₦5,000 a person for a spot and ₦30,000 for a four-hour print session, in NGN', () => {
    expect(SPOT_FEE_NAIRA).toBe(5000)
    expect(PRINT_STUDIO_PRICE_NAIRA).toBe(30000)
    expect(PRINT_STUDIO_HOURS).toBe(4)
    expect(CURRENCY).toBe('NGN')
  })
})

describe('coworkingPriceNaira', () => {
  it.each([
    [0, 5000],
    [1, 10000],
    [2, 15000],
    [3, 20000],
  ])(
    'charges a non-member with %i extra guests ₦%i (themselves plus every guest)',
    (guests, price) => {
      expect(coworkingPriceNaira(guests, false)).toBe(price)
    },
  )

  it.each([
    [0, 0],
    [1, 0],
    [2, 5000],
    [3, 10000],
  ])(
    'charges an active member with %i extra guests ₦%i (self and one guest free)',
    (guests, price) => {
      expect(coworkingPriceNaira(guests, true)).toBe(price)
    },
  )

  it('refuses a negative or fractional number of guests', () => {
    expect(() => coworkingPriceNaira(-1, false)).toThrow(RangeError)
    expect(() => coworkingPriceNaira(1.5, true)).toThrow(RangeError)
    expect(() => coworkingPriceNaira(Number.NaN, true)).toThrow(RangeError)
  })

  it('gives the wallet debit in kobo: two extra guests for a non-member is 1,500,000 kobo', () => {
    expect(coworkingPriceKobo(2, false)).toBe(1_500_000)
    expect(coworkingPriceKobo(1, true)).toBe(0)
  })
})

describe('printStudioPriceKobo', () => {
  it('is 3,000,000 kobo (₦30,000)', () => {
    expect(printStudioPriceKobo()).toBe(3_000_000)
  })
})

describe('toKobo', () => {
  it('multiplies naira by 100 into whole kobo', () => {
    expect(toKobo(5000)).toBe(500_000)
    expect(toKobo(0)).toBe(0)
  })

  it('rounds away floating-point noise', () => {
    expect(toKobo(0.29)).toBe(29)
    expect(toKobo(1234.56)).toBe(123_456)
    expect(Object.is(toKobo(-0), 0)).toBe(true)
  })

  it('refuses amounts that are not usable numbers', () => {
    expect(() => toKobo(Number.NaN)).toThrow(RangeError)
    expect(() => toKobo(Number.POSITIVE_INFINITY)).toThrow(RangeError)
    expect(() => toKobo(Number.MAX_SAFE_INTEGER)).toThrow(RangeError)
  })
})
