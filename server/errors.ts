import type { FastifyError, FastifyInstance } from 'fastify'
import { HttpError } from './http-error'

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

/** One error shape for every failure: `{ status: 'error', message }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({
        status: 'error',
        message: describeValidation(error.validationContext, error.validation),
      })
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
      const message = 'Something went wrong on our side. Please try again.'
      return reply.code(status).send({ status: 'error', message })
    }
    // fastify-openapi-glue wraps the security handlers' errors: show the first one's message.
    const inner = error.errors?.[0]
    const message = inner instanceof Error ? inner.message : error.message
    return reply.code(status).send({ status: 'error', message })
  })
}
