import { css, cx } from '../../styled-system/css'
import { CarouselView, carouselFrame } from '../carousel/carousel-view'

/** Each studio photo stays 5 s (spec section 9), then the next fades in. */
const STUDIO_INTERVAL_MS = 5000

export const STUDIO_PHOTOS = [
  {
    url: '/images/studio-1.svg',
    alt: 'The risograph duplicator mid-run, two-colour prints on the pinboard and ink drums on the shelf',
  },
  {
    url: '/images/studio-2.svg',
    alt: 'Linocut prints drying on a line above a bench of carving gouges, a brayer and an ink slab',
  },
  {
    url: '/images/studio-3.svg',
    alt: 'A mould and deckle lifted from a vat of pulp, handmade sheets with petals drying on the line',
  },
] as const

/**
 * The studio's photos, one every 5 s with a cross-fade (none for people who ask for reduced
 * motion). The carousel waits while the tab is hidden, and whenever the person pauses it.
 */
export function PrintStudioCarousel({ className }: { className?: string }) {
  return (
    <figure
      aria-roledescription="carousel"
      aria-label="Photos of the print studio"
      className={cx(
        carouselFrame,
        css({ m: '0', aspectRatio: '3 / 2', borderRadius: { base: 'l2', md: 'l3' } }),
        className,
      )}
    >
      <CarouselView
        pictures={STUDIO_PHOTOS}
        width={1200}
        height={800}
        intervalMs={STUDIO_INTERVAL_MS}
        noun={{ one: 'Photo', many: 'photos' }}
        announce
      />
    </figure>
  )
}
