import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { printStudioActors } from '../../machines/print-studio.actors'
import { type PrintStudioInput, printStudioMachine } from '../../machines/print-studio.machine'
import { dayLabel } from '../../machines/rules/dates'
import { formatNaira } from '../../machines/rules/money'
import { PRINT_STUDIO_HOURS, PRINT_STUDIO_PRICE_NAIRA } from '../../machines/rules/pricing'
import { BOOKINGS_PATH, STUDIO_NARRATION } from '../../machines/rules/print-studio'
import { PRINT_STUDIO_SLOTS } from '../../machines/rules/slots'
import { css, cx } from '../../styled-system/css'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { type BookingAction, BookingActionBar } from '../components/action-bar'
import {
  BookingPageLayout,
  bookingSectionHeading,
  IncludedMark,
} from '../components/booking-page-layout'
import { Panel } from '../components/panel'
import { PrintStudioCarousel } from '../components/print-studio-carousel'
import { SiteHeader } from '../components/site-header'
import { StudioBookingError, StudioBookingFields } from '../components/studio-booking-fields'
import { SuccessOverlay } from '../components/success-overlay'
import { useNow } from '../hooks/use-now'
import { showLiveFlow } from '../live-flows'
import { SITE } from '../site'
import { pageOrigin, readSession, storage } from '../storage'

/** Who is booking, read once from storage: a signed-in person's details, or a guest's remembered ones. */
function studioInput(): PrintStudioInput {
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
    walletId: session ? storage.get('wallet') || null : null,
    communityWalletId: session ? storage.get('communityWallet') || null : null,
  }
}

/** /print-studio. The page owns the booking actor; the browser's side effects are provided here. */
export default function PrintStudioPage() {
  const navigate = useNavigate()
  const [input] = useState(studioInput)
  const actorRef = useActorRef(
    printStudioMachine.provide({
      actors: printStudioActors(api),
      actions: {
        redirectToPayment: (_, { url }) => window.location.assign(url),
        navigateToBookings: () => navigate(BOOKINGS_PATH),
        reloadPage: () => window.location.reload(),
        logError: (_, { error }) => console.error('Print studio booking', error),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  return (
    <>
      <title>{`Print Studio · ${SITE.name}`}</title>
      <SiteHeader />
      <PrintStudioView actorRef={actorRef} />
    </>
  )
}

type StudioRef = ActorRefFrom<typeof printStudioMachine>

const INCLUDED = ['Risoprinting', 'Linocut printing', 'Handmade paper-making', 'Machine tutorial']

const price = formatNaira(PRINT_STUDIO_PRICE_NAIRA)
const phoneHref = `tel:${SITE.studioPhone.replace(/[^\d+]/g, '')}`

export function PrintStudioView({ actorRef }: { actorRef: StudioRef }) {
  return (
    <BookingPageLayout
      media={<PrintStudioCarousel />}
      eyebrow="Ground floor · Tuesday to Sunday"
      title="Print Studio"
      intro="A working print room in the house, with a risograph, presses for lino and a paper vat. Book four hours to yourself: we show you how the machines work, then leave you to make zines, posters, cards or paper of your own. Ink, paper and tools are included."
      action={<ActionArea actorRef={actorRef} />}
      included={
        <ul
          className={css({
            listStyle: 'none',
            borderRadius: 'l3',
            borderWidth: '1px',
            borderColor: 'border',
            bg: 'surface',
            overflow: 'hidden',
            '& > li + li': { borderTopWidth: '1px', borderColor: 'border' },
          })}
        >
          {INCLUDED.map((item) => (
            <IncludedItem key={item}>{item}</IncludedItem>
          ))}
          <IncludedItem soon>Screenprinting</IncludedItem>
        </ul>
      }
      panels={
        <>
          <BookingPanel actorRef={actorRef} />
          <BookedOverlay actorRef={actorRef} />
        </>
      }
    >
      <section aria-labelledby="sessions-heading" className={css({ mt: '8' })}>
        <h2 id="sessions-heading" className={bookingSectionHeading}>
          Sessions
        </h2>
        <ul className={css({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {PRINT_STUDIO_SLOTS.map((slot) => (
            <li
              key={slot}
              className={css({
                px: '3.5',
                py: '1.5',
                borderRadius: 'full',
                bg: 'sand.100',
                fontSize: 'sm',
                fontWeight: 'medium',
                color: 'ink.800',
              })}
            >
              {slot}
            </li>
          ))}
        </ul>
        <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>
          {`${PRINT_STUDIO_HOURS} hours each, Tuesday to Sunday. Closed on Mondays.`}
        </p>
      </section>

      <section
        aria-labelledby="books-heading"
        className={css({
          mt: '8',
          p: '5',
          borderRadius: 'l3',
          bg: 'clay.50',
          borderWidth: '1px',
          borderColor: 'clay.100',
        })}
      >
        <h2
          id="books-heading"
          className={css({ fontFamily: 'display', fontSize: 'xl', lineHeight: 'tight' })}
        >
          Books from the studio
        </h2>
        <p className={css({ mt: '1', fontSize: 'sm', color: 'ink.700', lineHeight: '1.6' })}>
          Zines and books printed here are for sale. To buy one, call the studio:
        </p>
        <a
          href={phoneHref}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            mt: '3',
            fontWeight: 'semibold',
            fontSize: 'lg',
            color: 'clay.700',
            textDecoration: 'underline',
            textUnderlineOffset: '4px',
            textDecorationThickness: '1px',
            _hover: { color: 'clay.800' },
            _focusVisible: {
              outline: '2px solid',
              outlineColor: 'accent.default',
              outlineOffset: '2px',
            },
          })}
        >
          <PhoneIcon />
          {SITE.studioPhone}
        </a>
      </section>
    </BookingPageLayout>
  )
}

function IncludedItem({ children, soon = false }: { children: ReactNode; soon?: boolean }) {
  return (
    <li
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        minH: '12',
        px: '4',
        py: '2',
        bg: soon ? 'sand.50' : 'transparent',
        color: soon ? 'fg.muted' : 'fg.default',
        fontWeight: 'medium',
      })}
    >
      <IncludedMark soon={soon} />
      <span className={css({ flex: '1' })}>{children}</span>
      {soon && (
        <span className={cx(badge({ tone: 'neutral' }), css({ whiteSpace: 'nowrap' }))}>
          Coming soon
        </span>
      )}
    </li>
  )
}

/** Price and the one action: 'Book' when the studio takes bookings, a greyed 'Not available' when it does not. */
function ActionArea({ actorRef }: { actorRef: StudioRef }) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const available = useSelector(actorRef, (s) => s.context.venue !== null)
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))
  const action: BookingAction = loading
    ? { status: 'loading' }
    : failed
      ? { status: 'failed', onRetry: () => actorRef.send({ type: 'studio.retry' }) }
      : available
        ? { status: 'open', canOpen, onOpen: () => actorRef.send({ type: 'panel.opened' }) }
        : { status: 'unavailable', reason: 'The studio is not taking bookings right now.' }
  return <BookingActionBar price={price} note={`for ${PRINT_STUDIO_HOURS} hours`} action={action} />
}

