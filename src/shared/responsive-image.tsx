import { preload } from 'react-dom'
import { type ImageSlot, responsiveImage } from '../../machines/rules/images'

/**
 * A picture by its URL: an uploaded photo as a <picture> of AVIF and WebP variants with a JPEG
 * fallback, any other image (the demo's SVGs) as a plain <img>; both with their width and height,
 * so nothing moves while they load. `priority` marks the first picture on screen: fetched early
 * and at high priority, and preloaded from the HTML's head when the page is rendered on the server.
 */
export function ResponsiveImage({
  url,
  alt,
  slot,
  fallbackSize,
  priority = false,
  eager = priority,
  className,
  hidden = false,
  visible,
}: {
  url: string
  alt: string
  slot: ImageSlot
  /** The drawn size of an image without variants; a poster's 3:4 frame by default. */
  fallbackSize?: { width: number; height: number }
  priority?: boolean
  /** Load at once rather than when scrolled near. */
  eager?: boolean
  className?: string
  /** Hidden from screen readers (a carousel's pictures not shown). */
  hidden?: boolean
  /** Sets `data-visible` (a carousel's shown picture). */
  visible?: boolean
}) {
  const image = responsiveImage(url, slot, fallbackSize)
  const best = image.sources[0]
  if (priority) {
    preload(image.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(best ? { type: best.type, imageSrcSet: best.srcSet, imageSizes: image.sizes } : {}),
    })
  }
  // The last source is the JPEG every browser reads: the <img> itself carries it.
  const fallback = image.sources.at(-1)
  const img = (
    <img
      src={image.src}
      srcSet={fallback?.srcSet}
      sizes={fallback ? image.sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      aria-hidden={hidden || undefined}
      data-visible={visible ? '' : undefined}
      className={className}
    />
  )
  if (!best) return img
  return (
    <picture>
      {image.sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  )
}
