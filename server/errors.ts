import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify'
import { HttpError } from './http-error'
import { logRequest } from './logging'

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
    case 'format':
      return `${field} is not valid.`
    case 'enum':
      return `${field} must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`
    default:
      return `${field} ${issue.message ?? 'is not valid'}.`
  }
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

/** What node-postgres says, without a code, of a connection that broke or never came. */
const BROKEN_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/

/**
 * Whether an error means the database cannot be reached right now, rather than a fault of ours:
 * the error itself or one of its causes (drizzle wraps the driver's error as `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (UNREACHABLE.has(code) || NOT_NOW.test(code))) return true
    if (BROKEN_CONNECTION.test(current.message)) return true
    current = current.cause
  }
  return false
}

/** One error shape for every failure: `{ status: 'error', message }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({
        status: 'error',
        message: describeValidation(error.validationContext, error.validation),
      })
    }
    // Not a fault of ours nor of the request: the same request will work once it is back.
    if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database cannot be reached')
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
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid.' },
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
  // No hook runs for these either (the security headers' included): at least no sniffing.
  reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
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
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
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
