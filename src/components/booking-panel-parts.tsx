import type { ReactNode } from 'react'
import type { WalletKind } from '../../machines/booking-calls'
import { css } from '../../styled-system/css'

// Pieces the RSVP and co-working panels both show: who books, the price box, the failure.

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
      className={css({
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
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
export function BookingFailure({ message, reloading }: { message: string; reloading: boolean }) {
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
      {reloading ? ' This page will reload in 5 seconds.' : ''}
    </div>
  )
}

/** The wallets a booking may be paid from, in the order their buttons stand. */
export const WALLET_KINDS = ['personal', 'community'] as const satisfies WalletKind[]

/** The wallet buttons' words. */
export const WALLET_LABELS: Record<WalletKind, string> = {
  personal: 'Pay via Wallet',
  community: 'Pay via Community Wallet',
}

/** The wallet buttons: side by side when there are two (from the small breakpoint), else one. */
export function WalletButtons({ pair, children }: { pair: boolean; children: ReactNode }) {
  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: pair ? { base: '1fr', sm: '1fr 1fr' } : '1fr',
        gap: '3',
      })}
    >
      {children}
    </div>
  )
}

/** The line under the buttons: why they are disabled, or what happens next. */
export const actionNote = css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })

/** The small print under the buttons: how the payment goes. */
export const actionSmallPrint = css({ fontSize: 'xs', color: 'fg.subtle', textAlign: 'center' })
