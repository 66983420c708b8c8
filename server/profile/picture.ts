import { createHash } from 'node:crypto'
import { badRequest } from '../http/http-error'
import type { ImageUpload } from '../http/uploads'
import { MAX_INPUT_PIXELS, type Variant } from '../media/poster-variants'
import { loadSharp } from '../media/sharp'

// Profile pictures: the browser PUTs the file's bytes (image/jpeg, image/png or image/webp). The
// server trusts neither the name nor the declared type: sharp reads what the bytes are. One
// square WebP is kept in the media table (shared by every instance) and served at /media/{name}.

/** The largest picture accepted: a phone photo is 2 to 5 MB. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024
/** The stored square's side: twice the largest avatar shown (192 px), for sharp screens. */
export const PICTURE_SIZE = 384

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export const TOO_LARGE = 'The picture is larger than 5 MB. Choose a smaller one, or crop it first.'
export const NOT_A_PICTURE = 'The file is not a picture. Upload a JPEG, PNG or WebP image.'
export const WRONG_TYPE =
  'Send the picture as it is, with Content-Type image/jpeg, image/png or image/webp.'

/** PUT /accounts/profile/picture takes the file's bytes (server/http/uploads.ts). */
export const PICTURE_UPLOAD: ImageUpload = {
  url: '/api/accounts/profile/picture',
  limit: MAX_PICTURE_BYTES,
  tooLarge: TOO_LARGE,
  wrongType: WRONG_TYPE,
}

/** Checks an uploaded picture and makes its square variant; throws 400 with what to do. */
export async function pictureVariant(file: Buffer): Promise<Variant> {
  if (file.length === 0) throw badRequest('The picture is empty. Choose an image file.')
  const sharp = await loadSharp()
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
