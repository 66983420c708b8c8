import { Readable } from 'node:stream'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify'
import { HttpError, unauthorized } from '../http/http-error'
import { readLimitedBody } from '../http/options'
import type { PaymentProvider } from './provider'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came over the wire; only the payment webhook keeps it (for its HMAC). */
    rawBody?: Buffer
  }
}

export const WEBHOOK_URL = '/api/payments/webhook'

/** Far more than any provider event; the body is held in memory to be signed. */
const WEBHOOK_BODY_LIMIT = 512 * 1024

const toList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

const tooLarge = () => new HttpError(413, 'The request body is too large.')

/**
 * Keeps the raw bytes of the body, then hands the same bytes on to the JSON parser. A body past
 * the limit is refused without breaking the connection (readLimitedBody).
 */
const captureRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const raw = await readLimitedBody(request.headers, payload, WEBHOOK_BODY_LIMIT, tooLarge)
  request.rawBody = raw
  const stream = Readable.from([raw]) as Readable & { receivedEncodedLength?: number }
  stream.receivedEncodedLength = raw.length
  return stream
}

/**
 * The payment webhook, before its body is validated: the signature must be the provider's
 * (x-paystack-signature = HMAC-SHA512 of the raw body), or the call answers 401 whatever it says.
 */
export function registerWebhookSignature(app: FastifyInstance, provider: PaymentProvider) {
  const checkSignature: preValidationAsyncHookHandler = async (
    request: FastifyRequest,
    _reply: FastifyReply,
  ) => {
    const header = request.headers['x-paystack-signature']
    const signature = Array.isArray(header) ? undefined : header
    if (!request.rawBody || !provider.isSignedWebhook(request.rawBody, signature)) {
      throw unauthorized('The webhook signature is not valid.')
    }
  }
  app.addHook('onRoute', (route) => {
    const methods = toList(route.method)
    if (route.url !== WEBHOOK_URL || !methods.includes('POST')) return
    route.preParsing = [...toList(route.preParsing), captureRawBody] as never
    route.preValidation = [checkSignature, ...toList(route.preValidation)] as never
  })
}
