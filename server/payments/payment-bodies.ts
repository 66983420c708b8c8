import { randomBytes } from 'node:crypto'
import type { components } from '../../openapi/schema'
import type { BookingInput } from '../bookings/quote'
import type { Payment as PaymentRow, RefundStatus } from '../db/schema'
import { badRequest } from '../http/http-error'
import { paymentWhat } from './what'

type PaymentBody = components['schemas']['Payment']
type PaymentInitiation = components['schemas']['PaymentInitiation']

const RFC4648 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A reference nobody can guess: 'SXT-' and 16 base32 characters (80 random bits). */
export function newReference(): string {
  const bytes = randomBytes(10)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += RFC4648[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return `SXT-${out}`
}

/**
 * The callback as an absolute address on the site's origin (PUBLIC_URL's): a path ('/...') is
 * resolved against it, an absolute address must already be on it. The request's Host and
 * X-Forwarded-Host never choose it: anything else could send the browser, and its payment
 * reference, to someone else's site.
 */
export function callbackAddress(raw: string, site: string): string {
  const origin = new URL(site).origin
  const refused = () =>
    badRequest(
      `The return address must be on ${origin}: a path such as /event/rooftop-jazz, or an address starting ${origin}/.`,
    )
  const isPath = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')
  if (!isPath && !/^https?:\/\//i.test(raw)) throw refused()
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    throw refused()
  }
  if (url.origin !== origin || url.username || url.password) throw refused()
  return url.href
}

export const isBookingInput = (booking: PaymentInitiation['booking']): booking is BookingInput =>
  'Type' in booking && booking.Type !== 'wallet-topup'

type MembershipPurchase = components['schemas']['MembershipPurchase']

export const isMembershipPurchase = (
  booking: PaymentInitiation['booking'],
): booking is MembershipPurchase => !('Type' in booking) && 'Reference' in booking

/** A wallet top-up: Plan 'topup', a wallet, or a wallet-topup booking (all three are required). */
export const isTopUp = (
  payment: PaymentInitiation['payment'],
  booking: PaymentInitiation['booking'],
) =>
  payment.Plan === 'topup' ||
  payment.walletId !== undefined ||
  ('Type' in booking && booking.Type === 'wallet-topup')

/** A payment as its owner sees it; `refund`: its refund's state in the queue, null when none. */
export function toPayment(
  row: PaymentRow,
  refund: RefundStatus | null = null,
  booked: string | null = null,
): PaymentBody {
  return {
    id: row.id,
    Reference: row.reference,
    Plan: row.plan,
    Purpose: row.purpose,
    For: paymentWhat(row, booked),
    Currency: row.currency,
    Channel: row.channel,
    Amount: row.amountMinor,
    'Created at': row.createdAt.toISOString(),
    Status: row.status,
    Refund: refund,
  }
}
