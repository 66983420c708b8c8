import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { printStudioActors } from '../../machines/print-studio/actors'
import {
  type PrintStudioInput,
  printStudioMachine,
  walletOptionsOf,
} from '../../machines/print-studio/machine'
import { panelErrorOf } from '../../machines/print-studio/selectors'
import { dayLabel } from '../../machines/rules/dates'
import { formatNaira } from '../../machines/rules/money'
import { PRINT_STUDIO_HOURS, PRINT_STUDIO_PRICE_NAIRA } from '../../machines/rules/pricing'
import { BOOKINGS_PATH, STUDIO_NARRATION } from '../../machines/rules/print-studio'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { BookingFailure, WalletPayButtons } from '../shared/booking-panel-parts'
import { bookingWalletEffects } from '../shared/booking-wallet-effects'
import { checkoutInBrowser, useCheckout } from '../shared/checkout-in-browser'
import { Panel } from '../shared/panel'
import { SuccessOverlay } from '../shared/success-overlay'
import { useNow } from '../shared/use-now'
import { pageOrigin, readSession, storage } from '../storage'
import { StudioBookingFields } from './studio-booking-fields'

// The print studio's booking panel and its success overlay: on /print-studio, and as a signed-in
// person's 'Book again' on /booked-printstudio.

export type StudioRef = ActorRefFrom<typeof printStudioMachine>

/** Who is booking, read once from storage: a signed-in person's details, or a guest's remembered ones. */
export function studioInput(): PrintStudioInput {
  const session = readSession()
  const guest = {
    email: storage.get('email') ?? '',
    name: storage.get('name') ?? '',
    phone: storage.get('phone') ?? '',
  }
  return {
    origin: pageOrigin(),
    user: session
      ? {
          id: session.userId,
          email: storage.get('userEmail') ?? '',
          name: storage.get('userName') ?? '',
          phone: storage.get('userNumber') ?? '',
        }
      : null,
    guest,
  }
}

/** The booking actor of a page, with the browser's side effects provided. */
export function usePrintStudioActor(input: PrintStudioInput): StudioRef {
  const navigate = useNavigate()
  return useActorRef(
    printStudioMachine.provide({
      actors: { ...printStudioActors(api), checkout: checkoutInBrowser('Print studio booking') },
      actions: {
        navigateToBookings: () => navigate(BOOKINGS_PATH),
        reloadPage: () => window.location.reload(),
        logError: (_, { error }) => console.error('Print studio booking', error),
        ...bookingWalletEffects,
      },
    }),
    { input, inspect: showLiveFlow },
  )
}

const price = formatNaira(PRINT_STUDIO_PRICE_NAIRA)

/** The booking panel: Day, Time, a guest's details, then Book (card) or a wallet. */
export function StudioBookingPanel({
  actorRef,
  title = 'Book the print studio',
  onClosed,
}: {
  actorRef: StudioRef
  title?: string
  /** Told when the person closes the panel. */
  onClosed?: () => void
}) {
  const now = useNow()
  const open = useSelector(actorRef, (s) => s.hasTag('panelOpen'))
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const checkout = useCheckout(actorRef)
  const context = useSelector(actorRef, (s) => s.context)
  const { days, day, slot, user, guest, left } = context
  // The payment under way says 'Please wait' on its own button.
  const pending = checkout.paying ? context.payingWith : null
  const error = panelErrorOf(context, checkout)
  const canCard = useSelector(actorRef, (s) => s.can({ type: 'card.chosen' }))
  const canWallet = useSelector(actorRef, (s) =>
    s.can({ type: 'wallet.chosen', wallet: 'personal' }),
  )
  const canCommunity = useSelector(actorRef, (s) =>
    s.can({ type: 'wallet.chosen', wallet: 'community' }),
  )
  const locked = busy || checkout.busy || checkout.failed

  return (
    <Panel
      open={open}
      onOpenChange={(next) => {
        if (next || !actorRef.getSnapshot().can({ type: 'panel.closed' })) return
        actorRef.send({ type: 'panel.closed' })
        onClosed?.()
      }}
      title={title}
      description={
        user ? (
          <>
            {`A ${PRINT_STUDIO_HOURS}-hour session for `}
            <strong className={css({ color: 'fg.default', fontWeight: 'semibold' })}>
              {user.name || user.email}
            </strong>
            {user.name && user.email ? ` (${user.email})` : ''}
          </>
        ) : (
          `A ${PRINT_STUDIO_HOURS}-hour session with a machine tutorial.`
        )
      }
    >
      <div className={css({ display: 'grid', gap: '5' })}>
        <StudioBookingFields
          days={days}
          day={day}
          slot={slot}
          guest={user ? null : guest}
          left={left}
          now={now}
          disabled={locked}
          send={actorRef.send}
        />

        <div
          className={flex({
            align: 'baseline',
            justify: 'space-between',
            gap: '3',
            pt: '4',
            layerStyle: 'ruled',
          })}
        >
          <div className={css({ minW: '0' })}>
            <p className={css({ fontWeight: 'semibold' })}>{STUDIO_NARRATION}</p>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {day && slot ? `${dayLabel(day, now)}, ${slot}` : `${PRINT_STUDIO_HOURS} hours`}
            </p>
          </div>
          <p className={css({ fontFamily: 'display', fontSize: '2xl', fontWeight: 'semibold' })}>
            {price}
          </p>
        </div>

        {error && (
          <BookingFailure
            message={error}
            reloading={checkout.failed}
            bookingsHref={user ? BOOKINGS_PATH : null}
          />
        )}

        <div className={css({ display: 'grid', gap: '3' })}>
          <button
            type="button"
            disabled={!canCard}
            onClick={() => actorRef.send({ type: 'card.chosen' })}
            className={button({ size: 'lg' })}
          >
            {pending === 'card' ? 'Please wait' : 'Book'}
          </button>
          <WalletPayButtons
            options={walletOptionsOf(context)}
            canPay={(kind) => (kind === 'personal' ? canWallet : canCommunity)}
            pending={pending === 'card' ? null : pending}
            onPay={(wallet) => actorRef.send({ type: 'wallet.chosen', wallet })}
            onRetry={() => actorRef.send({ type: 'wallets.retried' })}
          />
          {!user && (
            <p className={css({ fontSize: 'xs', color: 'fg.subtle', textAlign: 'center' })}>
              You pay by card on the next page. Your receipt comes by e-mail.
            </p>
          )}
        </div>
      </div>
    </Panel>
  )
}

/** 'Booking successful!' after a wallet payment: 'View Bookings' or 'Close' (reloads). */
export function StudioBookedOverlay({ actorRef }: { actorRef: StudioRef }) {
  const now = useNow()
  const booked = useSelector(actorRef, (s) => s.matches('booked'))
  const { day, slot } = useSelector(actorRef, (s) => s.context)
  return (
    <SuccessOverlay
      open={booked}
      title="Booking successful!"
      description={`A spot for a ${STUDIO_NARRATION} has been reserved${
        day && slot ? ` for ${dayLabel(day, now)}, ${slot}` : ''
      }. Your receipt is on its way by e-mail.`}
      onViewBookings={() => actorRef.send({ type: 'overlay.bookingsOpened' })}
      onClose={() => actorRef.send({ type: 'overlay.closed' })}
    />
  )
}
