import {
  DEFAULT_PAYSTACK_BASE_URL,
  hasValidSignature,
  type PaymentProvider,
  type ProviderStatus,
  providerUnavailable,
} from './provider'

/** How long one call to Paystack may take before the caller is told to try again. */
const TIMEOUT_MS = 15_000

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
      await call('POST', '/refund', { transaction: reference, amount: amountMinor })
    },

    isSignedWebhook(rawBody, signature) {
      return hasValidSignature(rawBody, signature, secretKey)
    },
  }
}
