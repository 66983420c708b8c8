import { createRequire } from 'node:module'
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'

// Rate limits only where abuse costs something: starting a payment, making a booking, spending
// from a wallet, sending an e-mail or storing an address. Pages, assets and public reads are
// never limited per address: many people in Lagos share one public address behind their
// carrier's NAT.

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
  // Each sends an e-mail (a login link, an application's confirmation) or stores an address.
  'POST /api/accounts/login',
  'POST /api/applications/create-application',
  'POST /api/invites/claim/:code',
  'POST /api/accounts/signup-as-community-member',
  'POST /api/mailing-list',
  // Both send e-mail: a signed-out community application, and invitations to a community.
  'POST /api/communities/create',
  'POST /api/communities/invite-members',
])

/** The e-mail a body books or pays for, lower-cased; null when there is none to count. */
function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const record = body as Record<string, unknown>
  const nested = (record.booking ?? record.application) as Record<string, unknown> | undefined
  const email =
    record.Email ??
    record.email ??
    record['Email Address'] ??
    nested?.Email ??
    nested?.['Email Address']
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null
}

/** '45 seconds', '1 minute', '10 minutes'. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/**
 * The Redis client of the limits (REDIS_URL). A command fails after one retry instead of waiting
 * in a queue, and a Redis that hangs holds a request for half a second at most: meanwhile the
 * limits count in memory. It connects once registerRateLimits listens for its errors.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 500,
  })
}

/** A store of @fastify/rate-limit (its own two follow this shape). */
interface Store {
  incr(
    key: string,
    done: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void
  child(routeOptions: unknown): Store
}

type StoreClass<Args extends unknown[]> = new (...args: Args) => Store
// The plugin's own stores: Redis (a Lua script, shared by every instance) and memory (an LRU).
const require = createRequire(import.meta.url)
const RedisStore: StoreClass<
  [boolean, boolean, Redis, string]
> = require('@fastify/rate-limit/store/RedisStore.js')
const LocalStore: StoreClass<
  [boolean, boolean]
> = require('@fastify/rate-limit/store/LocalStore.js')

/** Whether Redis can count right now; says once in the log when it goes away and comes back. */
class RedisHealth {
  private away = false
  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  usable(): boolean {
    return this.redis.status === 'ready'
  }

  failed(error: Error & { code?: string }): void {
    if (this.away) return
    this.away = true
    this.log.warn(
      `Redis is unreachable (${error.code ?? error.message}): rate limits count in this instance's memory until it is back.`,
    )
  }

  answered(): void {
    if (!this.away) return
    this.away = false
    this.log.info('Redis is back: rate limits are counted in Redis again, across instances.')
  }
}

/** Counts in Redis while it answers, else in this instance's memory (never refuses to count). */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly memory: Store,
    private readonly health: RedisHealth,
  ) {}

  incr(...[key, done, timeWindow, max]: Parameters<Store['incr']>): void {
    if (!this.health.usable()) {
      this.memory.incr(key, done, timeWindow, max)
      return
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error || !result) {
          this.health.failed(error ?? new Error('no answer'))
          this.memory.incr(key, done, timeWindow, max)
          return
        }
        this.health.answered()
        done(null, result)
      },
      timeWindow,
      max,
    )
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.memory.child(routeOptions),
      this.health,
    )
  }
}

/** A store class for the plugin: Redis with memory behind it; the outage is logged. */
function redisWithFallback(app: FastifyInstance, redis: Redis, nameSpace: string) {
  const health = new RedisHealth(redis, app.log)
  const onError = (error: Error) => health.failed(error)
  const onReady = () => health.answered()
  redis.on('error', onError)
  redis.on('ready', onReady)
  app.addHook('onClose', async () => {
    redis.off('error', onError)
    redis.off('ready', onReady)
  })
  // openRedis waits for these listeners: no error goes unheard ('Unhandled error event').
  if (redis.status === 'wait') redis.connect().catch(() => {})
  // Typed by the plugin without incr's (timeWindow, max), which it passes to every store.
  return class extends FallbackStore {
    constructor() {
      super(new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false), health)
    }
  } as unknown as FastifyRateLimitStoreCtor
}

/**
 * Registers the limits (Redis when given, so instances count together, with memory behind it
 * while Redis is away; else memory) and attaches them to the limited routes. Must run before the
 * routes are registered.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { redis, limits }: { redis: Redis | null; limits: RateLimits },
) {
  await app.register(fastifyRateLimit, {
    global: false,
    // The stores never fail (memory stands in for Redis); were one to, a booking still goes on.
    skipOnError: true,
    ...(redis
      ? { store: redisWithFallback(app, redis, limits.nameSpace ?? 'fastify-rate-limit-') }
      : {}),
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
