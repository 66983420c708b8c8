import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button, disc } from '../../styled-system/recipes'
import { SITE } from '../site'
import { CheckMark } from './check-mark'
import { MailIcon } from './line-icons'
import { SiteHeader } from './site-header'

type Tone = 'waiting' | 'success' | 'error' | 'mail' | 'info'

const badge = cx(disc({ size: '16' }), css({ mx: 'auto', mb: '6' }))

const tones: Record<Tone, string> = {
  waiting: css({ bg: 'sand.100', color: 'clay.600' }),
  success: css({ bg: 'palm.50', color: 'palm.600' }),
  error: css({ bg: 'berry.50', color: 'berry.600' }),
  mail: css({ bg: 'clay.50', color: 'clay.600' }),
  info: css({ bg: 'sand.100', color: 'ink.700' }),
}

/** A turning arc (SVG's own animation: the theme has no spin keyframes). */
function Spinner() {
  return (
    <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden focusable="false">
      <circle
        cx="15"
        cy="15"
        r="12"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.2"
        strokeWidth="3"
      />
      <path
        d="M15 3a12 12 0 0 1 12 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      >
        <animateTransform
          attributeName="transform"
          type="rotate"
          from="0 15 15"
          to="360 15 15"
          dur="0.9s"
          repeatCount="indefinite"
        />
      </path>
    </svg>
  )
}

function ToneIcon({ tone }: { tone: Tone }) {
  switch (tone) {
    case 'waiting':
      return <Spinner />
    case 'success':
      return <CheckMark size={30} strokeWidth={2.2} />
    case 'mail':
      return <MailIcon size={28} />
    case 'error':
      return <Glyph>!</Glyph>
    case 'info':
      return <Glyph>16</Glyph>
  }
}

/** A display character standing for a tone that has no icon ('!', the house's '16'). */
function Glyph({ children }: { children: string }) {
  return (
    <span aria-hidden className={css({ fontFamily: 'display', fontSize: '3xl', lineHeight: '1' })}>
      {children}
    </span>
  )
}

/**
 * A one-message screen (logging in, an invite, a confirmation): a mark of its tone, the heading,
 * a few lines and the actions, centred in a card under the site's header. Waiting and error
 * screens are announced to screen readers.
 */
export function StatusCard({
  tone,
  eyebrow,
  title,
  children,
  actions,
  busy = false,
}: {
  tone: Tone
  eyebrow?: string
  title: string
  children?: ReactNode
  actions?: ReactNode
  busy?: boolean
}) {
  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <SiteHeader />
      <main
        aria-busy={busy}
        className={css({
          px: { base: '4', md: '8' },
          py: { base: '10', md: '20' },
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          placeItems: 'start center',
        })}
      >
        <section
          className={css({
            w: 'full',
            maxW: 'md',
            layerStyle: 'card',
            boxShadow: '0 24px 48px -32px rgba(26, 23, 19, 0.35)',
            px: { base: '6', md: '10' },
            py: { base: '8', md: '12' },
            textAlign: 'center',
          })}
        >
          <div className={cx(badge, tones[tone])}>
            <ToneIcon tone={tone} />
          </div>
          <div role={tone === 'error' ? 'alert' : tone === 'waiting' ? 'status' : undefined}>
            {eyebrow && <p className={css({ textStyle: 'eyebrow', mb: '2' })}>{eyebrow}</p>}
            <h1 className={css({ textStyle: 'display.status', textWrap: 'balance' })}>{title}</h1>
          </div>
          {children && (
            <div
              className={grid({
                mt: '4',
                color: 'fg.muted',
                lineHeight: '1.65',
                gap: '3',
                textWrap: 'pretty',
                // A long address or name breaks where it must, inside the card, at 320 px (the
                // reset gives every element its own `break-word`, which widens the card instead).
                '& *': { overflowWrap: 'anywhere' },
              })}
            >
              {children}
            </div>
          )}
          {actions && (
            <div
              className={css({
                mt: '8',
                display: 'flex',
                flexDir: 'column',
                gap: '3',
                alignItems: 'stretch',
                // A long action ('Didn't get it? Send another link') wraps at 360 px.
                '& > *': { whiteSpace: 'normal', h: 'auto', minH: '12', textAlign: 'center' },
              })}
            >
              {actions}
            </div>
          )}
        </section>
      </main>
    </div>
  )
}

/**
 * The page of an e-mail's link whose secret matches nothing (mistyped, cut short): says so, where
 * the link came from (`from`: 'your receipt'), and leads to the calendar.
 */
export function LinkNotFound({ title, from }: { title: string; from: string }) {
  return (
    <>
      <title>{`${title} · ${SITE.name}`}</title>
      <StatusCard
        tone="error"
        title={title}
        actions={
          <Link to="/" className={button({ size: 'lg' })}>
            See what's on
          </Link>
        }
      >
        <p>
          Check that the address matches the link in {from}, or write to {SITE.supportEmail}.
        </p>
      </StatusCard>
    </>
  )
}
