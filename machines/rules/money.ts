/**
 * A whole number >= 0 with thousands separators: '1,234'. Not Intl.NumberFormat: a page's first
 * Intl object loads the locale data, which held a phone's main thread for tens of milliseconds.
 */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',')
}

/** The symbol the product shows for a currency code: '₦' for NGN, '$' for anything else. */
export function currencySymbol(currency: string): string {
  return currency.trim().toUpperCase() === 'NGN' ? '₦' : '$'
}

/** Refuses amounts that cannot be shown exactly (NaN, Infinity, beyond safe integers). */
function checked(amount: number): number {
  const rounded = Math.round(amount)
  if (!Number.isSafeInteger(rounded))
    throw new RangeError(`Amount is not a usable number: ${amount}`)
  return rounded
}

/** A whole amount with sign and symbol, e.g. '-₦5,000'; zero never shows a minus. */
function formatWhole(whole: number, symbol: string): string {
  const amount = checked(whole)
  return `${amount < 0 ? '-' : ''}${symbol}${grouped(Math.abs(amount))}`
}

/** Shows a minor-unit amount (kobo or cents) as major units with two decimals: '₦1,234.56'. */
export function formatMinor(amountMinor: number, currency: string): string {
  const minor = checked(amountMinor)
  const abs = Math.abs(minor)
  const cents = String(abs % 100).padStart(2, '0')
  const whole = grouped((abs - (abs % 100)) / 100)
  return `${minor < 0 ? '-' : ''}${currencySymbol(currency)}${whole}.${cents}`
}

/** Shows whole naira without decimals: '₦5,000'. */
export function formatNaira(whole: number): string {
  return formatWhole(whole, '₦')
}

/** A naira price from kobo, as the event pages show prices: '₦5,000', or '₦5,000.50' with kobo. */
export function formatPrice(amountMinor: number): string {
  return amountMinor % 100 === 0 ? formatNaira(amountMinor / 100) : formatMinor(amountMinor, 'NGN')
}

/** Shows whole dollars without decimals: '$1,500'. */
export function formatDollars(whole: number): string {
  return formatWhole(whole, '$')
}
