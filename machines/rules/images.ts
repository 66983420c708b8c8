// Uploaded posters and the responsive image a view draws for a poster URL. The server names the
// variants with these rules and the app derives its srcset from the stored URL alone, so the two
// can never disagree.

/** Where uploaded images are served from. */
export const MEDIA_PATH = '/media/'

/** The widths an uploaded poster is resized to; never wider than the upright original. */
export const POSTER_WIDTHS = [480, 960, 1440] as const

/** The variants' encodings, best first: the order of a <picture>'s sources. */
export const IMAGE_FORMATS = [
  { format: 'avif', extension: 'avif', contentType: 'image/avif' },
  { format: 'webp', extension: 'webp', contentType: 'image/webp' },
  { format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' },
] as const

export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Where a picture sits, which says how wide it is drawn (the `sizes` attribute). */
export type ImageSlot = 'card' | 'page'

/**
 * How wide each slot is drawn. A calendar card is one of 1, 2 or 3 columns of the 72rem grid
 * (347 px each at full width); the event page's poster is 5/11 of that grid from 768 px (465 px).
 */
export const SLOT_SIZES: Record<ImageSlot, string> = {
  card: '(min-width: 1152px) 347px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  page: '(min-width: 1152px) 465px, (min-width: 768px) 42vw, 100vw',
}

/** A poster has the 3:4 frame of the calendar's cards; an SVG poster is drawn at this size. */
export const POSTER_FRAME = { width: 600, height: 800 } as const

/** The file name of one variant: the upload's content hash, its size and its encoding. */
export function variantName(hash: string, width: number, height: number, format: ImageFormat) {
  return `${hash}-${width}x${height}.${format.extension}`
}

/** The widest variant of an upright original: at most the widest poster width, never enlarged. */
export function widestVariant(width: number, height: number): { width: number; height: number } {
  const widest = Math.min(width, POSTER_WIDTHS[POSTER_WIDTHS.length - 1] ?? width)
  return { width: widest, height: Math.max(1, Math.round((widest * height) / width)) }
}

/**
 * Every variant's size, narrowest first, from the widest one's: the server resizes to these and
 * the app lists them, both from the same numbers.
 */
export function variantSizes(width: number, height: number): { width: number; height: number }[] {
  const narrower = POSTER_WIDTHS.filter((w) => w < width).map((w) => ({
    width: w,
    height: Math.max(1, Math.round((w * height) / width)),
  }))
  return [...narrower, { width, height }]
}

const UPLOADED = /^\/media\/([0-9a-f]{16,64})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.jpg$/

/** The URL an event's Poster list keeps for an upload: its widest JPEG variant. */
export function uploadedPosterUrl(hash: string, widest: { width: number; height: number }) {
  const jpeg = IMAGE_FORMATS[IMAGE_FORMATS.length - 1] as ImageFormat
  return `${MEDIA_PATH}${variantName(hash, widest.width, widest.height, jpeg)}`
}

export interface ResponsiveImage {
  /** What browsers without srcset load: the URL itself. */
  src: string
  /** The intrinsic size, so the page keeps its layout while the image loads. */
  width: number
  height: number
  /** One source per encoding, AVIF first; empty for an image with no variants (SVG). */
  sources: { type: string; srcSet: string }[]
  sizes: string
}

/**
 * Whether a picture is an uploaded photo, with variants the browser decodes off the page's main
 * thread, not a drawing (the demo's SVGs), which it lays out as a document of its own on the main
 * thread, before the page's first paint when the page asks for it early (decision 027).
 */
export const isPhoto = (url: string) => UPLOADED.test(url)

/**
 * The responsive image for a picture URL. An uploaded poster (`/media/<hash>-<w>x<h>.jpg`) has
 * AVIF, WebP and JPEG variants at each of its widths; any other URL (the demo's SVGs) is drawn
 * as it is, at the `fallback` size.
 */
export function responsiveImage(
  url: string,
  slot: ImageSlot,
  fallback: { width: number; height: number } = POSTER_FRAME,
): ResponsiveImage {
  const sizes = SLOT_SIZES[slot]
  const match = UPLOADED.exec(url)
  if (!match) return { src: url, ...fallback, sources: [], sizes }
  const [, hash = '', w = '0', h = '0'] = match
  const width = Number(w)
  const height = Number(h)
  // The stored URL names the widest variant, whose size gives the narrower ones'.
  const variants = variantSizes(width, height)
  const sources = IMAGE_FORMATS.map((format) => ({
    type: format.contentType,
    srcSet: variants
      .map(
        (size) =>
          `${MEDIA_PATH}${variantName(hash, size.width, size.height, format)} ${size.width}w`,
      )
      .join(', '),
  }))
  return { src: url, width, height, sources, sizes }
}
