import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { carouselMachine } from '../../machines/carousel/machine'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { disc } from '../../styled-system/recipes'
import { showLiveFlow } from '../live-flows'
import { ResponsiveImage } from '../shared/responsive-image'

/**
 * A carousel's actor: the index shown, whether it is paused, and the pause button's toggle.
 * It waits while the tab is hidden.
 */
function useCarousel(count: number, intervalMs: number) {
  const actorRef = useActorRef(carouselMachine, {
    input: { count, intervalMs },
    inspect: showLiveFlow,
  })
  const index = useSelector(actorRef, (s) => s.context.index)
  const paused = useSelector(actorRef, (s) => s.matches('paused'))
  // A pause the person asked for outlives a trip to another tab.
  const pausedByPerson = useRef(false)

  useEffect(() => {
    const follow = () => {
      if (document.visibilityState === 'hidden') actorRef.send({ type: 'carousel.paused' })
      else if (!pausedByPerson.current) actorRef.send({ type: 'carousel.resumed' })
    }
    follow()
    document.addEventListener('visibilitychange', follow)
    return () => document.removeEventListener('visibilitychange', follow)
  }, [actorRef])

  const togglePause = () => {
    pausedByPerson.current = !paused
    actorRef.send({ type: paused ? 'carousel.resumed' : 'carousel.paused' })
  }

  return { index, paused, togglePause }
}

/** The frame both carousels share; each gives it its own aspect ratio and corners. */
export const carouselFrame = css({
  position: 'relative',
  w: 'full',
  overflow: 'hidden',
  bg: 'sand.200',
  boxShadow: '0 1px 2px rgba(26,23,19,0.06), 0 12px 32px -12px rgba(26,23,19,0.28)',
})

const picture = css({
  position: 'absolute',
  inset: '0',
  layerStyle: 'cover',
  opacity: 0,
  transitionProperty: 'opacity',
  transitionDuration: 'fade',
  transitionTimingFunction: 'ease-in-out',
  '&[data-visible]': { opacity: 1 },
  _motionReduce: { transition: 'none' },
})

/**
 * The pictures stacked in their frame: the shown one fades in (no fade for people who ask for
 * reduced motion); the others are hidden from screen readers. The first loads at once.
 */
function CarouselPictures({
  pictures,
  index,
  width,
  height,
}: {
  pictures: readonly { url: string; alt: string }[]
  index: number
  width: number
  height: number
}) {
  return pictures.map((item, i) => {
    const visible = i === index
    return (
      <ResponsiveImage
        // Pictures may repeat; their order is their identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this carousel
        key={i}
        url={item.url}
        alt={visible ? item.alt : ''}
        hidden={!visible}
        visible={visible}
        slot="page"
        fallbackSize={{ width, height }}
        priority={i === 0}
        className={picture}
      />
    )
  })
}

/**
 * The pill at the bottom of the frame: 'Photo 2 of 3' for screen readers (said aloud while
 * paused when `announce`), one dot a picture, and the pause button.
 */
function CarouselControls({
  index,
  count,
  paused,
  onTogglePause,
  noun,
  announce = false,
  below = false,
}: {
  index: number
  count: number
  paused: boolean
  onTogglePause: () => void
  /** Under the frame, not over the picture's foot (a poster's lettering is there). */
  below?: boolean
  /** What the pictures are: { one: 'Photo', many: 'photos' }. */
  noun: { one: string; many: string }
  announce?: boolean
}) {
  return (
    <div
      className={flex({
        align: 'center',
        ...(below
          ? { w: 'fit-content', mx: 'auto', mt: '3' }
          : { position: 'absolute', bottom: '3', left: '50%', transform: 'translateX(-50%)' }),
        gap: '2.5',
        pl: '3',
        pr: '1',
        py: '1',
        borderRadius: 'full',
        bg: 'rgba(26,23,19,0.55)',
        backdropFilter: 'blur(6px)',
      })}
    >
      <p
        className={css({ srOnly: true })}
        aria-live={announce ? (paused ? 'polite' : 'off') : undefined}
      >
        {`${noun.one} ${index + 1} of ${count}`}
      </p>
      <div aria-hidden className={css({ display: 'flex', gap: '1.5' })}>
        {Array.from({ length: count }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per picture, in order
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
        onClick={onTogglePause}
        aria-label={paused ? `Play the ${noun.many}` : `Pause the ${noun.many}`}
        className={cx(
          disc({ size: '7' }),
          css({
            color: 'sand.50',
            cursor: 'pointer',
            _hover: { bg: 'rgba(252,250,246,0.16)' },
            _focusVisible: { outline: '2px solid', outlineColor: 'sand.50', outlineOffset: '1px' },
          }),
        )}
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
  )
}

/**
 * The inside of a carousel frame (the poster and studio carousels): the pictures take turns
 * every `intervalMs` with a cross-fade, and with more than one, the pill with the dots and the
 * pause button. With `frameBelow`, it draws the frame itself (that class) and puts the pill
 * under it. Give it a `key` that changes with the pictures, so a new set starts afresh.
 */
export function CarouselView({
  pictures,
  width,
  height,
  intervalMs,
  noun,
  announce = false,
  frameBelow,
}: {
  pictures: readonly { url: string; alt: string }[]
  /** The pictures' intrinsic size, so the page keeps its layout while they load. */
  width: number
  height: number
  intervalMs: number
  /** What the pictures are: { one: 'Photo', many: 'photos' }. */
  noun: { one: string; many: string }
  /** Say 'Photo 2 of 3' aloud while paused. */
  announce?: boolean
  /** The frame's class, drawn here with the pill under it: pictures with words at their foot. */
  frameBelow?: string
}) {
  const { index, paused, togglePause } = useCarousel(pictures.length, intervalMs)
  const shown = <CarouselPictures pictures={pictures} index={index} width={width} height={height} />
  const controls = pictures.length > 1 && (
    <CarouselControls
      index={index}
      count={pictures.length}
      paused={paused}
      onTogglePause={togglePause}
      noun={noun}
      announce={announce}
      below={frameBelow !== undefined}
    />
  )
  if (frameBelow === undefined) {
    return (
      <>
        {shown}
        {controls}
      </>
    )
  }
  return (
    <div>
      <div className={frameBelow}>{shown}</div>
      {controls}
    </div>
  )
}
