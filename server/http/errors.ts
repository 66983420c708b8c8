import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify'
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '../../machines/rules/email'
import { isContention, isDriverError } from '../db/client'
import { UNREADABLE_ADDRESS } from './bad-bytes'
import { HttpError } from './http-error'
import { logAbandoned, logRequest } from './logging'
import type { BodyRefusal } from './options'

interface ValidationIssue {
  instancePath: string
  keyword: string
  message?: string
  params: Record<string, unknown>
}

/** Turns the first schema violation into a sentence a person can act on. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]) {
  const issue = issues[0]
  if (!issue) return 'The request is not valid.'
  const path = issue.instancePath.replace(/^\//, '').replaceAll('~1', '/').replaceAll('/', ' › ')
  const where =
    context === 'params' ? ' in the address' : context === 'querystring' ? ' in the query' : ''
  const field = path
    ? `${where ? 'The ' : ''}${path}${where}`
    : context === 'body'
      ? 'The request body'
      : 'The request'
  switch (issue.keyword) {
    case 'required':
      return `${path ? `${path} › ` : ''}${String(issue.params.missingProperty)} is required.`
    case 'additionalProperties':
      return `${path ? `${path} › ` : ''}${String(issue.params.additionalProperty)} is not a known field.`
    case 'pattern':
      // An e-mail address the forms would refuse: the forms' own sentence, wherever it was sent.
      if (issue.params.pattern === EMAIL_PATTERN.source) return INVALID_EMAIL_MESSAGE
      return `${field} is not valid.`
    case 'format':
      return `${field} is not valid.`
    case 'enum':
      return `${field} must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`
    default:
      return `${field} ${issue.message ?? 'is not valid'}.`
  }
}

/**
 * The body field the first violation is about, its names joined by dots ('booking.Phone'); null
 * for the body as a whole, the address or the query.
 */
export function invalidField(context: string | undefined, issues: ValidationIssue[]) {
  const issue = issues[0]
  if (!issue || context !== 'body') return null
  const names = issue.instancePath
    .split('/')
    .slice(1)
    .map((name) => name.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (issue.keyword === 'required') names.push(String(issue.params.missingProperty))
  return names.length > 0 ? names.join('.') : null
}

/** Fastify's own refusals of a request body, in words a person can act on. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
}

const SERVER_FAILURE = 'Something went wrong on our side. Please try again.'

/** What a caller reads while the database cannot be reached (503). */
export const SERVICE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.'

/** The network's ways of failing on the way to the database. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's own 'not now' (SQLSTATE): class 08, a connection exception; 57P01 to 57P03, shut
 * down, crashed or starting (a failover, pg_terminate_backend); 53300, too many connections.
 */
const NOT_NOW = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/

/** PostgreSQL cancelled a statement that ran past statement_timeout (57014, query_canceled). */
const TOO_SLOW = '57014'

/** What node-postgres says, without a code, of a connection that broke or never came. */
const BROKEN_CONNECTION =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/

/** What the log says of a request the database could not serve (see databaseUnavailability). */
const UNAVAILABILITY_LOG = {
  unreachable: 'request failed: the database cannot be reached',
  'too slow': 'request failed: the database did not answer in time',
  contended:
    'request failed: the database gave it up for another that wanted the same rows (a deadlock)',
} as const

/** What node-postgres says of a statement that got no answer at all (query_timeout). */
const NO_ANSWER = /^Query read timeout/

/**
 * Why the database cannot serve a request right now, rather than a fault of ours or of the
 * request: 'unreachable', 'too slow', 'contended' (given up for another transaction that wanted
 * the same rows: the same request works at once, and the app sends a write again on a 503), or
 * null. Looks at the error and its causes (drizzle wraps
 * the driver's error as `cause`). A network error counts only when it came out of the database
 * driver (isDriverError): a client hanging up mid-request fails with ECONNRESET too.
 */
export function databaseUnavailability(
  error: unknown,
): 'unreachable' | 'too slow' | 'contended' | null {
  if (isContention(error)) return 'contended'
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NOT_NOW.test(code)) return 'unreachable'
    if (code === TOO_SLOW) return 'too slow'
    if (isDriverError(current)) {
      if (typeof code === 'string' && UNREACHABLE.has(code)) return 'unreachable'
      if (BROKEN_CONNECTION.test(current.message)) return 'unreachable'
      if (NO_ANSWER.test(current.message)) return 'too slow'
    }
    current = current.cause
  }
  return null
}