/** The booking panel: Day, Time, a guest's details, then Book (card) or a wallet. */
function BookingPanel({ actorRef }: { actorRef: StudioRef }) {
  const now = useNow()
  const open = useSelector(actorRef, (s) => s.hasTag('panelOpen'))
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failedWallet = useSelector(actorRef, (s) => s.matches('walletFailed'))
  const pending = useSelector(actorRef, (s) =>
    s.matches('initiating') || s.matches('redirecting')
      ? 'card'
      : s.matches('debitingWallet')
        ? 'wallet'
        : s.matches('debitingCommunityWallet')
          ? 'community'
          : null,
  )
  const { days, day, slot, user, guest, walletId, communityWalletId, error } = useSelector(
    actorRef,
    (s) => s.context,
  )
  const canCard = useSelector(actorRef, (s) => s.can({ type: 'booking.card' }))
  const canWallet = useSelector(actorRef, (s) => s.can({ type: 'booking.wallet' }))
  const canCommunity = useSelector(actorRef, (s) => s.can({ type: 'booking.communityWallet' }))
  const locked = busy || failedWallet

  return (
    <Panel
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'panel.closed' })
      }}
      title="Book the print studio"
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
          now={now}
          disabled={locked}
          send={actorRef.send}
        />

        <div
          className={css({
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '3',
            pt: '4',
            borderTopWidth: '1px',
            borderColor: 'border',
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
          <StudioBookingError>
            {error}
            {failedWallet && ' This page will reload in a few seconds.'}
          </StudioBookingError>
        )}

        <div className={css({ display: 'grid', gap: '2.5' })}>
          <button
            type="button"
            disabled={!canCard}
            onClick={() => actorRef.send({ type: 'booking.card' })}
            className={button({ size: 'lg' })}
          >
            {pending === 'card' ? 'Please wait' : 'Book'}
          </button>
          {user && walletId !== null && (
            <button
              type="button"
              disabled={!canWallet}
              onClick={() => actorRef.send({ type: 'booking.wallet' })}
              className={button({ size: 'lg', variant: 'outline' })}
            >
              {pending === 'wallet' ? 'Please wait' : 'Pay via Wallet'}
            </button>
          )}
          {user && communityWalletId !== null && (
            <button
              type="button"
              disabled={!canCommunity}
              onClick={() => actorRef.send({ type: 'booking.communityWallet' })}
              className={button({ size: 'lg', variant: 'outline' })}
            >
              {pending === 'community' ? 'Please wait' : 'Pay via Community Wallet'}
            </button>
          )}
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

function BookedOverlay({ actorRef }: { actorRef: StudioRef }) {
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
      onViewBookings={() => actorRef.send({ type: 'overlay.viewBookings' })}
      onClose={() => actorRef.send({ type: 'overlay.closed' })}
    />
  )
}

function PhoneIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
    </svg>
  )
}
