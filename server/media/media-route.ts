import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { notFound } from '../http/http-error.ts'
import { findVariant } from './media-store.ts'

/** A variant's name never changes meaning (it carries its content hash): cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** GET /media/{name}: an uploaded image's variant, or 404 in the error shape. */
export function registerMedia(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const variant = await findVariant(db, request.params.name)
    if (!variant) throw notFound('No such image.')
    return reply.header('cache-control', IMMUTABLE).type(variant.contentType).send(variant.bytes)
  })
}
