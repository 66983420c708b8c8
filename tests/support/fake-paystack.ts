import { createHmac, randomBytes } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import type { DbKind } from '../../server/db/client.ts'
import { startApi, type TestApi } from './api-app.ts'
import { UNLIMITED } from './bookings.ts'

// A local stand-in for Paystack's API (https://paystack.com/docs/api/), as our provider uses it:
// initialize, verify, refund and list refunds with a bearer secret key, and charge.success
// webhooks signed with HMAC-SHA512 of the raw body, retried while the receiver does not answer
// 200. Tests act as the customer on its checkout with pay / decline / abandon, and may make it
// refuse refunds for a while, take them without answering, or not answer them at all.

/** Paystack's transaction statuses that the fake takes on. */
export type FakeStatus = 'abandoned' | 'ongoing' | 'success' | 'failed' | 'reversed'

export interface FakeTransaction {
  id: number
  reference: string
  accessCode: string
  email: string
  /** What was initialized, in minor units. */
  amount: number
  currency: string
  callbackUrl: string
  metadata: unknown
  /** Paystack reads 'abandoned' until the customer completes the checkout. */
  status: FakeStatus
  /** What the customer was charged (the initialized amount unless a test says otherwise). */
  charged: number
  channel: string | null
  paidAt: string | null
}

export interface FakeRefund {
  reference: string
  amount: number
}

export interface WebhookDelivery {
  /** The receiver's status code per attempt (0 when it could not be reached). */
  attempts: number[]
}

export interface FakePaystack {
  /** The API's base address (PAYSTACK_BASE_URL). */
  url: string
  secretKey: string
  /** Where charge.success webhooks go; set once our server listens. */
  webhookUrl: string | null
  /** While true every API call answers 503, as during an outage. */
  outage: boolean
  /**
   * While above 0, each refund asked for is refused (400, as when the balance cannot cover it)
   * and this counts down: 3 refuses the next three refunds.
   */
  refuseRefunds: number
  /**
   * While above 0, each refund asked for is made, but the answer is lost (a 502 comes back
   * instead, as from a proxy that gave up), and this counts down.
   */
  loseRefundAnswers: number
  /**
   * While true, a refund asked for is neither made nor answered: the call hangs, as when our
   * server dies before its call reaches Paystack. `refundsAsked` counts them.
   */
  stallRefunds: boolean
  /**
   * While true, the transaction's refunds are not listed yet and it still reads 'success', as
   * while Paystack processes them; a refund asked for again is still refused as fully reversed.
   */
  hideRefunds: boolean
  /** How many times POST /refund was called, made or not. */
  refundsAsked(): number
  transactions: Map<string, FakeTransaction>
  /** The customer pays: success, then a signed charge.success webhook (retried). */
  pay(
    reference: string,
    options?: { charged?: number; currency?: string },
  ): Promise<{ returnUrl: string; webhook: WebhookDelivery }>
  /** The customer's card is refused: no webhook, as Paystack sends none. */
  decline(reference: string): { returnUrl: string }
  /** The customer leaves the checkout without paying. */
  abandon(reference: string): { returnUrl: string }
  /** Sends the charge.success webhook of a paid transaction again (Paystack's retries). */
  resendWebhook(reference: string): Promise<WebhookDelivery>
  /** Refunds the fake was asked for, in order. */
  refunds(): FakeRefund[]
  /** The API calls made, e.g. 'POST /transaction/initialize'. */
  calls: string[]
  close(): Promise<void>
}

export const FAKE_PAYSTACK_SECRET = 'sk_test_fake_paystack_secret_key'

const sign = (body: string, secret: string) =>
  createHmac('sha512', secret).update(body).digest('hex')

/** Where Paystack sends the browser back: the callback with `?trxref=&reference=` added. */
function returnAddress(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('trxref', reference)
  url.searchParams.set('reference', reference)
  return url.href
}

