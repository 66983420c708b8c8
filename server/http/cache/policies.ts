import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendEncoded } from './encoded-text'
import type { Cached } from './store'

/**
 * Cache-Control of each public answer:
 * - events, an event, print-studio days: 'public, no-cache'. Anyone may store them, but must ask
 *   again every time (a 304 when unchanged): an RSVP flag or a day goes the moment a place or
 *   a day does, and a person who has just booked must see it.
 * - co-working days: 'private, no-cache' with Vary: Authorization. Members also get the 8th
 *   Floor's days, so a shared cache must never hand one caller's list to another.
 * - spaces and studio items: 'public, max-age=60, stale-while-revalidate=600'. Only staff change
 *   them, rarely; a booking for a space closed meanwhile is refused with a clear message.
 */
export const CACHE_POLICIES = {
  live: { cacheControl: 'public, no-cache' },
  perViewer: { cacheControl: 'private, no-cache', vary: 'Authorization' },
  staffEdited: { cacheControl: 'public, max-age=60, stale-while-revalidate=600' },
} as const

export type CachePolicy = (typeof CACHE_POLICIES)[keyof typeof CACHE_POLICIES]

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '')

/** Whether the request's If-None-Match names this ETag: one of a list, or '*'; compared weakly (RFC 9110). */
export function ifNoneMatchHits(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => opaqueTag(tag) === opaqueTag(etag))
}

/**
 * Answers with a cached value: 304 without a body when the caller already holds this ETag, else
 * the JSON serialized and compressed once per change (the same text the contract's serializer
 * would write: the value is built field by field from the contract's types). A text or a buffer
 * returned by a handler is sent as it is.
 */
export function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<T>,
  policy: CachePolicy,
): T {
  reply.header('etag', cached.etag).header('cache-control', policy.cacheControl)
  if ('vary' in policy) reply.header('vary', policy.vary)
  if (ifNoneMatchHits(request, cached.etag)) {
    reply.code(304)
    // An async handler that returns nothing gets a reply without a body: what a 304 must be.
    return undefined as T
  }
  return sendEncoded(request, reply, cached.json, 'application/json; charset=utf-8') as T
}
