import { createRequire } from 'node:module'
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { type Budget as Kind, type OperationPolicy, policyOfRoute } from './policy'

// Rate limits only where abuse costs something: starting a payment, making a booking, spending
// from a wallet, sending an e-mail or storing an address, and opening a booking by the secret of
// its link (so secrets cannot be guessed by brute force). Pages, assets and public reads are
// never limited. Many people share one public address (a carrier's NAT, the hotel's own Wi-Fi),
// so the budgets of an address are sized for a crowd, and the tight ones are per e-mail and per
// account (docs/decisions/018-rate-limits-for-shared-networks.md).

export interface Limit {
  max: number
  /** Milliseconds, or text such as '10 minutes'. */
  timeWindow: number | string
}

export interface RateLimits {
  /** Per client address, over all the limited calls together. */
  address: Limit
  /**
   * Per client address, over the calls that e-mail an address given in the body or store it:
   * free bookings (their receipt), applications, invitations, sign-ups, the mailing list. Unset:
   * only `address` counts them.
   */
  addressMail?: Limit
  /** Per client address, login links. Unset: only `address` counts them. */
  addressLoginLinks?: Limit
  /** Per client address, card payments started (each holds a place). Unset: only `address`. */
  addressPayments?: Limit
  /**
   * Per client address, the calls naming a booking's secret in their path (its receipt's 'Manage
   * your booking' link: read, cancel), so a network cannot try codes by the million. Unset: only
   * `address` counts them.
   */
  addressLinks?: Limit
  /** Per e-mail in the body (Email, email, creatorEmail), over all the limited calls together. */
  email: Limit
  /** Per e-mail, login links. Unset: only `email` counts them. */
  emailLoginLinks?: Limit
  /** Per signed-in account (a live bearer token), over all the limited calls. Unset: none. */
  account?: Limit
  /** Key prefix in the shared store, so tests do not count each other's requests. */
  nameSpace?: string
}

const TEN_MINUTES = '10 minutes'

/**
 * Sized for 200 people behind one address within 10 minutes (a full courtyard on the hotel's
 * Wi-Fi, or a carrier's NAT), each booking, paying and asking for a login link with retries to
 * spare; tight for one e-mail or one account. The reasoning is in decision record 018.
 */
export const DEFAULT_RATE_LIMITS: Required<Omit<RateLimits, 'nameSpace'>> = {
  address: { max: 3000, timeWindow: TEN_MINUTES },
  addressMail: { max: 300, timeWindow: TEN_MINUTES },
  addressLoginLinks: { max: 300, timeWindow: TEN_MINUTES },
  addressPayments: { max: 300, timeWindow: TEN_MINUTES },
  addressLinks: { max: 300, timeWindow: TEN_MINUTES },
  email: { max: 30, timeWindow: TEN_MINUTES },
  emailLoginLinks: { max: 10, timeWindow: TEN_MINUTES },
  account: { max: 60, timeWindow: TEN_MINUTES },
}

/** The e-mail a body books, pays or asks for, lower-cased; null when there is none to count. */
function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const record = body as Record<string, unknown>
  const nested = (record.booking ?? record.application) as Record<string, unknown> | undefined
  const email =
    record.Email ??
    record.email ??
    record['Email Address'] ??
    record.creatorEmail ??
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

/** One count kept per client address, e-mail or account, over some of the limited calls. */
interface Budget {
  limit: Exclude<keyof RateLimits, 'nameSpace'>
  /** Which limited calls it counts. */
  counts: readonly Kind[]
  /**
   * When it counts: an address's budgets before anything else (before the session is looked up
   * or the body read, so every attempt counts and a refused one costs nothing); an e-mail's and
   * an account's once the body is parsed and the session known, before the body is validated
   * (malformed attempts count too).
   */
  hook: 'onRequest' | 'preValidation'
  /** Whom it counts; null: this request has no one to count here. */
  key: (request: FastifyRequest) => string | null
  /** What a refused caller reads, before 'Please try again in ...'. */
  refusal: string
}

const EVERY_CALL: readonly Kind[] = ['mail', 'login', 'payment', 'wallet', 'link']
const emailKey = (prefix: string) => (request: FastifyRequest) => {
  const email = emailOf(request.body)
  return email === null ? null : `${prefix}:${email}`
}

