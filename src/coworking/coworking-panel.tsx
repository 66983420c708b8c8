import { useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { isFreeChoice, priceOf, walletOptionsOf } from '../../machines/coworking/machine'
import { blockerTextOf, detailErrorsOf, panelErrorOf } from '../../machines/coworking/selectors'
import { BOOKINGS_PATH } from '../../machines/rules/bookings'
import { coworkingPriceLine } from '../../machines/rules/coworking'
import { dayLabel } from '../../machines/rules/dates'
import { formatNaira } from '../../machines/rules/money'
import { COWORKING_HOURS } from '../../machines/rules/slots'
import { isMembersOnlySpace } from '../../machines/rules/spaces'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import {
  actionNote,
  actionSmallPrint,
  BookingFailure,
  PriceSummary,
  SignedInDetails,
  WalletPayButtons,
} from '../shared/booking-panel-parts'
import { useCheckout } from '../shared/checkout-in-browser'
import { ChoiceChips, fieldLegend } from '../shared/form-fields'
import { GuestFields } from '../shared/guest-fields'
import { Panel } from '../shared/panel'
import { SuccessOverlay } from '../shared/success-overlay'
import type { CoworkingRef } from './coworking-actor'
import { CoworkingDayChoices } from './coworking-day-choices'
import { GuestCounter } from './coworking-guest-counter'

// The co-working booking panel and its success overlay (the actor: ./coworking-actor.ts).

/** The price before paying: the Amount the server is sent, and how it is made up. */
function Summary({ actorRef, now }: { actorRef: CoworkingRef; now: Date }) {
  const context = useSelector(actorRef, (s) => s.context)
  const free = isFreeChoice(context)
  const price = priceOf(context)
  const when = [context.day ? dayLabel(context.day, now) : null, context.space]
    .filter(Boolean)
    .join(' · ')
  return (
    <PriceSummary
      label="Price"
      total={
        <p
          data-testid="coworking-price"
          className={css({
            fontFamily: 'display',
            fontSize: free ? 'xl' : '2xl',
            fontWeight: 'semibold',
            lineHeight: 'tight',
            color: free ? 'palm.700' : 'fg.default',
            whiteSpace: 'nowrap',
          })}
        >
          {free ? 'Free booking' : formatNaira(price / 100)}
        </p>
      }
    >
      <p className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
        {when || 'Work and Play'}
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '0.5' })}>
        {coworkingPriceLine(context.extraGuests, context.isMember)}
      </p>
    </PriceSummary>
  )
}

/** Book (free or card), the wallets, why they are disabled, and what went wrong. */
function Actions({ actorRef }: { actorRef: CoworkingRef }) {
  const state = useSelector(actorRef, (s) => s)
  const { context } = state
  const noteId = useId()
  const free = isFreeChoice(context)
  const editing = state.matches({ open: 'editing' })
  const checkout = useCheckout(actorRef)
  // The call under way says 'Please wait' on its own button: Book (free or card), or the wallet.
  const pending = state.matches({ open: 'reserving' })
    ? 'card'
    : checkout.paying
      ? context.payingWith
      : null
  const walletBusy = pending === 'personal' || pending === 'community' ? pending : null
  const error = panelErrorOf(context, checkout)
  const reason = editing ? blockerTextOf(context) : null
  const canBook = state.can({ type: 'booking.submitted' }) || state.can({ type: 'card.chosen' })

  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {error && (
        <BookingFailure
          message={error}
          reloading={checkout.failed}
          bookingsHref={context.signedIn ? BOOKINGS_PATH : null}
        />
      )}
      <button
        type="submit"
        className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
        disabled={!canBook}
        aria-describedby={reason ? noteId : undefined}
      >
        {pending === 'card' ? 'Please wait' : 'Book'}
      </button>
      <WalletPayButtons
        options={walletOptionsOf(context)}
        canPay={(wallet) => state.can({ type: 'wallet.chosen', wallet })}
        pending={walletBusy}
        onPay={(wallet, e) => {
          // Visitor names are required inputs: the same check as Book's.
          if (e.currentTarget.form?.reportValidity() === false) return
          actorRef.send({ type: 'wallet.chosen', wallet })
        }}
        onRetry={() => actorRef.send({ type: 'wallets.retried' })}
      />
      {reason && (
        <p id={noteId} className={actionNote}>
          {reason}
        </p>
      )}
      {!reason && editing && (
        <p className={actionSmallPrint}>
          {free
            ? 'Free with your membership: no payment needed.'
            : context.signedIn
              ? 'Book opens a secure card checkout and brings you back to your bookings.'
              : 'You pay by card on the next page. Your receipt comes by e-mail.'}
        </p>
      )}
    </div>
  )
}

