/** Co-working price per person in whole naira (entry without membership, and each paid guest). */
export const SPOT_FEE_NAIRA = 5000

/** One four-hour print studio session in whole naira. */
export const PRINT_STUDIO_PRICE_NAIRA = 30000

/** Length of a print studio session in hours. */
export const PRINT_STUDIO_HOURS = 4

/** The currency of every booking price. */
export const CURRENCY = 'NGN'

/** Whole naira (or dollars) to minor units, rounding away float noise; refuses unsafe amounts. */
export function toKobo(naira: number): number {
  const kobo = Math.round(naira * 100)
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Amount is not a usable number: ${naira}`)
  return kobo === 0 ? 0 : kobo
}

/** Co-working price in naira: non-members pay for all; a member and one guest come free. */
export function coworkingPriceNaira(extraGuests: number, isMember: boolean): number {
  if (!Number.isInteger(extraGuests) || extraGuests < 0) {
    throw new RangeError(`extraGuests must be a whole number >= 0: ${extraGuests}`)
  }
  const paying = isMember ? Math.max(extraGuests - 1, 0) : extraGuests + 1
  return paying * SPOT_FEE_NAIRA
}

/** Co-working price in kobo, as a wallet debit or card payment sends it. */
export function coworkingPriceKobo(extraGuests: number, isMember: boolean): number {
  return toKobo(coworkingPriceNaira(extraGuests, isMember))
}

/** A print studio session in kobo (3,000,000), as a wallet debit or card payment sends it. */
export function printStudioPriceKobo(): number {
  return toKobo(PRINT_STUDIO_PRICE_NAIRA)
}
