import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { carouselMachine } from '../../machines/carousel.machine'
import { css, cx } from '../../styled-system/css'

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

const picture = css({
  position: 'absolute',
  inset: '0',
  w: 'full',
  h: 'full',
  objectFit: 'cover',
  opacity: 0,
  transitionProperty: 'opacity',
  transitionDuration: 'fade',
  transitionTimingFunction: 'ease-in-out',
  '&[data-visible]': { opacity: 1 },
  _motionReduce: { transition: 'none' },
})

/**
 * The studio's photos, one every 5 s with a cross-fade (none for people who ask for reduced
 * motion). The carousel waits while the tab is hidden, and whenever the person pauses it.
 */
export function PrintStudioCarousel({ className }: { className?: string }) {
  const actorRef = useActorRef(carouselMachine, {
    input: { count: STUDIO_PHOTOS.length, intervalMs: STUDIO_INTERVAL_MS },
  })
  const index = useSelector(actorRef, (s) => s.context.index)
  const paused = useSelector(actorRef, (s) => s.matches('paused'))
  const pausedByPerson = useRef(false)

  useEffect(() => {
    const follow = () => {
      if (document.visibilityState === 'hidden') actorRef.send({ type: 'carousel.pause' })
      else if (!pausedByPerson.current) actorRef.send({ type: 'carousel.resume' })
    }
    follow()
    document.addEventListener('visibilitychange', follow)
    return () => document.removeEventListener('visibilitychange', follow)
  }, [actorRef])

  const togglePause = () => {
    pausedByPerson.current = !paused
    actorRef.send({ type: paused ? 'carousel.resume' : 'carousel.pause' })
  }

  return (
    <figure
      aria-roledescription="carousel"
      aria-label="Photos of the print studio"
      className={cx(
        css({
          position: 'relative',
          m: '0',
          aspectRatio: '3 / 2',
          w: 'full',
          overflow: 'hidden',
          borderRadius: { base: 'l2', md: 'l3' },
          bg: 'sand.200',
          boxShadow: '0 1px 2px rgba(26,23,19,0.06), 0 12px 32px -12px rgba(26,23,19,0.28)',
        }),
        className,
      )}
    >
      {STUDIO_PHOTOS.map((photo, i) => {
        const visible = i === index
        return (
          <img
            key={photo.url}
            src={photo.url}
            alt={visible ? photo.alt : ''}
            aria-hidden={visible ? undefined : true}
            data-visible={visible ? '' : undefined}
            width={1200}
            height={800}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            className={picture}
          />
        )
      })}
      <div
        className={css({
          position: 'absolute',
          bottom: '3',
          left: '50%',
          transform: 'translateX(-50%)',
          display: 'flex',
          alignItems: 'center',
          gap: '2.5',
          pl: '3',
          pr: '1',
          py: '1',
          borderRadius: 'full',
          bg: 'rgba(26,23,19,0.55)',
          backdropFilter: 'blur(6px)',
        })}
      >
        <p className={css({ srOnly: true })} aria-live={paused ? 'polite' : 'off'}>
          {`Photo ${index + 1} of ${STUDIO_PHOTOS.length}`}
        </p>
        <div aria-hidden className={css({ display: 'flex', gap: '1.5' })}>
          {STUDIO_PHOTOS.map((photo, i) => (
            <span
              key={photo.url}
              data-visible={i === index ? '' : undefined}
              className={css({
                display: 'block',
                h: '1.5',
                w: '1.5',
                borderRadius: 'full',
                bg: 'rgba(252,250,246,0.5)',
                transition: 'width 0.3s, background 0.3s',
                '&[data-visible]': { w: '4', bg: 'sand.50' },
                _motionReduce: { transition: 'none' },
              })}
            />
          ))}
        </div>
        <button
          type="button"
          onClick={togglePause}
          aria-label={paused ? 'Play the photos' : 'Pause the photos'}
          className={css({
            display: 'grid',
            placeItems: 'center',
            w: '7',
            h: '7',
            borderRadius: 'full',
            color: 'sand.50',
            cursor: 'pointer',
            _hover: { bg: 'rgba(252,250,246,0.16)' },
            _focusVisible: { outline: '2px solid', outlineColor: 'sand.50', outlineOffset: '1px' },
          })}
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden fill="currentColor">
            {paused ? (
              <path d="M3 1.5v9l7.5-4.5z" />
            ) : (
              <path d="M2.5 1.5h2.5v9H2.5zM7 1.5h2.5v9H7z" />
            )}
          </svg>
        </button>
      </div>
    </figure>
  )
}