/**
 * The 'Book now' panel (a drawer on phones, a modal above): day, space, the guest's details,
 * extra guests and their names, the price, then Book or a wallet. It only renders the machine.
 */
/** The co-working panel's own title, which also marks its history entry (see Panel). */
export const COWORKING_PANEL_TITLE = 'Book now'

export function CoworkingPanel({
  actorRef,
  now,
  title = COWORKING_PANEL_TITLE,
  onClosed,
}: {
  actorRef: CoworkingRef
  now: Date
  title?: string
  /** Told when the panel closes (not while a booking is under way). */
  onClosed?: () => void
}) {
  const open = useSelector(actorRef, (s) => s.matches('open'))
  const locked = useSelector(actorRef, (s) => !s.matches({ open: 'editing' }))
  const context = useSelector(actorRef, (s) => s.context)
  const send = actorRef.send

  return (
    <Panel
      open={open}
      onOpenChange={(next) => {
        if (next || !actorRef.getSnapshot().can({ type: 'panel.closed' })) return
        send({ type: 'panel.closed' })
        onClosed?.()
      }}
      title={title}
      description={`Work and Play, ${COWORKING_HOURS} · Tuesday to Sunday`}
    >
      <form
        className={css({ display: 'grid', gap: '6' })}
        onSubmit={(e) => {
          e.preventDefault()
          // Book: a member's free booking, else the card payment.
          const free = actorRef.getSnapshot().can({ type: 'booking.submitted' })
          send(free ? { type: 'booking.submitted' } : { type: 'card.chosen' })
        }}
      >
        <CoworkingDayChoices
          days={context.days}
          chosen={context.day}
          now={now}
          disabled={locked}
          onChoose={(day) => send({ type: 'day.chosen', day })}
        />
        <ChoiceChips
          legend="Space"
          namedGroup
          name="coworking-space"
          options={context.spaces.map((space) => ({
            value: space.Name,
            label: space.Name,
            ...(isMembersOnlySpace(space.Name) ? { note: 'Members' } : {}),
          }))}
          chosen={context.space}
          disabled={locked}
          onChoose={(space) => send({ type: 'space.chosen', space })}
          empty="No space is open for co-working right now."
        />

        <section aria-label="Your details">
          <h3 className={fieldLegend}>Your details</h3>
          {context.askDetails ? (
            <GuestFields
              email={context.email}
              name={context.name}
              phone={context.phone}
              disabled={locked}
              errors={detailErrorsOf(context)}
              onChange={(field, value) => send({ type: 'field.changed', field, value })}
              onLeave={(field) => send({ type: 'field.left', field })}
              {...(context.signedIn
                ? {}
                : {
                    remember: {
                      checked: context.remember,
                      onChange: (remember: boolean) => send({ type: 'remember.changed', remember }),
                    },
                  })}
            />
          ) : (
            <SignedInDetails name={context.name} email={context.email} />
          )}
        </section>

        <GuestCounter actorRef={actorRef} disabled={locked} />
        <Summary actorRef={actorRef} now={now} />
        <Actions actorRef={actorRef} />
      </form>
    </Panel>
  )
}

/** After a signed-in booking: 'View Bookings' and 'Close'. */
export function CoworkingSuccess({ actorRef, now }: { actorRef: CoworkingRef; now: Date }) {
  const booked = useSelector(actorRef, (s) => s.matches('booked'))
  const { day, space, extraGuests, email } = useSelector(actorRef, (s) => s.context)
  const guests =
    extraGuests === 0 ? '' : ` with ${extraGuests} ${extraGuests === 1 ? 'guest' : 'guests'}`
  const what = [space, day ? dayLabel(day, now) : null, COWORKING_HOURS].filter(Boolean).join(', ')
  const description: ReactNode = `Your spot is reserved: ${what}${guests}. We've sent the receipt to ${email}.`
  return (
    <SuccessOverlay
      open={booked}
      title="Booking successful!"
      description={description}
      onViewBookings={() => actorRef.send({ type: 'overlay.bookingsOpened' })}
      onClose={() => actorRef.send({ type: 'overlay.closed' })}
    />
  )
}
