import fastifyCompress from '@fastify/compress'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyServerOptions, type preValidationAsyncHookHandler } from 'fastify'
import openapiGlue from 'fastify-openapi-glue'
import type { Redis } from 'ioredis'
import { applicationsHandlers } from './applications/handlers'
import { auditHandlers } from './audit/handlers'
import { bookingsHandlers } from './bookings/handlers'
import { VISITOR_SHARE } from './bookings/places'
import { cancellationHandlers } from './cancellation/handlers'
import { checkInHandlers } from './check-in/handlers'
import { communitiesHandlers } from './communities/handlers'
import type { Db } from './db/client'
import { eventsHandlers, POSTER_UPLOAD } from './events/handlers'
import { PublicCache, type PublicReads, publicReads } from './events/public-reads'
import { registerSessions, securityHandlers } from './http/auth'
import { registerBadBytes } from './http/bad-bytes'
import { followChanges } from './http/cache/changes'
import { type Contract, loadContract } from './http/contract'
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors'
import { badRequest, notImplemented } from './http/http-error'
import { registerIdempotency } from './http/idempotency'
import { type Lifecycle, newLifecycle, registerLifecycle } from './http/lifecycle'
import { newRequestId, RequestLogController, registerRequestIds } from './http/logging'
import { createMetrics, registerMetrics } from './http/metrics'
import type { HandlerDeps, OperationId, Services } from './http/operations'
import {
  fastifyTrustProxy,
  type HttpTimeouts,
  resolveTimeouts,
  type TrustProxy,
  timeoutOptions,
} from './http/options'
import { operationPolicies } from './http/policy'
import { DEFAULT_RATE_LIMITS, type RateLimits, registerRateLimits } from './http/rate-limit'
import { API_DOCS_CSP, registerSecurityHeaders } from './http/security-headers'
import { registerSpa } from './http/spa'
import { registerStatecharts } from './http/statecharts'
import { registerStoredText } from './http/stored-text'
import { registerImageUploads } from './http/uploads'
import { loginHandlers } from './login/handlers'
import { registerDevOutbox } from './mail/dev-outbox'
import { startMailer } from './mail/dispatcher'
import { registerMedia } from './media/media-route'
import { membershipsHandlers } from './memberships/handlers'
import { paymentsHandlers } from './payments/handlers'
import { paystackProvider } from './payments/paystack'
import type { PaymentsOptions } from './payments/provider'
import { type RefundWorker, startRefundWorker } from './payments/refunds'
import { sandboxProvider } from './payments/sandbox'
import { registerSandboxCheckout } from './payments/sandbox-checkout'
import { registerWebhookSignature } from './payments/webhook'
import { profileHandlers } from './profile/handlers'
import { PICTURE_UPLOAD } from './profile/picture'
import { spacesHandlers } from './spaces/handlers'
import { systemHandlers } from './system/handlers'
import { waitlistHandlers } from './waitlist/handlers'
import { startWaitlistSweeper, type WaitlistSweeper } from './waitlist/waitlist'
import { walletsHandlers } from './wallets/handlers'

export interface AppOptions {
  db: Db
  /** The clock; tests pin it so days and expiries are certain. */
  now?: () => Date
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null
  /** Shared rate-limit store, so several instances count together. */
  redis?: Redis | null
  /** Limits of the calls that cost something (per address and per e-mail); tests lower them. */
  rateLimit?: RateLimits
  /**
   * The share of a free event day's places visitors' tickets may hold before their e-mail is
   * proven (decision 040): a third. Tests of other booking rules lift it to 1, as they lift the
   * rate limits; tests/api/visitor-share.test.ts tests the real one.
   */
  visitorShare?: number
  logger?: FastifyServerOptions['logger']
  /** Card payments: the sandbox checkout (default) or Paystack. */
  payments?: PaymentsOptions
  /**
   * Where people reach the site (PUBLIC_URL): every e-mailed link and payment return is built on
   * its origin alone, whatever a request's Host or X-Forwarded-Host says.
   */
  publicUrl?: string
  /**
   * NODE_ENV=production (server/config.ts checked its settings): the outbox's pages are never
   * served, and a sandbox checkout (PAYMENTS=sandbox) says it is a staging site's.
   */
  production?: boolean
  /** SMTP server for e-mail (SMTP_URL); null keeps every message in the outbox (/dev/outbox). */
  smtpUrl?: string | null
  /** The From of e-mail (MAIL_FROM). */
  mailFrom?: string
  /** Whose X-Forwarded-For to believe (TRUST_PROXY); false (default): the connection's address. */
  trustProxy?: TrustProxy
  /** How long a client may take, in milliseconds; unset ones keep their defaults. */
  timeouts?: Partial<HttpTimeouts>
  /** Serve the statechart viewer at /statecharts (demo data or STATECHARTS=on); off: a 404. */
  statecharts?: boolean
  /** METRICS_TOKEN: /metrics answers its bearer from anywhere; null: this machine's scraper only. */
  metricsToken?: string | null
  /** The contract to serve; unset: openapi/hotel.yaml. A test serves a copy with more in it. */
  contract?: Contract
  /** Handlers of the operations such a copy adds (its policies come from the copy alone). */
  extraHandlers?: Record<string, (request: never, reply: never) => Promise<unknown>>
}

