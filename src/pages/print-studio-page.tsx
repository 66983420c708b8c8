import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { printStudioActors } from '../../machines/print-studio.actors'
import { type PrintStudioInput, printStudioMachine } from '../../machines/print-studio.machine'
import { dayLabel } from '../../machines/rules/dates'
import { isValidEmail } from '../../machines/rules/email'
import { formatNaira } from '../../machines/rules/money'
import { PRINT_STUDIO_HOURS, PRINT_STUDIO_PRICE_NAIRA } from '../../machines/rules/pricing'
import { BOOKINGS_PATH, STUDIO_NARRATION } from '../../machines/rules/print-studio'
import { PRINT_STUDIO_SLOTS } from '../../machines/rules/slots'
import { css, cx } from '../../styled-system/css'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { GuestFields } from '../components/guest-fields'
import { Panel } from '../components/panel'
import { PrintStudioCarousel } from '../components/print-studio-carousel'
import { StudioDayPicker, StudioSlotPicker } from '../components/print-studio-fields'
import { SiteHeader } from '../components/site-header'
import { Skeleton } from '../components/skeleton'
import { SuccessOverlay } from '../components/success-overlay'
import { useNow } from '../hooks/use-now'
import { SITE } from '../site'
import { readSession, storage } from '../storage'

/** Who is booking, read once from storage: a signed-in person's details, or a guest's remembered ones. */
function studioInput(): PrintStudioInput {
  const session = readSession()
  const guest = {
    email: storage.get('email') ?? '',
    name: storage.get('name') ?? '',
    phone: storage.get('phone') ?? '',
  }
  return {
    origin: window.location.origin,
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
    { input },
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

const container = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' } })

const sectionHeading = css({
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: 'wider',
  textTransform: 'uppercase',
  color: 'fg.subtle',
  mb: '3',
})

export function PrintStudioView({ actorRef }: { actorRef: StudioRef }) {
  return (
    <main className={css({ pt: { base: '4', md: '8' }, pb: { base: '32', md: '20' } })}>
      <div
        className={cx(
          container,
          css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
            gap: { base: '6', md: '10', lg: '16' },
            alignItems: 'start',
          }),
        )}
      >
        <div className={css({ md: { position: 'sticky', top: '20' } })}>
          <PrintStudioCarousel />
        </div>

        <div className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
          <p
            className={css({
              fontSize: 'xs',
              letterSpacing: '0.2em',
              textTransform: 'uppercase',
              color: 'clay.700',
              mb: '2',
            })}
          >
            Ground floor · Tuesday to Sunday
          </p>
          <h1
            className={css({
              fontFamily: 'display',
              fontSize: { base: '4xl', md: '5xl' },
              lineHeight: '1.05',
              letterSpacing: '-0.01em',
            })}
          >
            Print Studio
          </h1>
          <p
            className={css({
              mt: '4',
              fontSize: 'md',
              lineHeight: '1.7',
              color: 'ink.700',
              maxW: '60ch',
            })}
          >
            A working print room in the house, with a risograph, presses for lino and a paper vat.
            Book four hours to yourself: we show you how the machines work, then leave you to make
            zines, posters, cards or paper of your own. Ink, paper and tools are included.
          </p>

          <ActionArea actorRef={actorRef} />

          <section aria-labelledby="included-heading" className={css({ mt: '10' })}>
            <h2 id="included-heading" className={sectionHeading}>
              What's included
            </h2>
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
          </section>

          <section aria-labelledby="sessions-heading" className={css({ mt: '8' })}>
            <h2 id="sessions-heading" className={sectionHeading}>
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
        </div>
      </div>

      <BookingPanel actorRef={actorRef} />
      <BookedOverlay actorRef={actorRef} />
    </main>
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
      <span
        aria-hidden
        className={css({
          display: 'grid',
          placeItems: 'center',
          w: '6',
          h: '6',
          flexShrink: '0',
          borderRadius: 'full',
          bg: soon ? 'sand.100' : 'palm.50',
          color: soon ? 'ink.500' : 'palm.600',
        })}
      >
        {soon ? (
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" aria-hidden>
            <circle cx="12" cy="12" r="8" stroke="currentColor" strokeWidth="2.5" />
            <path d="M12 8v4l2.5 2" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        ) : (
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" aria-hidden>
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </span>
      <span className={css({ flex: '1' })}>{children}</span>
      {soon && (
        <span className={cx(badge({ tone: 'neutral' }), css({ whiteSpace: 'nowrap' }))}>
          Coming soon
        </span>
      )}
    </li>
  )
}

/**
 * Price and the one action: a bar fixed to the bottom of phones, inline under the text from 768 px.
 * 'Book' when the studio takes bookings, a greyed 'Not available' when it does not.
 */
function ActionArea({ actorRef }: { actorRef: StudioRef }) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const available = useSelector(actorRef, (s) => s.context.venue !== null)
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))

  let action: ReactNode
  let note: ReactNode = null
  if (loading) {
    action = (
      <Skeleton className={css({ h: '12', w: { base: '32', md: '44' }, borderRadius: 'full' })} />
    )
  } else if (failed) {
    action = (
      <button
        type="button"
        className={button({ size: 'lg', variant: 'outline' })}
        onClick={() => actorRef.send({ type: 'studio.retry' })}
      >
        Try again
      </button>
    )
    note = (
      <span role="alert" className={css({ color: 'danger.default' })}>
        Booking could not load. Check your connection.
      </span>
    )
  } else if (available) {
    action = (
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={!canOpen}
        onClick={() => actorRef.send({ type: 'panel.opened' })}
        className={cx(button({ size: 'lg' }), css({ minW: { base: '32', md: '44' } }))}
      >
        Book
      </button>
    )
  } else {
    action = (
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
    note = 'The studio is not taking bookings right now.'
  }

  return (
    <div
      className={css({
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
        mt: { md: '8' },
      })}
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: { base: 'space-between', md: 'flex-start' },
          gap: { base: '3', md: '6' },
          maxW: '6xl',
          mx: 'auto',
        })}
      >
        <div className={css({ minW: '0', md: { order: '2' } })}>
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
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {note ?? `for ${PRINT_STUDIO_HOURS} hours`}
          </p>
        </div>
        <div className={css({ flexShrink: '0', md: { order: '1' } })}>{action}</div>
      </div>
    </div>
  )
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
  const emailInvalid = guest.email.trim() !== '' && !isValidEmail(guest.email.trim())

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
        <StudioDayPicker
          days={days}
          value={day}
          now={now}
          disabled={locked}
          onSelect={(d) => actorRef.send({ type: 'day.selected', day: d })}
        />
        <StudioSlotPicker
          value={slot}
          disabled={locked}
          onSelect={(s) => actorRef.send({ type: 'slot.selected', slot: s })}
        />
        {!user && (
          <GuestFields
            email={guest.email}
            name={guest.name}
            phone={guest.phone}
            emailInvalid={emailInvalid}
            disabled={locked}
            onChange={(field, value) => actorRef.send({ type: 'guest.changed', field, value })}
          />
        )}

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
          <p
            role="alert"
            className={css({
              px: '4',
              py: '3',
              borderRadius: 'l2',
              bg: 'danger.subtle',
              color: 'berry.600',
              fontSize: 'sm',
              lineHeight: '1.5',
            })}
          >
            {error}
            {failedWallet && ' This page will reload in a few seconds.'}
          </p>
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
