import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { carouselMachine } from '../../machines/carousel.machine'
import { css, cx } from '../../styled-system/css'

/** How long each poster stays before the next fades in (the fade itself is the `fade` token). */
const POSTER_INTERVAL_MS = 3000

const frame = css({
  position: 'relative',
  aspectRatio: '3 / 4',
  w: 'full',
  overflow: 'hidden',
  borderRadius: 'l3',
  bg: 'sand.200',
  boxShadow: '0 1px 2px rgba(26,23,19,0.06), 0 12px 32px -12px rgba(26,23,19,0.28)',
})

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
  const actorRef = useActorRef(carouselMachine, {
    input: { count: posters.length, intervalMs: POSTER_INTERVAL_MS },
  })
  const index = useSelector(actorRef, (s) => s.context.index)
  const paused = useSelector(actorRef, (s) => s.matches('paused'))
  // A pause the person asked for outlives a trip to another tab.
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

  return (
    <div className={cx(frame, className)}>
      {posters.map((poster, i) => {
        const visible = i === index
        return (
          <img
            // Posters may repeat; their order is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this carousel
            key={i}
            src={poster.url}
            alt={visible ? `Poster for ${name}` : ''}
            aria-hidden={visible ? undefined : true}
            data-visible={visible ? '' : undefined}
            width={600}
            height={800}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            className={picture}
          />
        )
      })}
      {posters.length > 1 && (
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
          <p className={css({ srOnly: true })}>{`Poster ${index + 1} of ${posters.length}`}</p>
          <div aria-hidden className={css({ display: 'flex', gap: '1.5' })}>
            {posters.map((_, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per poster, in order
                key={i}
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
            aria-label={paused ? 'Play the posters' : 'Pause the posters'}
            className={css({
              display: 'grid',
              placeItems: 'center',
              w: '7',
              h: '7',
              borderRadius: 'full',
              color: 'sand.50',
              cursor: 'pointer',
              _hover: { bg: 'rgba(252,250,246,0.16)' },
              _focusVisible: {
                outline: '2px solid',
                outlineColor: 'sand.50',
                outlineOffset: '1px',
              },
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
      )}
    </div>
  )
}
