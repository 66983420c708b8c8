import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Currency } from '../db/schema'
import { HttpError } from '../http/http-error'

/** What we ask a card provider to charge; the customer pays on the provider's own page. */
export interface InitializeInput {
  /** Ours, unique per payment: the provider files the charge under it. */
  reference: string
  email: string
  amountMinor: number
  currency: Currency
  /** Where the provider sends the browser back, with `?reference=` (absolute, on our site). */
  callbackUrl: string
  /** Shown or kept by the provider: what is bought, for whom. */
  metadata: Record<string, unknown>
}

export interface Initialized {
  /** The provider's checkout page for this payment; the browser goes there. */
  authorizationUrl: string
  accessCode: string
}

/** A payment's state as the provider knows it; 'pending' is anything not yet final. */
export type ProviderStatus = 'pending' | 'success' | 'failed' | 'abandoned'

export interface Verified {
  status: ProviderStatus
  /** What the provider actually charged, in minor units. */
  amountMinor: number
  currency: string
  /** How it was paid ('card', 'bank_transfer', ...), when known. */
  channel: string | null
}

/** What a provider said to a refund: it took it now, or had taken it before. */
export type RefundAnswer = 'refunded' | 'already-refunded'

/** A card provider: the sandbox checkout of our own, or Paystack. */
export interface PaymentProvider {
  name: 'sandbox' | 'paystack'
  initialize(input: InitializeInput): Promise<Initialized>
  /** The provider's own word on a payment: never trust a webhook body alone. */
  verify(reference: string): Promise<Verified>
  /**
   * Returns money the provider took for a payment. Safe to repeat: a payment the provider has
   * already refunded answers 'already-refunded' (a resend after a crash), never a second refund.
   * Throws when the provider does not take the refund (down, or refusing it for now).
   */
  refund(reference: string, amountMinor: number): Promise<RefundAnswer>
  /** Whether a webhook's raw body carries the provider's signature (`x-paystack-signature`). */
  isSignedWebhook(rawBody: Buffer, signature: string | undefined): boolean
}

/** How the server picks its provider: the sandbox unless a Paystack secret key is set. */
export type PaymentsOptions =
  | {
      provider: 'sandbox'
      /** Signs the sandbox's webhooks; a fixed development value unless set. */
      webhookSecret?: string
    }
  | {
      provider: 'paystack'
      secretKey: string
      /** Paystack's API address; tests point it at a local fake. */
      baseUrl?: string
    }

export const DEFAULT_SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-for-development-only'
export const DEFAULT_PAYSTACK_BASE_URL = 'https://api.paystack.co'

/** The provider's failure, as the caller sees it: try again later. */
export const providerUnavailable = () =>
  new HttpError(502, 'The payment provider did not answer. Please try again.')

/** Paystack's webhook signature: HMAC-SHA512 of the raw body, hex. */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex')
}

/** Compares a webhook's signature with the expected one in constant time. */
export function hasValidSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'hex')
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
