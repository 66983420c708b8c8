import { css, cx } from '../../styled-system/css'
import { CarouselView, carouselFrame } from '../carousel/carousel-view'

/** How long each poster stays before the next fades in (the fade itself is the `fade` token). */
const POSTER_INTERVAL_MS = 3000

const frame = cx(carouselFrame, css({ aspectRatio: '3 / 4', borderRadius: 'l3' }))

/**
 * An event's posters. Several posters take turns (3 s each, 1 s cross-fade, no fade for people
 * who ask for reduced motion); the carousel waits while the tab is hidden or when paused.
 * Give it a `key` that changes with the posters, so a new set starts a new carousel.
 */
export function PosterCarousel({
  posters,
  name,
  className,
}: {
  posters: { url: string }[]
  name: string
  className?: string
}) {
  if (posters.length === 0) {
    return (
      <div className={cx(frame, className)}>
        <div
          role="img"
          aria-label={`No poster yet for ${name}`}
          className={css({
            position: 'absolute',
            inset: '0',
            display: 'grid',
            placeItems: 'center',
            bgGradient: 'to-br',
            gradientFrom: 'clay.100',
            gradientTo: 'sand.200',
            fontFamily: 'display',
            fontSize: '6xl',
            color: 'clay.400',
          })}
        >
          16
        </div>
      </div>
    )
  }

  // A poster's lettering runs to its foot: the dots and pause sit under the poster, not on it.
  return (
    <CarouselView
      pictures={posters.map((poster) => ({ url: poster.url, alt: `Poster for ${name}` }))}
      width={600}
      height={800}
      intervalMs={POSTER_INTERVAL_MS}
      noun={{ one: 'Poster', many: 'posters' }}
      frameBelow={cx(frame, className)}
    />
  )
}