/** In the order they are checked; the first to refuse answers, and the later ones do not count. */
const BUDGETS: Budget[] = [
  {
    limit: 'address',
    counts: EVERY_CALL,
    hook: 'onRequest',
    key: (request) => `address:${request.ip}`,
    refusal: 'Too many requests came from this network.',
  },
  {
    limit: 'addressLoginLinks',
    counts: ['login'],
    hook: 'onRequest',
    key: (request) => `address-login:${request.ip}`,
    refusal: 'Too many login links were asked for from this network.',
  },
  {
    limit: 'addressPayments',
    counts: ['payment'],
    hook: 'onRequest',
    key: (request) => `address-payment:${request.ip}`,
    refusal: 'Too many payments were started from this network.',
  },
  {
    limit: 'addressLinks',
    counts: ['link'],
    hook: 'onRequest',
    key: (request) => `address-link:${request.ip}`,
    refusal: 'Too many booking and waitlist links were opened from this network.',
  },
  {
    limit: 'addressMail',
    counts: ['mail'],
    hook: 'onRequest',
    key: (request) => `address-mail:${request.ip}`,
    refusal: 'Too many bookings and sign-ups came from this network.',
  },
  {
    limit: 'account',
    counts: EVERY_CALL,
    hook: 'preValidation',
    key: (request) => (request.account ? `account:${request.account.id}` : null),
    refusal: 'Too many requests were made from your account.',
  },
  {
    limit: 'emailLoginLinks',
    counts: ['login'],
    hook: 'preValidation',
    key: emailKey('email-login'),
    refusal: 'Too many login links were asked for this e-mail address.',
  },
  {
    limit: 'email',
    counts: EVERY_CALL,
    hook: 'preValidation',
    key: emailKey('email'),
    refusal: 'Too many requests were made for this e-mail address.',
  },
]

/**
 * Registers the limits (Redis when given, so instances count together, with memory behind it
 * while Redis is away; else memory) and attaches them to the limited routes. Must run before the
 * routes are registered.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  {
    redis,
    limits,
    policies,
  }: { redis: Redis | null; limits: RateLimits; policies: Map<string, OperationPolicy> },
) {
  await app.register(fastifyRateLimit, {
    global: false,
    // The stores never fail (memory stands in for Redis); were one to, a booking still goes on.
    skipOnError: true,
    ...(redis
      ? { store: redisWithFallback(app, redis, limits.nameSpace ?? 'fastify-rate-limit-') }
      : {}),
  })

  /** A hook that counts the request against one budget and refuses it past the budget. */
  const hookOf = (budget: Budget, limit: Limit) => {
    const limiter = app.createRateLimit({
      ...limit,
      keyGenerator: (request) => budget.key(request) ?? '',
      allowList: (request) => budget.key(request) === null,
    })
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request)
      if (result.isAllowed) return
      // The address's budget, so a well-behaved client can slow down before it is refused.
      if (budget.limit === 'address') {
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
          message: `${budget.refusal} Please try again in ${waitText(result.ttlInSeconds)}.`,
        })
    }
  }
  type Hook = ReturnType<typeof hookOf>
  const hooks = { onRequest: new Map<Kind, Hook[]>(), preValidation: new Map<Kind, Hook[]>() }
  for (const budget of BUDGETS) {
    const limit = limits[budget.limit]
    if (!limit) continue
    const hook = hookOf(budget, limit)
    for (const kind of budget.counts) {
      hooks[budget.hook].set(kind, [...(hooks[budget.hook].get(kind) ?? []), hook])
    }
  }

  const toList = <T>(hooks: T | T[] | undefined): T[] =>
    hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

  app.addHook('onRoute', (route) => {
    // The budget the contract gives the operation (its x-rate-limit).
    const kind = policyOfRoute(policies, route)?.budget
    if (!kind) return
    route.onRequest = [...toList(route.onRequest), ...(hooks.onRequest.get(kind) ?? [])] as never
    route.preValidation = [
      ...toList(route.preValidation),
      ...(hooks.preValidation.get(kind) ?? []),
    ] as never
  })
}
