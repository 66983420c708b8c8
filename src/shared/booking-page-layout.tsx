import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { column } from '../../styled-system/recipes'
import type { SystemStyleObject } from '../../styled-system/types'
import { CheckMark } from './check-mark'

/** The heading of a section of a booking page ('What's included', 'Hours'). */
export const bookingSectionHeading = css({ textStyle: 'smallCaps', mb: '3' })

/**
 * A page that books a place (/co-working, /print-studio): its picture on the left (kept in view
 * from 768 px), and on the right the kicker, the title, the introduction, the action bar, what
 * a booking includes, then the page's own sections. `panels` are the dialogs the action opens.
 */
export function BookingPageLayout({
  media,
  eyebrow,
  title,
  intro,
  action,
  included,
  children,
  panels,
}: {
  media: ReactNode
  eyebrow: string
  title: string
  intro: ReactNode
  action: ReactNode
  /** The list under 'What's included'. */
  included: ReactNode
  children: ReactNode
  panels?: ReactNode
}) {
  return (
    <main className={css({ pt: { base: '4', md: '8' }, pb: { base: '32', md: '20' } })}>
      <div
        className={cx(
          column(),
          grid({
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
            gap: { base: '6', md: '10', lg: '16' },
            alignItems: 'start',
          }),
        )}
      >
        <div className={css({ md: { position: 'sticky', top: '20' } })}>{media}</div>

        <div className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
          <p className={css({ textStyle: 'eyebrow', mb: '2' })}>{eyebrow}</p>
          <h1 className={css({ textStyle: 'display.hero' })}>{title}</h1>
          <p
            className={css({
              mt: '4',
              fontSize: 'md',
              lineHeight: '1.7',
              color: 'ink.700',
              maxW: '60ch',
            })}
          >
            {intro}
          </p>

          {action}

          <section aria-labelledby="included-heading" className={css({ mt: '10' })}>
            <h2 id="included-heading" className={bookingSectionHeading}>
              What's included
            </h2>
            {included}
          </section>

          {children}
        </div>
      </div>
      {panels}
    </main>
  )
}

/** The round tick before what a booking includes; a clock before what is coming soon. */
export function IncludedMark({
  soon = false,
  css: extra,
}: {
  soon?: boolean
  css?: SystemStyleObject
}) {
  return (
    <span
      aria-hidden
      className={css(
        {
          display: 'grid',
          placeItems: 'center',
          w: '6',
          h: '6',
          flexShrink: '0',
          borderRadius: 'full',
          bg: soon ? 'sand.100' : 'palm.50',
          color: soon ? 'ink.500' : 'palm.600',
        },
        extra,
      )}
    >
      {soon ? (
        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" aria-hidden>
          <circle cx="12" cy="12" r="8" stroke="currentColor" strokeWidth="2.5" />
          <path d="M12 8v4l2.5 2" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      ) : (
        <CheckMark size={12} strokeWidth={3} />
      )}
    </span>
  )
}
