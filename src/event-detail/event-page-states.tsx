import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button, column } from '../../styled-system/recipes'
import { Skeleton } from '../shared/skeleton'
import { SITE } from '../site'

// The event page's screens other than the event itself: missing, a message with its actions
// (e.g. the event could not be loaded), and the page's shape while it loads.

const container = column()

/** The event page's two columns: the poster, then the text. */
export const eventLayout = grid({
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
  gap: { base: '6', md: '10', lg: '16' },
  alignItems: 'start',
})

export function EventMissing() {
  return (
    <EventMessage
      title="This event does not exist"
      text="It may have been taken down, or the address has a typo. The calendar has everything that is on."
    >
      <Link to="/" className={button({ size: 'lg' })}>
        Back to the calendar
      </Link>
    </EventMessage>
  )
}

export function EventMessage({
  title,
  text,
  children,
}: {
  title: string
  text: string
  children: ReactNode
}) {
  return (
    <main className={cx(container, css({ py: { base: '16', md: '24' }, textAlign: 'center' }))}>
      <title>{`${title} · ${SITE.name}`}</title>
      <p aria-hidden className={css({ textStyle: 'display.numeral', fontSize: '6xl' })}>
        16
      </p>
      <h1 className={css({ textStyle: 'display.headline', mt: '4', textWrap: 'balance' })}>
        {title}
      </h1>
      <p className={css({ color: 'fg.muted', mt: '3', mb: '8', maxW: 'md', mx: 'auto' })}>{text}</p>
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}
      >
        {children}
      </div>
    </main>
  )
}

/** The page's shape while the event is on its way: poster, badges, title, text and facts. */
export function EventSkeleton() {
  return (
    <main
      aria-busy="true"
      aria-label="Loading the event"
      className={css({ pt: { base: '3', md: '6' }, pb: { base: '28', md: '20' } })}
    >
      <div className={container}>
        <Skeleton className={css({ h: '9', w: '20', borderRadius: 'full' })} />
        <div className={cx(eventLayout, css({ mt: { base: '3', md: '4' } }))}>
          <Skeleton className={css({ aspectRatio: '3 / 4', borderRadius: 'l3' })} />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            <Skeleton className={css({ h: '6', w: '16', borderRadius: 'full' })} />
            <Skeleton className={css({ h: '12', w: '70%' })} />
            <Skeleton className={css({ h: '4', w: '20', mt: '6' })} />
            <Skeleton className={css({ h: '5', w: 'full' })} />
            <Skeleton className={css({ h: '5', w: '92%' })} />
            <Skeleton className={css({ h: '5', w: '60%' })} />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className={css({ h: '14', w: 'full', mt: i === 0 ? '8' : '1' })} />
            ))}
            <Skeleton
              className={css({
                display: { base: 'none', md: 'block' },
                h: '12',
                w: '48',
                borderRadius: 'full',
                mt: '8',
              })}
            />
          </div>
        </div>
      </div>
    </main>
  )
}