/** Whether an error means the database cannot be reached right now (see databaseUnavailability). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailability(error) !== null
}

/**
 * Whether the client has gone: it closed or reset the connection before the answer (a request
 * cut short that way fails with ECONNRESET, 'aborted'). No one is left to answer, and nothing
 * failed on our side.
 */
export function clientHasGone(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true
}

/** One error shape for every failure: `{ status: 'error', message }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  // A client that hangs up mid-request is one line at info level (logging.ts), not an error.
  app.addHook('onRequestAbort', async (request) => logAbandoned(request))
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    // Reading its body failed because the client went away: nothing to tell anyone (its
    // onRequestAbort line says it), and no one to answer.
    if (clientHasGone(request)) {
      return reply.code(400).send({ status: 'error', message: 'The request was not complete.' })
    }
    // A refused body: say what becomes of the connection (readLimitedBody, http-options.ts).
    const refusal = error as BodyRefusal
    if (refusal.closeConnection) reply.header('connection', 'close')
    // Fastify asks to close after any body parser's error; the body was read to its end.
    else if (refusal.bodyDrained) reply.removeHeader('connection')
    if (error.validation) {
      const field = invalidField(error.validationContext, error.validation)
      return reply.code(400).send({
        status: 'error',
        message: describeValidation(error.validationContext, error.validation),
        ...(field ? { field } : {}),
      })
    }
    // Not a fault of ours nor of the request: the same request will work once it is back.
    const unavailability = error instanceof HttpError ? null : databaseUnavailability(error)
    if (unavailability) {
      request.log.warn({ err: error }, UNAVAILABILITY_LOG[unavailability])
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'error', message: SERVICE_UNAVAILABLE })
    }
    const status = error.statusCode ?? 500
    const bodyError = BODY_ERRORS[error.code]
    if (bodyError) return reply.code(status).send({ status: 'error', message: bodyError })
    if (status === 501) return reply.code(501).send({ status: 'error', message: error.message })
    // Ours on purpose (e.g. 502 'The payment provider did not answer.'): its message is for people.
    if (status >= 500 && error instanceof HttpError) {
      request.log.warn({ err: error }, 'request failed')
      return reply.code(status).send({ status: 'error', message: error.message })
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status).send({ status: 'error', message: SERVER_FAILURE })
    }
    // fastify-openapi-glue wraps the security handlers' errors: show the first one's message.
    const inner = error.errors?.[0]
    const message = inner instanceof Error ? inner.message : error.message
    const data = error instanceof HttpError ? error.data : undefined
    return reply
      .code(status)
      .send({ status: 'error', message, ...(data === undefined ? {} : { data }) })
  })
}

/** Refusals Fastify makes before any route runs, in words a person can act on. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: UNREADABLE_ADDRESS },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long.' },
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode (`/api/events/%ff`) or a path segment
 * past the router's limit (maxParamLength, 100) never reaches a route, nor the error handler.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code]
  if (!known) request.log.error({ err: error }, 'request failed before routing')
  const status = known?.status ?? 500
  // Fastify's log controller never hears of these answers: write their one line here.
  reply.raw.once('finish', () => logRequest(request, reply))
  // No hook runs for these either (the security headers' and the request id's included): at
  // least no sniffing, and the id its log line carries.
  reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('x-request-id', request.id)
    .send({ status: 'error', message: known?.message ?? SERVER_FAILURE })
}

/** What Node cannot parse into a request at all: answered on the socket, then closed. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The request body is too large.' },
}
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' }

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError'): oversized headers (431), a malformed
 * request line or header (400), a request or its headers not sent in time (408). Answers in the
 * error shape when nothing of a response has gone out yet, as Node itself would, then closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) return
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  // The client closed its side mid-request (a hang-up, not malformed HTTP): no one waits for an
  // answer. A request under way says so in its own line (onRequestAbort); else this one does.
  if (error.code === 'HPE_INVALID_EOF_STATE') {
    if (!inFlight) this.log.info({ code: error.code }, 'client closed the connection mid-request')
    socket.destroy()
    return
  }
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ status: 'error', message })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  this.log.info({ status, code: error.code }, 'client error')
  socket.destroy(error)
}