export async function startFakePaystack({
  secretKey = FAKE_PAYSTACK_SECRET,
  webhookAttempts = 5,
}: {
  secretKey?: string
  /** How many times a webhook is tried while the receiver does not answer 200. */
  webhookAttempts?: number
} = {}): Promise<FakePaystack> {
  const app = Fastify({ logger: false })
  const transactions = new Map<string, FakeTransaction>()
  const refunds: FakeRefund[] = []
  const calls: string[] = []
  const stalled: FastifyReply[] = []
  let nextId = 4_099_000_000

  const fail = (reply: FastifyReply, code: number, message: string) =>
    reply.code(code).send({ status: false, message })

  // Paystack checks the secret key on every call, before anything else.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/checkout/')) return
    calls.push(`${request.method} ${request.url.split('?')[0]}`)
    if (fake.outage) return fail(reply, 503, 'Service unavailable')
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return fail(reply, 401, 'Invalid key')
    }
  })

  const find = (reference: string) => {
    const transaction = transactions.get(reference)
    if (!transaction) throw new Error(`fake Paystack: no transaction ${reference}`)
    return transaction
  }

  app.post('/transaction/initialize', async (request: FastifyRequest, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const amount = Number(body.amount)
    if (typeof body.email !== 'string' || !body.email.includes('@')) {
      return fail(reply, 400, 'Invalid Email Address Passed')
    }
    if (!Number.isInteger(amount) || amount <= 0) return fail(reply, 400, 'Invalid Amount Sent')
    const reference =
      typeof body.reference === 'string' ? body.reference : randomBytes(6).toString('hex')
    if (transactions.has(reference)) return fail(reply, 400, 'Duplicate Transaction Reference')
    if (typeof body.callback_url !== 'string') return fail(reply, 400, 'Invalid callback_url')
    const accessCode = randomBytes(8).toString('hex')
    transactions.set(reference, {
      id: nextId++,
      reference,
      accessCode,
      email: body.email,
      amount,
      currency: typeof body.currency === 'string' ? body.currency : 'NGN',
      callbackUrl: body.callback_url,
      metadata: body.metadata ?? null,
      status: 'abandoned',
      charged: amount,
      channel: null,
      paidAt: null,
    })
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${fake.url}/checkout/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    }
  })

  app.get<{ Params: { reference: string } }>(
    '/transaction/verify/:reference',
    async (request, reply) => {
      const transaction = transactions.get(request.params.reference)
      if (!transaction) return fail(reply, 400, 'Transaction reference not found')
      return {
        status: true,
        message: 'Verification successful',
        data: {
          id: transaction.id,
          domain: 'test',
          status: transaction.status,
          reference: transaction.reference,
          amount: transaction.charged,
          currency: transaction.currency,
          channel: transaction.channel,
          gateway_response: transaction.status === 'success' ? 'Successful' : 'Declined',
          paid_at: transaction.paidAt,
          metadata: transaction.metadata,
          customer: { email: transaction.email },
        },
      }
    },
  )

  const transactionOf = (key: unknown) =>
    [...transactions.values()].find((t) => t.reference === key || String(t.id) === String(key))

  // The refunds of a transaction (by id or reference), as Paystack lists them.
  app.get<{ Querystring: { transaction?: string } }>('/refund', async (request) => {
    const transaction = transactionOf(request.query.transaction)
    const listed = fake.hideRefunds
      ? []
      : transaction
        ? refunds.filter((refund) => refund.reference === transaction.reference)
        : refunds
    return {
      status: true,
      message: 'Refunds retrieved',
      data: listed.map((refund) => ({
        transaction: transactionOf(refund.reference)?.id ?? null,
        amount: refund.amount,
        currency: transactionOf(refund.reference)?.currency ?? 'NGN',
        status: 'pending',
      })),
    }
  })

  app.post('/refund', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    if (fake.stallRefunds) {
      stalled.push(reply)
      return new Promise<never>(() => {})
    }
    if (fake.refuseRefunds > 0) {
      fake.refuseRefunds -= 1
      return fail(reply, 400, 'Insufficient balance to process this refund')
    }
    const transaction = transactionOf(body.transaction)
    if (!transaction) return fail(reply, 404, 'Transaction not found')
    const refunded = refunds
      .filter((refund) => refund.reference === transaction.reference)
      .reduce((sum, refund) => sum + refund.amount, 0)
    if (transaction.status === 'reversed' || refunded >= transaction.charged) {
      return fail(reply, 400, 'Transaction has been fully reversed')
    }
    if (transaction.status !== 'success') {
      return fail(reply, 400, 'Cannot refund a transaction that was not successful')
    }
    const amount = body.amount === undefined ? transaction.charged - refunded : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0 || amount > transaction.charged - refunded) {
      return fail(reply, 400, 'Refund amount cannot be greater than transaction amount')
    }
    refunds.push({ reference: transaction.reference, amount })
    if (refunded + amount === transaction.charged && !fake.hideRefunds) {
      transaction.status = 'reversed'
    }
    if (fake.loseRefundAnswers > 0) {
      fake.loseRefundAnswers -= 1
      return fail(reply, 502, 'Bad gateway')
    }
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: { id: transaction.id, reference: transaction.reference },
        amount,
        currency: transaction.currency,
        status: 'pending',
      },
    }
  })

  // What authorization_url opens; tests act as the customer through the helpers instead.
  app.get('/checkout/:accessCode', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>Fake Paystack checkout</title>'),
  )

  async function deliver(transaction: FakeTransaction): Promise<WebhookDelivery> {
    const target = fake.webhookUrl
    if (!target) throw new Error('fake Paystack: set webhookUrl before a customer pays')
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: transaction.id,
        domain: 'test',
        status: 'success',
        reference: transaction.reference,
        amount: transaction.charged,
        currency: transaction.currency,
        channel: transaction.channel,
        gateway_response: 'Successful',
        paid_at: transaction.paidAt,
        metadata: transaction.metadata,
        customer: { email: transaction.email },
      },
    })
    const attempts: number[] = []
    for (let attempt = 0; attempt < webhookAttempts; attempt++) {
      if (attempt > 0) await new Promise((done) => setTimeout(done, 25 * attempt))
      const status = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': sign(body, secretKey),
        },
        body,
      })
        .then(async (response) => {
          await response.arrayBuffer()
          return response.status
        })
        .catch(() => 0)
      attempts.push(status)
      if (status === 200) break
    }
    return { attempts }
  }

  const fake: FakePaystack = {
    url: '',
    secretKey,
    webhookUrl: null,
    outage: false,
    refuseRefunds: 0,
    loseRefundAnswers: 0,
    stallRefunds: false,
    hideRefunds: false,
    refundsAsked: () => calls.filter((call) => call === 'POST /refund').length,
    transactions,
    calls,
    async pay(reference, options = {}) {
      const transaction = find(reference)
      transaction.status = 'success'
      transaction.charged = options.charged ?? transaction.amount
      if (options.currency) transaction.currency = options.currency
      transaction.channel = 'card'
      transaction.paidAt = new Date().toISOString()
      const webhook = await deliver(transaction)
      return { returnUrl: returnAddress(transaction.callbackUrl, reference), webhook }
    },
    decline(reference) {
      const transaction = find(reference)
      transaction.status = 'failed'
      transaction.channel = 'card'
      return { returnUrl: returnAddress(transaction.callbackUrl, reference) }
    },
    abandon(reference) {
      const transaction = find(reference)
      transaction.status = 'abandoned'
      return { returnUrl: returnAddress(transaction.callbackUrl, reference) }
    },
    async resendWebhook(reference) {
      return deliver(find(reference))
    },
    refunds: () => [...refunds],
    async close() {
      // A stalled refund's caller may still be waiting (or gone): end its connection.
      for (const reply of stalled.splice(0)) reply.raw.destroy()
      await app.close()
    },
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  fake.url = address
  return fake
}

/**
 * The API listening on a port, its card payments through a fake Paystack whose webhooks reach it,
 * with limits no payment test reaches. The caller closes both.
 */
export async function startApiWithPaystack(
  kind: DbKind,
): Promise<{ api: TestApi; fake: FakePaystack }> {
  const fake = await startFakePaystack()
  const api = await startApi(kind, {
    app: {
      payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
      rateLimit: UNLIMITED,
    },
  })
  const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
  fake.webhookUrl = `${address}/api/payments/webhook`
  return { api, fake }
}
