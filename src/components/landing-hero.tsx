import { type ReactNode, useId, useRef } from 'react'
import { LANDING_SCROLL_TARGET_PX } from '../../machines/rules/viewport'
import { css } from '../../styled-system/css'
import { usePausedWhenUnwatched } from '../hooks/use-paused-when-unwatched'
import { SITE } from '../site'

/**
 * The landing of section 1: the rooftop image with a little life in it, the tagline and a
 * down-chevron that scrolls smoothly to 660 px. Visitors and signed-in people get the same hero
 * with different spacing (visitors have the promo banner above it).
 */
export function LandingHero({ signedIn }: { signedIn: boolean }) {
  const section = useRef<HTMLElement>(null)
  usePausedWhenUnwatched(section)
  return (
    <section
      ref={section}
      aria-label="Welcome"
      className={css({
        position: 'relative',
        overflow: 'hidden',
        bg: 'ink.900',
        color: 'sand.50',
        minH: signedIn ? { base: '560px', md: '600px' } : { base: '600px', md: '640px' },
        display: 'flex',
        alignItems: 'flex-end',
      })}
    >
      <img
        src="/images/landing.svg"
        alt="The rooftop at golden hour"
        width={1200}
        height={900}
        fetchPriority="high"
        className={css({
          position: 'absolute',
          inset: '0',
          w: 'full',
          h: 'full',
          objectFit: 'cover',
          opacity: 0.92,
        })}
      />
      <LandingMotion />
      <div
        aria-hidden
        className={css({
          position: 'absolute',
          inset: '0',
          bgGradient: 'to-t',
          gradientFrom: 'rgba(26,23,19,0.92)',
          gradientVia: 'rgba(26,23,19,0.45)',
          gradientTo: 'transparent',
        })}
      />
      <div
        className={css({
          position: 'relative',
          maxW: '6xl',
          mx: 'auto',
          w: 'full',
          px: { base: '5', md: '8' },
          pb: signedIn ? { base: '16', md: '20' } : { base: '20', md: '24' },
        })}
      >
        <p
          className={css({
            fontSize: 'xs',
            letterSpacing: '0.2em',
            textTransform: 'uppercase',
            color: 'clay.200',
            mb: '3',
          })}
        >
          Sixteen · Victoria Island, Lagos
        </p>
        <h1
          className={css({
            fontFamily: 'display',
            fontSize: { base: '3xl', md: '5xl' },
            lineHeight: '1.1',
            maxW: '2xl',
            textWrap: 'balance',
            textShadow: '0 2px 18px rgba(26, 23, 19, 0.6)',
          })}
        >
          {SITE.tagline}
        </h1>
        <button
          type="button"
          aria-label="Scroll to the calendar"
          onClick={() => window.scrollTo({ top: LANDING_SCROLL_TARGET_PX, behavior: 'smooth' })}
          className={css({
            mt: '8',
            w: '12',
            h: '12',
            borderRadius: 'full',
            borderWidth: '1px',
            borderColor: 'rgba(252,250,246,0.5)',
            display: 'grid',
            placeItems: 'center',
            cursor: 'pointer',
            color: 'sand.50',
            // A hint that there is more below, three times; then it rests.
            animation: 'drift 2.4s ease-in-out 3',
            '[data-paused] &': { animationPlayState: 'paused' },
            _hover: { bg: 'rgba(252,250,246,0.12)' },
            _focusVisible: { outline: '2px solid', outlineColor: 'clay.200', outlineOffset: '3px' },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          })}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden>
            <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </section>
  )
}

// Each moving part is its own layer over the still image, cropped like it (same viewBox, 'slice'
// as object-fit: cover), and moves only by transform or opacity: the compositor animates it
// without the main thread. Reduced motion leaves every layer at rest.
const layer = css({
  position: 'absolute',
  inset: '0',
  w: 'full',
  h: 'full',
  pointerEvents: 'none',
  '[data-paused] &': { animationPlayState: 'paused' },
  _motionReduce: { animation: 'none' },
})

const BULBS = [
  [123, 142],
  [176, 161],
  [229, 174],
  [282, 183],
  [335, 186],
  [388, 185],
  [441, 178],
  [494, 167],
  [547, 150],
  [653, 150],
  [706, 167],
  [759, 178],
  [812, 185],
  [865, 186],
  [918, 183],
  [971, 174],
  [1024, 161],
  [1077, 142],
] as const

function Layer({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 1200 900"
      preserveAspectRatio="xMidYMid slice"
      className={`${layer} ${className}`}
    >
      {children}
    </svg>
  )
}

/** Two moving layers: the sun's glow and the string lights breathe together; birds cross the sky. */
function LandingMotion() {
  const sky = useId()
  return (
    <>
      <Layer className={css({ animation: 'fadeIn 6s ease-in-out infinite alternate' })}>
        {/* The glow stays in the sky, behind the skyline's tops. */}
        <clipPath id={sky}>
          <rect width="1200" height="470" />
        </clipPath>
        <circle
          cx="760"
          cy="420"
          r="230"
          fill="#f5c451"
          fillOpacity=".18"
          clipPath={`url(#${sky})`}
        />
        <g fill="#f5c451" opacity=".45">
          {BULBS.map(([x, y]) => (
            <circle key={x} cx={x} cy={y} r="15" />
          ))}
        </g>
      </Layer>
      <Layer className={css({ animation: 'birdsFly 40s linear infinite' })}>
        <g fill="none" stroke="#3d3830" strokeWidth="2.5" strokeLinecap="round">
          <path d="M300 250q9-9 18 0q9-9 18 0" />
          <path d="M278 186q7-7 14 0q7-7 14 0" />
          <path d="M189 199q6-6 12 0q6-6 12 0" />
        </g>
      </Layer>
    </>
  )
}
