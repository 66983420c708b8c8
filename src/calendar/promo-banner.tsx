import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { usePausedWhenUnwatched } from '../shared/use-paused-when-unwatched'

const TEXT = 'Applications for Individuals & Communities are now open!'

/** The clay band both banners are, and the white 'Apply' pill on it. */
const band = css({ bg: 'clay.600', color: 'white', fontSize: 'sm' })
const applyPill = css({ bg: 'white', color: 'clay.700', borderRadius: 'full', py: '1' })

/** For visitors: the programme's call to apply; a scrolling bottom banner on phones. */
export function PromoBanner() {
  const banner = useRef<HTMLAnchorElement>(null)
  // An endless marquee on an idle phone is battery and heat: it rests with the page.
  usePausedWhenUnwatched(banner)
  return (
    <>
      <div
        className={cx(
          band,
          css({
            display: { base: 'none', md: 'flex' },
            alignItems: 'center',
            justifyContent: 'center',
            gap: '4',
            py: '2.5',
            px: '4',
          }),
        )}
      >
        <span>{TEXT}</span>
        <Link
          to="/membership"
          className={cx(
            applyPill,
            css({ fontWeight: 'semibold', px: '3.5', _hover: { bg: 'clay.50' } }),
          )}
        >
          Apply
        </Link>
      </div>
      <Link
        ref={banner}
        to="/membership"
        aria-label={`${TEXT} Apply now`}
        className={cx(
          band,
          css({
            display: { base: 'block', md: 'none' },
            position: 'fixed',
            insetX: '0',
            bottom: '0',
            zIndex: 'banner',
            overflow: 'hidden',
            py: '3',
            pb: 'max(token(spacing.3), env(safe-area-inset-bottom))',
            fontWeight: 'semibold',
          }),
        )}
      >
        {/* Moving: the call scrolls past, over and over. */}
        <span
          aria-hidden
          className={css({
            display: 'inline-block',
            whiteSpace: 'nowrap',
            animation: 'marquee 18s linear infinite',
            '[data-paused] &': { animationPlayState: 'paused' },
            _motionReduce: { display: 'none' },
          })}
        >
          {['a', 'b', 'c', 'd'].map((copy) => (
            <span key={copy} className={css({ px: '6' })}>
              {TEXT} · Apply now →
            </span>
          ))}
        </span>
        {/* Still, for people who asked for less motion: the whole call at once, wrapped. */}
        <span
          aria-hidden
          className={css({
            display: 'none',
            _motionReduce: {
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: '3',
              px: '4',
              lineHeight: 'snug',
            },
          })}
        >
          <span className={css({ fontSize: 'xs', fontWeight: 'medium' })}>{TEXT}</span>
          <span className={cx(applyPill, css({ flexShrink: '0', px: '3' }))}>Apply now →</span>
        </span>
      </Link>
    </>
  )
}
