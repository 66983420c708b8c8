import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './http-error'
import { readLimitedBody } from './options'

// Routes whose body is an image file (a profile picture, an event's poster): the browser PUTs the
// file's bytes as image/jpeg, image/png or image/webp. Each route has its own size limit and
// sentences; what the bytes really are is checked by the route (sharp), not by the header.

export interface ImageUpload {
  /** The route as Fastify names it ('/api/staff/events/:id/poster'). */
  url: string
  /** The largest body read, in bytes; past it, 413 with `tooLarge`. */
  limit: number
  tooLarge: string
  /** The 415's sentence, for a body of another type. */
  wrongType: string
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']

const essence = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * Lets these routes take image bodies, and only them: another route sent an image gets the
 * JSON-only refusal it always gave. Must run before the routes are registered.
 */
export function registerImageUploads(app: FastifyInstance, uploads: readonly ImageUpload[]) {
  const byUrl = new Map(uploads.map((upload) => [upload.url, upload]))
  app.addContentTypeParser(
    IMAGE_TYPES,
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const upload = byUrl.get(request.routeOptions.url ?? '')
      if (!upload) {
        throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json).')
      }
      // Past the limit, a 413 with a sentence instead of Fastify's own, and the connection kept
      // for the next request (readLimitedBody).
      return readLimitedBody(
        request.headers,
        payload,
        upload.limit,
        () => new HttpError(413, upload.tooLarge),
      )
    },
  )
  app.addHook('onRoute', (route) => {
    const upload = byUrl.get(route.url)
    if (!upload || route.method !== 'PUT') return
    // The contract describes the body as binary; Fastify's validator would test the Buffer
    // against `type: string`. The checks that matter (size, what the bytes are) are made here.
    if (route.schema) {
      const { body: _binary, ...schema } = route.schema
      route.schema = schema
    }
    // After the session check (app.ts moves it to preParsing, first), before the body is read.
    const hooks = route.preParsing ?? []
    route.preParsing = [
      ...(Array.isArray(hooks) ? hooks : [hooks]),
      async (request: FastifyRequest) => {
        if (!IMAGE_TYPES.includes(essence(request.headers['content-type']))) {
          throw new HttpError(415, upload.wrongType)
        }
      },
    ] as never
  })
}
