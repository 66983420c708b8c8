import type { FastifyInstance } from 'fastify'
import { badRequest } from './http-error'
import { type OperationPolicy, policyOfRoute } from './policy'

// Text PostgreSQL cannot store, refused with a 400 that names the field, before any write.

/**
 * Characters PostgreSQL cannot store: U+0000 (in text or jsonb: 'invalid byte sequence'), and an
 * unpaired UTF-16 surrogate (JSON's '\ud800' alone is no character; jsonb refuses it).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The first character of a text PostgreSQL cannot store, described; null when there is none. */
export function unstorableCharacter(text: string): string | null {
  if (text.includes('\u0000')) return 'U+0000'
  const found = UNPAIRED_SURROGATE.exec(text)?.[0]
  if (found === undefined) return null
  return `an unpaired surrogate, U+${found.charCodeAt(0).toString(16).toUpperCase()}`
}

export function refuseUnstorable(text: string, field: string): void {
  const character = unstorableCharacter(text)
  if (character === null) return
  throw badRequest(
    `${field} contains a character we cannot store (${character}). Please remove it and try again.`,
  )
}

/**
 * Refuses a request body with a character PostgreSQL cannot store in any of its strings (which
 * would end in a 500), naming the field ('booking › Name') as the contract's validation messages
 * do. Call it before anything reads the body.
 */
export function refuseUnstorableText(value: unknown, path: string[] = []): void {
  const field = path.join(' › ') || 'The request body'
  if (typeof value === 'string') refuseUnstorable(value, field)
  else if (Array.isArray(value)) {
    for (const item of value) refuseUnstorableText(item, path)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseUnstorable(key, field)
      refuseUnstorableText(item, [...path, key])
    }
  }
}

/**
 * Every operation's query and JSON body are refused (400, naming the field) when they hold text
 * PostgreSQL cannot store: once for the whole API, after the contract's validation, so no handler
 * has to remember it; but where the contract says `x-stores-text: false`.
 */
export function registerStoredText(app: FastifyInstance, policies: Map<string, OperationPolicy>) {
  app.addHook('preHandler', async (request) => {
    const { url, method } = request.routeOptions
    if (!url || !policyOfRoute(policies, { method, url })?.storesText) return
    refuseUnstorableText(request.query)
    if (!Buffer.isBuffer(request.body)) refuseUnstorableText(request.body)
  })
}
