import { createHash } from 'node:crypto'
import type { Sharp } from 'sharp'
import {
  IMAGE_FORMATS,
  type ImageFormat,
  uploadedPosterUrl,
  variantName,
  variantSizes,
  widestVariant,
} from '../../machines/rules/images.ts'
import { loadSharp } from './sharp.ts'

/** The largest file staff may upload: a camera JPEG is 3 to 12 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** The most pixels decoded (a 48-megapixel phone photo fits): a tiny file cannot claim gigapixels. */
export const MAX_INPUT_PIXELS = 50_000_000
/** What a poster may be uploaded as: photographs and exported artwork. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

/** An upload refused for what the file is; the message says what to do instead. */
export class ImageRejected extends Error {}

export interface Variant {
  name: string
  contentType: string
  width: number
  height: number
  bytes: Buffer
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

// Settings chosen for posters seen at most 1440 px wide: visually clean, a fraction of the JPEG.
const encoders: Record<ImageFormat['format'], (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 76, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
}

/**
 * Checks an uploaded file and resizes it once into every variant: decoded once, turned upright
 * by its EXIF orientation, metadata (location, camera) dropped, then AVIF, WebP and JPEG at each
 * width. Names carry the file's content hash, so a new upload never reuses a cached URL.
 */
export async function posterVariants(file: Buffer): Promise<{ url: string; variants: Variant[] }> {
  if (file.length > MAX_UPLOAD_BYTES) {
    throw new ImageRejected(
      `The file is ${megabytes(file.length)}; a poster may be at most ${megabytes(MAX_UPLOAD_BYTES)}. Export it smaller and try again.`,
    )
  }
  const sharp = await loadSharp()
  const metadata = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => {
      throw new ImageRejected('The file is not an image. Upload a JPEG, PNG or WebP poster.')
    })
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejected(
      `Upload the poster as a JPEG, PNG or WebP, not ${metadata.format?.toUpperCase()}.`,
    )
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejected(
      `The image is ${metadata.width} x ${metadata.height} pixels; a poster may have at most ${MAX_INPUT_PIXELS / 1_000_000} million. Export it smaller and try again.`,
    )
  }

  // Decoded once into raw pixels (transparency on white); every variant is resized from these.
  const upright = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ImageRejected('The image is damaged and cannot be read. Export it again.')
    })
  const { width, height, channels } = upright.info
  const widest = widestVariant(width, height)
  const hash = createHash('sha256').update(file).digest('hex').slice(0, 20)
  const raw = { raw: { width, height, channels } }

  const variants: Variant[] = []
  for (const size of variantSizes(widest.width, widest.height)) {
    const resized = await sharp(upright.data, raw)
      .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true })
    for (const format of IMAGE_FORMATS) {
      const encoder = encoders[format.format]
      const bytes = await encoder(sharp(resized.data, { raw: resized.info })).toBuffer()
      variants.push({
        name: variantName(hash, size.width, size.height, format),
        contentType: format.contentType,
        ...size,
        bytes,
      })
    }
  }
  return { url: uploadedPosterUrl(hash, widest), variants }
}