/** Operations whose issue has not landed yet: they answer 501 with the error shape. */
export const notYetBuilt = [] as const satisfies readonly OperationId[]

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads with their ETags, cached per data version (events/public-reads.ts). */
    publicReads: PublicReads
    /** The refund queue's worker of this instance (server/payments/refunds.ts). */
    refunds: RefundWorker
    /** This instance's sweeper of offers over and lapsed holds (server/waitlist/waitlist.ts). */
    waitlist: WaitlistSweeper
    /** Starting, ready or draining: what /api/health/ready answers (server/http/lifecycle.ts). */
    lifecycle: Lifecycle
  }
}

/** Every operation's handler: each area of the business answers its own operationIds. */
function buildServices(deps: HandlerDeps): Services {
  const pending = Object.fromEntries(
    notYetBuilt.map((id) => [
      id,
      async () => {
        throw notImplemented(id)
      },
    ]),
  ) as unknown as Pick<Services, (typeof notYetBuilt)[number]>
  return {
    ...pending,
    ...systemHandlers(deps),
    ...eventsHandlers(deps),
    ...spacesHandlers(deps),
    ...bookingsHandlers(deps),
    ...cancellationHandlers(deps),
    ...waitlistHandlers(deps),
    ...checkInHandlers(deps),
    ...paymentsHandlers(deps),
    ...walletsHandlers(deps),
    ...membershipsHandlers(deps),
    ...communitiesHandlers(deps),
    ...applicationsHandlers(deps),
    ...loginHandlers(deps),
    ...profileHandlers(deps),
    ...auditHandlers(deps),
  }
}

