import type { FastifyInstance } from 'fastify'
import { badRequest } from './http-error'
import type { BodyRefusal } from './options'

// Bytes no route can read: a NUL, or a sequence that is not UTF-8 (%C3%28, %FF, an overlong
// %C0%AF, an encoded surrogate %ED%A0%80). PostgreSQL refuses such text, so any route that
// looked it up answered 500. Refused here once, for every route (the contract's, /media, the
// sandbox, the pages), before anything reads them.

/** What a caller reads when the address (path or query) has such a byte. */
export const UNREADABLE_ADDRESS = 'The address has a character we cannot read.'

/** What a caller reads when a JSON body is not UTF-8. */
export const UNREADABLE_BODY = 'The request body has a character we cannot read: send it as UTF-8.'

/** The WHATWG decoder, refusing instead of replacing what is not UTF-8. */
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A run of percent escapes: the bytes of one or more characters. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g

/**
 * Whether an address, as sent (percent-encoded), has a NUL or bytes that are not UTF-8. A `%`
 * not followed by two hex digits is left as text, as the router and the query parser read it.
 */
export function isUnreadableAddress(url: string): boolean {
  if (url.includes('\u0000')) return true
  for (const [run] of url.matchAll(ESCAPES)) {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))
    try {
      if (utf8.decode(bytes).includes('\u0000')) return true
    } catch {
      return true
    }
  }
  return false
}

/**
 * Refuses unreadable addresses with 400 before any route runs (an address that does not decode at
 * all never reaches this hook: errors.ts's frameworkErrors answers it the same way), and reads
 * JSON bodies as strict UTF-8 (Fastify's own parser would turn bad bytes into U+FFFD and go on).
 * NUL and unpaired surrogates written as JSON escapes are refused by the handlers, naming the
 * field (refuseUnstorableText). Register after the security headers' hook, before the routes.
 */
export function registerBadBytes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isUnreadableAddress(request.url)) throw badRequest(UNREADABLE_ADDRESS)
  })
  // Fastify's parser of the same options (prototype poisoning refused), fed a checked string.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      // Read to its end: the connection can serve the next request.
      const refusal: BodyRefusal = { bodyDrained: true }
      done(Object.assign(badRequest(UNREADABLE_BODY), refusal), undefined)
      return
    }
    parseJson(request, text, done)
  })
}
