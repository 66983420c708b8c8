import { toKobo } from './pricing'

/**
 * The smallest wallet top-up, in whole naira: what people type and read ('minimum 1000' in the
 * spec is naira, as the amount field takes whole naira).
 */
export const MIN_TOPUP = 1000

/**
 * The same minimum in minor units (kobo), as the contract's `Amount` carries it: ₦1,000 is
 * 100000 kobo. The server refuses any top-up below it.
 */
export const MIN_TOPUP_MINOR = toKobo(MIN_TOPUP)

/** The `Amount` a top-up of this many whole naira sends: minor units (kobo). */
export function topUpAmountMinor(naira: number): number {
  return toKobo(naira)
}

/** Whether an amount in minor units (kobo) is a top-up the server accepts. */
export function isTopUpMinor(amountMinor: number): boolean {
  return Number.isSafeInteger(amountMinor) && amountMinor >= MIN_TOPUP_MINOR
}

/** The digits typed, without leading zeros (a lone '0' stays). */
function digitsOf(input: string): string {
  const digits = input.replace(/\D/g, '')
  return digits === '' ? '' : digits.replace(/^0+(?=\d)/, '')
}

/** The top-up amount typed, in whole naira: every non-digit dropped; null when nothing usable. */
export function parseTopUp(input: string): number | null {
  const digits = digitsOf(input)
  if (digits === '') return null
  const amount = Number(digits)
  return Number.isSafeInteger(amount) ? amount : null
}

/** How the amount field shows what was typed: digits only, grouped by thousands ('1,234,567'). */
export function formatTopUpInput(input: string): string {
  return digitsOf(input).replace(/\B(?=(\d{3})+$)/g, ',')
}

/** Whether Top Up is enabled: an amount of at least MIN_TOPUP. */
export function canTopUp(amount: number | null): boolean {
  return amount !== null && Number.isSafeInteger(amount) && amount >= MIN_TOPUP
}
