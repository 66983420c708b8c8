import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import type { SystemStyleObject } from '../../styled-system/types'
import { RetryButton } from './retry-button'
import { Skeleton } from './skeleton'

const stickyBar = css.raw({
  position: { base: 'fixed', md: 'static' },
  insetX: { base: '0', md: 'auto' },
  bottom: { base: '0', md: 'auto' },
  zIndex: { base: 'sticky', md: 'auto' },
  bg: { base: 'rgba(252, 250, 246, 0.96)', md: 'transparent' },
  backdropFilter: { base: 'saturate(1.4) blur(10px)', md: 'none' },
  borderTopWidth: { base: '1px', md: '0' },
  borderColor: 'border',
  boxShadow: { base: '0 -8px 24px -16px rgba(26,23,19,0.35)', md: 'none' },
  px: { base: '4', md: '0' },
  pt: { base: '3', md: '0' },
  pb: { base: 'calc(token(spacing.3) + env(safe-area-inset-bottom))', md: '0' },
})

/**
 * A page's one action: a bar fixed to the bottom of phones, so it is always in reach, and
 * inline under the title from 768 px. `css` adds to its style (the space above it on wide screens).
 * Its data attribute gives the page the scroll padding that keeps a focused field out from under
 * it (panda.config.ts).
 */
export function StickyActionBar({
  css: extra,
  children,
}: {
  css?: SystemStyleObject
  children: ReactNode
}) {
  return (
    <div data-sticky-bar="" className={css(stickyBar, extra)}>
      {children}
    </div>
  )
}

/** What the booking action can do now, from the page's booking actor. */
export type BookingAction =
  | { status: 'loading' }
  | { status: 'failed'; onRetry: () => void }
  | { status: 'unavailable'; reason: string }
  | { status: 'open'; canOpen: boolean; onOpen: () => void }

/**
 * The price and the action of a booking page (co-working, print studio): 'Book' while it takes
 * bookings, a greyed 'Not available' with the reason when it does not, 'Try again' when the
 * options could not load. A null price is still on its way.
 */
export function BookingActionBar({
  price,
  note,
  action,
}: {
  price: string | null
  /** Under the price: what it buys ('a day, per person'). */
  note: string | null
  action: BookingAction
}) {
  const line =
    action.status === 'failed' ? (
      <span role="alert" className={css({ color: 'danger.default' })}>
        Booking could not load. Check your connection.
      </span>
    ) : action.status === 'unavailable' ? (
      action.reason
    ) : (
      note
    )
  return (
    <StickyActionBar css={{ mt: { md: '8' } }}>
      <div
        className={flex({
          align: 'center',
          justify: { base: 'space-between', md: 'flex-start' },
          gap: { base: '3', md: '6' },
          maxW: '6xl',
          mx: 'auto',
        })}
      >
        <div className={css({ minW: '0', md: { order: '2' } })}>
          {price === null ? (
            <Skeleton className={css({ h: '7', w: '24' })} />
          ) : (
            <p
              className={css({
                fontFamily: 'display',
                fontSize: { base: 'xl', md: '2xl' },
                fontWeight: 'semibold',
                lineHeight: 'tight',
              })}
            >
              {price}
            </p>
          )}
          {line && <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{line}</p>}
        </div>
        <div className={css({ flexShrink: '0', md: { order: '1' } })}>
          <Action action={action} />
        </div>
      </div>
    </StickyActionBar>
  )
}

function Action({ action }: { action: BookingAction }) {
  switch (action.status) {
    case 'loading':
      return (
        <Skeleton className={css({ h: '12', w: { base: '32', md: '44' }, borderRadius: 'full' })} />
      )
    case 'failed':
      return (
        <RetryButton
          className={button({ size: 'lg', variant: 'outline' })}
          onRetry={action.onRetry}
        />
      )
    case 'unavailable':
      return (
        <button
          type="button"
          disabled
          className={cx(
            button({ size: 'lg' }),
            css({
              minW: { base: '32', md: '44' },
              _disabled: { opacity: 1, bg: 'sand.200', color: 'fg.muted' },
            }),
          )}
        >
          Not available
        </button>
      )
    case 'open':
      return (
        <button
          type="button"
          aria-haspopup="dialog"
          disabled={!action.canOpen}
          onClick={action.onOpen}
          className={cx(button({ size: 'lg' }), css({ minW: { base: '32', md: '44' } }))}
        >
          Book
        </button>
      )
  }
}
