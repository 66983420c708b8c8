import { randomUUID } from 'node:crypto'
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify'

// One short line per request at info level, instead of Fastify's two long ones ('incoming
// request' and 'request completed', with every header): outsiders decide how many requests come,
// so each must cost the log little. Failures add their own line at error level (errors.ts).
// Personal values stay out.

/** Longest address written to the log; the rest is cut. */
const MAX_URL = 200

/**
 * The address as logged: query values replaced by '*' (e-mails, phone numbers, tokens), path
 * segments holding an e-mail (GET /api/bookings/{email}) replaced by '*', and cut at MAX_URL.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const safePath = path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '*' : segment))
    .join('/')
  const query =
    mark === -1
      ? ''
      : `?${url
          .slice(mark + 1)
          .split('&')
          .filter(Boolean)
          .map((pair) => `${pair.split('=')[0]}=*`)
          .join('&')}`
  const logged = safePath + query
  return logged.length > MAX_URL ? `${logged.slice(0, MAX_URL)}…` : logged
}

/** The one line of a request whose answer has gone out (error: it could not be written). */
export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null) {
  const line = {
    method: request.method,
    url: redactUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  }
  if (error) request.log.error({ ...line, err: error }, 'request')
  else request.log.info(line, 'request')
}

/**
 * Fastify's log controller with its per-request lines replaced by ours: nothing when a request
 * comes in, one line when its answer has gone out. (Requests refused before routing never reach
 * it: frameworkErrors in errors.ts writes their line.)
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    logRequest(request, reply, error)
  }
}

/**
 * The one line of a request its client abandoned: it closed the connection before the request
 * was complete, or before the answer. Info, not an error: anyone can hang up, and nothing failed.
 */
export function logAbandoned(request: FastifyRequest) {
  request.log.info(
    { method: request.method, url: redactUrl(request.url) },
    'request abandoned: the client closed the connection',
  )
}

/**
 * Fastify's genReqId: every request's id, in each of its log lines (reqId) and in its answer's
 * X-Request-Id. Always made here, never taken from an incoming X-Request-Id: any client can send
 * one, and a forged id could pass its lines off as another request's; a proxy in front can log
 * the answer's X-Request-Id beside its own id to tie the two logs together. Random, so the ids of
 * several instances (and of one after a restart) never meet.
 */
export const newRequestId = () => randomUUID()

/** Every answer says which request it answers (errors, 404s and early refusals included). */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
}
