import {
  DEFAULT_PAYSTACK_BASE_URL,
  hasValidSignature,
  type PaymentProvider,
  type ProviderStatus,
  providerUnavailable,
} from './provider'

/** How long one call to Paystack may take before the caller is told to try again. */
const TIMEOUT_MS = 15_000

/** Paystack's refusal of a refund it already has: 'Transaction has been fully reversed'. */
const ALREADY_REFUNDED = /fully reversed|already (been )?(refunded|reversed)/i

interface PaystackAnswer<T> {
  status: boolean
  message: string
  data: T
}

/** Paystack's transaction statuses, mapped to ours: anything not final stays 'pending'. */
function toStatus(status: string): ProviderStatus {
  switch (status) {
    case 'success':
      return 'success'
    case 'failed':
    // A reversed charge gave the money back: nothing was paid.
    case 'reversed':
      return 'failed'
    case 'abandoned':
      return 'abandoned'
    default:
      // 'ongoing', 'pending', 'processing', 'queued'
      return 'pending'
  }
}

/** Paystack (https://paystack.com/docs/api/), used when PAYSTACK_SECRET_KEY is set. */
export function paystackProvider({
  secretKey,
  baseUrl = DEFAULT_PAYSTACK_BASE_URL,
}: {
  secretKey: string
  baseUrl?: string
}): PaymentProvider {
  const base = baseUrl.replace(/\/+$/, '')

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch {
      throw providerUnavailable()
    }
    const answer = (await response.json().catch(() => null)) as PaystackAnswer<T> | null
    if (!response.ok || !answer?.status || answer.data === undefined) throw providerUnavailable()
    return answer.data
  }

  /**
   * Whether Paystack already holds a refund of this transaction: it reads 'reversed', or lists a
   * refund of it that did not fail (queued and processing ones too). Throws when Paystack does not
   * answer.
   */
  async function hasRefund(reference: string): Promise<boolean> {
    const transaction = await call<{ id?: unknown; status?: unknown }>(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
    )
    if (transaction.status === 'reversed') return true
    if (typeof transaction.id !== 'number' && typeof transaction.id !== 'string') return false
    const listed = await call<{ status?: unknown }[]>(
      'GET',
      `/refund?transaction=${encodeURIComponent(String(transaction.id))}`,
    )
    return Array.isArray(listed) && listed.some((refund) => refund.status !== 'failed')
  }

  return {
    name: 'paystack',

    async initialize({ reference, email, amountMinor, currency, callbackUrl, metadata }) {
      const data = await call<{ authorization_url: string; access_code: string }>(
        'POST',
        '/transaction/initialize',
        {
          email,
          amount: amountMinor,
          currency,
          reference,
          callback_url: callbackUrl,
          metadata,
        },
      )
      if (typeof data.authorization_url !== 'string' || typeof data.access_code !== 'string')
        throw providerUnavailable()
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code }
    },

    async verify(reference) {
      const data = await call<{
        status: string
        amount: number
        currency: string
        channel?: string | null
      }>('GET', `/transaction/verify/${encodeURIComponent(reference)}`)
      if (typeof data.status !== 'string' || !Number.isInteger(data.amount))
        throw providerUnavailable()
      return {
        status: toStatus(data.status),
        amountMinor: data.amount,
        currency: data.currency,
        channel: data.channel ?? null,
      }
    },

    async refund(reference, amountMinor) {
      // Checked first: a resend after a crash (the refund left, its marking did not) is answered
      // from Paystack's own books, and never becomes a second refund.
      if (await hasRefund(reference)) return 'already-refunded'
      let response: Response
      try {
        response = await fetch(`${base}/refund`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${secretKey}`,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ transaction: reference, amount: amountMinor }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        throw new Error(`Paystack did not answer the refund: ${(error as Error).message}`)
      }
      const answer = (await response.json().catch(() => null)) as PaystackAnswer<unknown> | null
      if (response.ok && answer?.status === true) return 'refunded'
      const message = answer?.message ?? `HTTP ${response.status}`
      // One Paystack took after the check, or does not list yet: refused, never made twice.
      if (ALREADY_REFUNDED.test(message)) return 'already-refunded'
      throw new Error(`Paystack refused the refund (${response.status}): ${message}`)
    },

    isSignedWebhook(rawBody, signature) {
      return hasValidSignature(rawBody, signature, secretKey)
    },
  }
}
