import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'

// Rate limits only where abuse costs something: starting a payment, making a booking, spending
// from a wallet. Pages, assets and public reads are never limited per address: many people in
// Lagos share one public address behind their carrier's NAT.

export interface Limit {
  max: number
  /** Milliseconds, or text such as '10 minutes'. */
  timeWindow: number | string
}

export interface RateLimits {
  /** Per client address, over all the limited calls together. */
  address: Limit
  /** Per e-mail in the body (Email or email), over all the limited calls together. */
  email: Limit
  /** Key prefix in the shared store, so tests do not count each other's requests. */
  nameSpace?: string
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  address: { max: 20, timeWindow: '10 minutes' },
  email: { max: 10, timeWindow: '10 minutes' },
}

/** The calls that cost something when abused (routes as Fastify names them). */
const LIMITED = new Set([
  'POST /api/bookings/rsvp',
  'POST /api/payments/initiate',
  'POST /api/wallets/debit/:walletId',
])

/** The e-mail a body books or pays for, lower-cased; null when there is none to count. */
function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const record = body as Record<string, unknown>
  const nested = record.booking as Record<string, unknown> | undefined
  const email = record.Email ?? record.email ?? nested?.Email
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null
}

/** '45 seconds', '1 minute', '10 minutes'. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/**
 * Registers the limits (Redis when given, so instances count together; else memory) and attaches
 * them to the limited routes. Must run before the routes are registered.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { redis, limits }: { redis: Redis | null; limits: RateLimits },
) {
  await app.register(fastifyRateLimit, {
    global: false,
    // A Redis outage must not refuse bookings: the limit is skipped until it answers again.
    skipOnError: true,
    ...(redis ? { redis } : {}),
    ...(limits.nameSpace ? { nameSpace: limits.nameSpace } : {}),
  })
  const byAddress = app.createRateLimit({
    ...limits.address,
    keyGenerator: (request) => `address:${request.ip}`,
  })
  const byEmail = app.createRateLimit({
    ...limits.email,
    keyGenerator: (request) => `email:${emailOf(request.body)}`,
    allowList: (request) => emailOf(request.body) === null,
  })

  type Limiter = typeof byAddress
  const hook =
    (limiter: Limiter, { headers }: { headers: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request)
      if (result.isAllowed) return
      // The address's budget, so a well-behaved client can slow down before it is refused.
      if (headers) {
        reply.header('x-ratelimit-limit', result.max)
        reply.header('x-ratelimit-remaining', result.remaining)
        reply.header('x-ratelimit-reset', result.ttlInSeconds)
      }
      if (!result.isExceeded) return
      return reply
        .code(429)
        .header('retry-after', result.ttlInSeconds)
        .send({
          status: 'error',
          message: `Too many requests. Please try again in ${waitText(result.ttlInSeconds)}.`,
        })
    }
  const toList = <T>(hooks: T | T[] | undefined): T[] =>
    hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.some((method) => LIMITED.has(`${method} ${route.url}`))) return
    // The address is counted first, before the session check and the body, so every attempt
    // counts; the e-mail once the body is parsed, before it is validated (malformed ones count).
    route.onRequest = [...toList(route.onRequest), hook(byAddress, { headers: true })] as never
    route.preValidation = [
      ...toList(route.preValidation),
      hook(byEmail, { headers: false }),
    ] as never
  })
}
