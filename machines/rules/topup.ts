/** The smallest wallet top-up, in whole naira. */
export const MIN_TOPUP = 1000

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
