import { type ComponentType, startTransition, useEffect, useRef, useState } from 'react'
import { preload } from 'react-dom'
import { LANDING_SCROLL_TARGET_PX } from '../../machines/rules/viewport'
import { css, cx } from '../../styled-system/css'
import { usePausedWhenUnwatched } from '../shared/use-paused-when-unwatched'
import { SITE } from '../site'

const LANDING_IMAGE = '/images/landing.svg'

/**
 * The landing of section 1: the rooftop image with a little life in it, the tagline and a
 * down-chevron that scrolls smoothly to 660 px. Visitors and signed-in people get the same hero
 * with different spacing (visitors have the promo banner above it).
 */
export function LandingHero({ signedIn }: { signedIn: boolean }) {
  const section = useRef<HTMLElement>(null)
  usePausedWhenUnwatched(section)
  const LandingMotion = useLandingMotion()
  // The largest thing on the first screen: asked for from the head, before the stylesheet and
  // the rest of the page have arrived.
  preload(LANDING_IMAGE, { as: 'image', fetchPriority: 'high' })
  return (
    <section
      ref={section}
      aria-label="Welcome"
      className={cx(
        css({
          position: 'relative',
          overflow: 'hidden',
          bg: 'ink.900',
          color: 'sand.50',
          display: 'flex',
          alignItems: 'flex-end',
        }),
        signedIn
          ? css({ minH: { base: '560px', md: '600px' } })
          : css({ minH: { base: '600px', md: '640px' } }),
      )}
    >
      <img
        src={LANDING_IMAGE}
        alt="The rooftop at golden hour"
        width={1200}
        height={900}
        fetchPriority="high"
        className={css({ position: 'absolute', inset: '0', layerStyle: 'cover', opacity: 0.92 })}
      />
      {LandingMotion && <LandingMotion />}
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
        className={cx(
          css({
            position: 'relative',
            maxW: '6xl',
            mx: 'auto',
            w: 'full',
            px: { base: '5', md: '8' },
          }),
          signedIn ? css({ pb: { base: '16', md: '20' } }) : css({ pb: { base: '20', md: '24' } }),
        )}
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
            textStyle: 'display.feature',
            maxW: '2xl',
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

/**
 * The moving layers are decoration: they load once the page is up (the still image is the first
 * screen), and not at all for people who asked for less motion.
 */
function useLandingMotion() {
  const [motion, setMotion] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let mounted = true
    import('./landing-motion').then(({ LandingMotion }) => {
      // A transition: decoration yields to anything the person does meanwhile.
      if (mounted) startTransition(() => setMotion(() => LandingMotion))
    })
    return () => {
      mounted = false
    }
  }, [])
  return motion
}
