import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import { badRequest, HttpError } from '../http-error'
import { readLimitedBody } from '../http-options'
import { MAX_INPUT_PIXELS, type Variant } from '../images/poster-variants'

// Profile pictures: the browser PUTs the file's bytes (image/jpeg, image/png or image/webp). The
// server trusts neither the name nor the declared type: sharp reads what the bytes are. One
// square WebP is kept in the media table (shared by every instance) and served at /media/{name}.

/** The largest picture accepted: a phone photo is 2 to 5 MB. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024
/** The stored square's side: twice the largest avatar shown (192 px), for sharp screens. */
export const PICTURE_SIZE = 384

const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const PICTURE_ROUTE = '/api/accounts/profile/picture'
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export const TOO_LARGE = 'The picture is larger than 5 MB. Choose a smaller one, or crop it first.'
export const NOT_A_PICTURE = 'The file is not a picture. Upload a JPEG, PNG or WebP image.'
export const WRONG_TYPE =
  'Send the picture as it is, with Content-Type image/jpeg, image/png or image/webp.'

const essence = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * Reads a body up to the limit; past it, a 413 with a sentence instead of Fastify's own, and the
 * connection kept for the next request (readLimitedBody).
 */
function readPicture(request: FastifyRequest, payload: NodeJS.ReadableStream) {
  return readLimitedBody(
    request.headers,
    payload,
    MAX_PICTURE_BYTES,
    () => new HttpError(413, TOO_LARGE),
  )
}

/**
 * Lets the picture route take image bodies, and only it: another route sent an image gets the
 * JSON-only refusal it always gave. Must run before the routes are registered.
 */
export function registerPictureUpload(app: FastifyInstance) {
  app.addContentTypeParser(
    PICTURE_TYPES,
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      if (request.routeOptions.url !== PICTURE_ROUTE) {
        throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json).')
      }
      return readPicture(request, payload)
    },
  )
  app.addHook('onRoute', (route) => {
    if (route.url !== PICTURE_ROUTE || route.method !== 'PUT') return
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
        if (!PICTURE_TYPES.includes(essence(request.headers['content-type']))) {
          throw new HttpError(415, WRONG_TYPE)
        }
      },
    ] as never
  })
}

/** Checks an uploaded picture and makes its square variant; throws 400 with what to do. */
export async function pictureVariant(file: Buffer): Promise<Variant> {
  if (file.length === 0) throw badRequest('The picture is empty. Choose an image file.')
  const metadata = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => {
      throw badRequest(NOT_A_PICTURE)
    })
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw badRequest(
      `Upload the picture as a JPEG, PNG or WebP, not ${metadata.format?.toUpperCase() ?? 'this kind of file'}.`,
    )
  }
  const bytes = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw badRequest('The picture is damaged and cannot be read. Choose another one.')
    })
  const hash = createHash('sha256').update(file).digest('hex').slice(0, 20)
  return {
    name: `${hash}-${PICTURE_SIZE}x${PICTURE_SIZE}.webp`,
    contentType: 'image/webp',
    width: PICTURE_SIZE,
    height: PICTURE_SIZE,
    bytes,
  }
}