/** Builds the whole server: the contract's API under /api, its docs, and the web app. */
export async function buildApp({
  db,
  now = () => new Date(),
  webRoot = null,
  redis = null,
  rateLimit = DEFAULT_RATE_LIMITS,
  visitorShare = VISITOR_SHARE,
  logger = false,
  payments = { provider: 'sandbox' },
  publicUrl = 'http://localhost:3000',
  production = false,
  smtpUrl = null,
  mailFrom,
  trustProxy = false,
  timeouts = {},
  statecharts = false,
  metricsToken = null,
  contract,
  extraHandlers = {},
}: AppOptions) {
  const app = Fastify({
    logger,
    // One short line per request instead of Fastify's two long ones.
    logController: new RequestLogController(),
    genReqId: newRequestId,
    trustProxy: fastifyTrustProxy(trustProxy),
    ...timeoutOptions(resolveTimeouts(timeouts)),
    // Refusals before routing (bad URL, too long a segment, unparsable HTTP) in the error shape.
    frameworkErrors,
    clientErrorHandler,
    ajv: {
      // Validate bodies as the contract says, not with Fastify's lenient defaults: coercion turns
      // 0 into null (so `oneOf: [integer, null]` matches twice and a free booking's `Amount: 0`
      // is refused) and '3' into 3, and removeAdditional drops unknown fields silently instead of
      // refusing them. The contract's path and query parameters are strings: no coercion needed.
      customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false },
    },
  })
  const specification = contract ?? loadContract()
  // What the contract declares of each operation beyond its shapes: its Idempotency-Key, its
  // rate limits' budget (server/http/policy.ts); its security scheme goes to the glue below.
  const policies = operationPolicies(specification)
  // The one origin every link and payment return is on: never a request's own Host, which anyone
  // can forge to send a payer, and their payment's reference, to a site of their own.
  const site = new URL(publicUrl).origin
  // Request bodies are JSON only: a body of another type would skip the contract's validation
  // (its schemas are per content type), so it is refused with 415 instead.
  app.removeContentTypeParser('text/plain')
  // A protected operation answers 401 before anything about its body: fastify-openapi-glue
  // checks security in preHandler, after the body is parsed and validated, so move that check to
  // preParsing (after every onRequest hook, the rate limit's included, and after the app-wide
  // preParsing hook that looks the session up).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.preHandler) return
    const toList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
    route.preParsing = [...toList(route.preHandler), ...toList(route.preParsing)] as never
    route.preHandler = undefined
  })
  // A request with no body at all (and so no content type) skips the per-content-type body
  // schemas too: refuse it here, or the handler would meet `undefined`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema?.body) return
    const requireBody: preValidationAsyncHookHandler = async (request) => {
      if (request.body === undefined) {
        throw badRequest('The request body is missing: send it as JSON (application/json).')
      }
    }
    const hooks = route.preValidation ?? []
    route.preValidation = [...(Array.isArray(hooks) ? hooks : [hooks]), requireBody] as never
  })

  registerErrorHandling(app)
  registerRequestIds(app)
  // This app's own registry; timing every request, so before any route.
  app.decorate('metrics', createMetrics())
  registerMetrics(app, { db, metrics: app.metrics, token: metricsToken })
  // Before any hook that may answer early (the rate limits): every request is counted in flight.
  app.decorate('lifecycle', newLifecycle())
  registerLifecycle(app, app.lifecycle)
  // Security headers on every answer, errors and 404s included (before any route exists).
  registerSecurityHeaders(app)
  // NUL and non-UTF-8 bytes in an address or a JSON body: 400, whatever the route.
  registerBadBytes(app)
  registerSessions(app, db, now)
  // Before compression: a kept answer is the JSON itself.
  registerIdempotency(app, db, now, policies)
  await app.register(fastifyCompress, { threshold: 1024 })
  await registerRateLimits(app, { redis, limits: rateLimit, policies })
  // Text PostgreSQL cannot store, refused on every operation after its validation.
  registerStoredText(app, policies)
  // With SMTP_URL the outbox is delivered; without it, messages wait in /dev/outbox (outside
  // production only: there it would publish every login link).
  const mailer = smtpUrl ? startMailer(db, { smtpUrl, from: mailFrom, log: app.log }) : null
  app.addHook('onClose', async () => mailer?.close())
  registerDevOutbox(app, db, { enabled: !mailer && !production })

  // Public reads are computed once per change; every commit that touches them (here, on another
  // instance, or by staff in SQL) drops them through the database's change notices.
  const cache = new PublicCache()
  const changes = await followChanges(db, cache, app.log)
  app.addHook('onClose', () => changes.close())
  app.decorate('publicReads', publicReads(db, cache))
  registerMedia(app, db)

  const provider =
    payments.provider === 'paystack'
      ? paystackProvider(payments)
      : sandboxProvider({ db, now, webhookSecret: payments.webhookSecret })
  // Refunds leave through a queue (docs/decisions/017): sent after the commit that queued them,
  // retried with back-off, and on start, for what a stopped instance left behind.
  const refunds = startRefundWorker(db, { provider, now, log: app.log, metrics: app.metrics })
  app.decorate('refunds', refunds)
  app.addHook('onReady', async () => refunds.kick())
  app.addHook('onClose', async () => refunds.close())
  // Offers from the waitlist not taken in time pass to the next person, and lapsed holds of
  // places people wait for are offered: every minute, and on start.
  const waitlist = startWaitlistSweeper(db, {
    now,
    site,
    log: app.log,
    offered: () => mailer?.kick(),
  })
  app.decorate('waitlist', waitlist)
  app.addHook('onReady', async () => waitlist.kick())
  app.addHook('onClose', async () => waitlist.close())
  // Before the routes exist: the webhook keeps its raw body and checks its signature first.
  registerWebhookSignature(app, provider)
  // Before the routes exist too: the profile picture's and the poster's routes alone take image
  // bytes.
  registerImageUploads(app, [PICTURE_UPLOAD, POSTER_UPLOAD])

  await app.register(openapiGlue, {
    specification,
    serviceHandlers: {
      ...extraHandlers,
      ...buildServices({
        db,
        now,
        publicUrl: site,
        mailer,
        reads: app.publicReads,
        provider,
        refunds,
        visitorShare,
      }),
    },
    securityHandlers,
    prefix: 'api',
  })

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: specification as never },
  })
  // Swagger UI brings its own styles: its own policy (the app's stays strict).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP })

  if (payments.provider === 'sandbox') {
    await registerSandboxCheckout(app, {
      db,
      now,
      webhookSecret: payments.webhookSecret,
      staging: production,
    })
  }

  registerStatecharts(app, { enabled: statecharts })
  if (webRoot) await registerSpa(app, { root: webRoot, reads: app.publicReads, now })
  else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ status: 'error', message: 'No such address.' }),
    )
  }
  return app
}
