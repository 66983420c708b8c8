import fastifyCompress from '@fastify/compress'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyServerOptions } from 'fastify'
import openapiGlue from 'fastify-openapi-glue'
import type { Redis } from 'ioredis'
import { registerSessions, securityHandlers } from './auth'
import { loadContract } from './contract'
import type { Db } from './db/client'
import { registerErrorHandling } from './errors'
import { notImplemented } from './http-error'
import { eventsService } from './services/events'
import { schedulesService } from './services/schedules'
import { systemService } from './services/system'
import type { OperationId, ServiceDeps, Services } from './services/types'
import { registerSpa } from './spa'

export interface AppOptions {
  db: Db
  /** The clock; tests pin it so days and expiries are certain. */
  now?: () => Date
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null
  /** Shared rate-limit store, so several instances count together. */
  redis?: Redis | null
  /** Requests one address may make per window; the default suits people, tests lower it. */
  rateLimit?: { max: number; timeWindow: string; nameSpace?: string }
  logger?: FastifyServerOptions['logger']
}

/** Operations whose issue has not landed yet: they answer 501 with the error shape. */
export const notYetBuilt = [
  'createBooking',
  'listBookings',
  'listPastBookings',
  'initiatePayment',
  'verifyPayment',
  'paymentWebhook',
  'listPayments',
  'getWallets',
  'createWallet',
  'getWalletHistory',
  'debitWallet',
  'requestLoginLink',
  'verifyMagicLink',
  'getProfile',
  'updateProfile',
  'signupAsCommunityMember',
  'createApplication',
  'getInvite',
  'claimInvite',
  'listCommunities',
  'createCommunity',
  'inviteCommunityMembers',
  'removeCommunityMembers',
  'joinCommunity',
  'setCommunitySize',
  'listPlans',
  'subscribeToMailingList',
] as const satisfies readonly OperationId[]

function buildServices(deps: ServiceDeps): Services {
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
    ...systemService(deps),
    ...eventsService(deps),
    ...schedulesService(deps),
  }
}

/** Builds the whole server: the contract's API under /api, its docs, and the web app. */
export async function buildApp({
  db,
  now = () => new Date(),
  webRoot = null,
  redis = null,
  rateLimit = { max: 300, timeWindow: '1 minute' },
  logger = false,
}: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: true,
    ajv: {
      // Validate bodies as the contract says, not with Fastify's lenient defaults: coercion turns
      // 0 into null (so `oneOf: [integer, null]` matches twice and a free booking's `Amount: 0`
      // is refused) and '3' into 3, and removeAdditional drops unknown fields silently instead of
      // refusing them. The contract's path and query parameters are strings: no coercion needed.
      customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false },
    },
  })
  const specification = loadContract()
  // Request bodies are JSON only: a body of another type would skip the contract's validation
  // (its schemas are per content type), so it is refused with 415 instead.
  app.removeContentTypeParser('text/plain')
  // A protected operation answers 401 before anything about its body: fastify-openapi-glue
  // checks security in preHandler, after the body is parsed and validated, so move that check to
  // preParsing (after every onRequest hook: the session lookup and the rate limit).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.preHandler) return
    const toList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
    route.preParsing = [...toList(route.preHandler), ...toList(route.preParsing)] as never
    route.preHandler = undefined
  })

  registerErrorHandling(app)
  registerSessions(app, db, now)
  await app.register(fastifyCompress, { threshold: 1024 })
  await app.register(fastifyRateLimit, {
    ...rateLimit,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 'error',
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  })

  await app.register(openapiGlue, {
    specification,
    serviceHandlers: buildServices({ db, now }),
    securityHandlers,
    prefix: 'api',
  })

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: specification as never },
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  if (webRoot) await registerSpa(app, { root: webRoot, db, now })
  else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ status: 'error', message: 'No such address.' }),
    )
  }
  return app
}
