import { type MouseEvent, type ReactNode, useId } from 'react'
import { Link } from 'react-router-dom'
import type { WalletKind } from '../../machines/calls/booking'
import type { WalletOption } from '../../machines/checkout/wallets'
import { isAlreadyBookedText } from '../../machines/rules/bookings'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { shimmer } from './skeleton'

// Pieces the booking panels share: who books, the price box, the failure, the wallet buttons.

/** A signed-in person's details instead of the form: their name over their e-mail. */
export function SignedInDetails({ name, email }: { name: string; email: string }) {
  return (
    <p className={css({ fontSize: 'md', color: 'fg.default' })}>
      <span className={css({ fontWeight: 'semibold' })}>{name}</span>
      <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>{email}</span>
    </p>
  )
}

/** The box before paying: what is booked on the left, 'Total' and the price on the right. */
export function PriceSummary({
  label,
  children,
  total,
}: {
  /** The region's name for screen readers. */
  label: string
  children: ReactNode
  total: ReactNode
}) {
  return (
    <section
      aria-label={label}
      className={flex({
        align: 'flex-start',
        justify: 'space-between',
        gap: '4',
        p: '4',
        borderRadius: 'l2',
        bg: 'sand.100',
      })}
    >
      <div className={css({ minW: '0' })}>{children}</div>
      <div className={css({ textAlign: 'right', flexShrink: 0 })}>
        <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>Total</p>
        {total}
      </div>
    </section>
  )
}

/** Why the last call failed; after a failed wallet payment, also that the page will reload. */
export function BookingFailure({
  message,
  reloading,
  bookingsHref = null,
}: {
  message: string
  reloading: boolean
  /** Where a signed-in person sees their bookings: a booking already held links to it. */
  bookingsHref?: string | null
}) {
  return (
    <div
      role="alert"
      className={css({
        px: '4',
        py: '3',
        borderRadius: 'l2',
        bg: 'berry.50',
        color: 'berry.600',
        fontSize: 'sm',
        fontWeight: 'medium',
        lineHeight: 'snug',
      })}
    >
      {message}
      {bookingsHref && isAlreadyBookedText(message) && (
        <Link
          to={bookingsHref}
          className={css({
            display: 'block',
            width: 'fit-content',
            mt: '1',
            textStyle: 'link.tight',
          })}
        >
          View booking
        </Link>
      )}
      {reloading && (
        <span className={css({ display: 'block', mt: '1', fontWeight: 'normal' })}>
          This page will reload in 5 seconds.
        </span>
      )}
    </div>
  )
}

/**
 * The wallet buttons of a priced booking (a signed-in person's), as the flow's `walletOptions`
 * describe them: each with its balance on its second line (a placeholder while it is read) and,
 * under it, why it cannot pay and what to do (top up, set one up, try again). One under the other:
 * the panel is a phone's width even in the desktop's modal. Enabled as the flow's `can()` says.
 */
export function WalletPayButtons({
  options,
  canPay,
  pending,
  onPay,
  onRetry,
}: {
  options: readonly WalletOption[]
  canPay: (kind: WalletKind) => boolean
  /** The wallet whose payment is under way: its button says 'Please wait'. */
  pending: WalletKind | null
  onPay: (kind: WalletKind, event: MouseEvent<HTMLButtonElement>) => void
  onRetry: () => void
}) {
  const id = useId()
  if (options.length === 0) return null
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {options.map((option) => {
        const noteId = `${id}-${option.kind}`
        return (
          <div key={option.kind} className={css({ display: 'grid', gap: '1.5', minW: '0' })}>
            <button
              type="button"
              className={cx(button({ variant: 'outline', size: 'lg' }), walletButton)}
              disabled={!canPay(option.kind)}
              aria-busy={option.loading || undefined}
              aria-describedby={option.note ? noteId : undefined}
              onClick={(event) => onPay(option.kind, event)}
            >
              <span>{pending === option.kind ? 'Please wait' : option.label}</span>
              {option.loading ? (
                <>
                  <span aria-hidden className={cx(shimmer, css({ h: '3', w: '28', my: '0.5' }))} />
                  <span className={css({ srOnly: true })}>Checking your balance</span>
                </>
              ) : (
                <span className={cx(walletDetail, option.short && walletDetailShort)}>
                  {option.detail}
                </span>
              )}
            </button>
            {option.note && (
              <p id={noteId} className={walletNote}>
                {option.note.text}
                {option.note.link && (
                  <>
                    {option.note.text && ' '}
                    <Link to={option.note.link.to} className={walletNoteAction}>
                      {option.note.link.label}
                    </Link>
                  </>
                )}
                {option.note.retry && (
                  <>
                    {' '}
                    <button type="button" className={walletNoteAction} onClick={onRetry}>
                      Try again
                    </button>
                  </>
                )}
              </p>
            )}
          </div>
        )
      })}
    </div>
  )
}

const walletButton = css({
  w: 'full',
  h: 'auto',
  minH: '14',
  py: '2',
  flexDir: 'column',
  gap: '0.5',
  whiteSpace: 'normal',
  lineHeight: 'tight',
  textAlign: 'center',
})

const walletDetail = css({ fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted' })

const walletDetailShort = css({ color: 'berry.600' })

const walletNote = css({
  fontSize: 'xs',
  lineHeight: 'snug',
  color: 'fg.muted',
  textAlign: 'center',
  textWrap: 'pretty',
})

const walletNoteAction = css({
  display: 'inline',
  p: '0',
  bg: 'transparent',
  color: 'accent.default',
  textStyle: 'link.tight',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { color: 'accent.emphasized' },
  focusOutline: 'outside',
})

/** The line under the buttons: why they are disabled, or what happens next. */
export const actionNote = css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })

/** The small print under the buttons: how the payment goes. */
export const actionSmallPrint = css({ fontSize: 'xs', color: 'fg.subtle', textAlign: 'center' })
