import { useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { type rsvpMachine, walletOptionsOf } from '../../machines/rsvp/machine'
import {
  answersErrorOf,
  cancelTermsOf,
  guestErrorsOf,
  panelErrorOf,
  problemsTextOf,
} from '../../machines/rsvp/selectors'
import { BOOKINGS_PATH } from '../../machines/rules/bookings'
import { dayInFull, dayLabel } from '../../machines/rules/dates'
import { showsFriendsPrice } from '../../machines/rules/events'
import { formatNaira } from '../../machines/rules/money'
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
import {
  bareFieldset,
  ChoiceChips,
  type DayChoiceProps,
  Field,
  fieldLegend,
  textInput,
} from '../shared/form-fields'
import { FieldError, GuestFields } from '../shared/guest-fields'
import { Panel } from '../shared/panel'
import { SuccessOverlay } from '../shared/success-overlay'

type RsvpRef = ActorRefFrom<typeof rsvpMachine>

/**
 * The RSVP panel of an event (a bottom drawer on phones, a centred modal above) and, for a
 * signed-in person, the success overlay after booking. It only renders the machine's state.
 */
export function RsvpPanel({ actorRef, now }: { actorRef: RsvpRef; now: Date }) {
  const state = useSelector(actorRef, (s) => s)
  const { context } = state
  const { event, viewer } = context
  const open = state.matches('open')
  const checkout = useCheckout(actorRef)
  // Busy: the panel's own call, or the checkout's while the person pays.
  const busy = state.hasTag('busy') || checkout.busy
  const free = context.price <= 0
  const send = actorRef.send

  return (
    <>
      <Panel
        open={open}
        onOpenChange={(next) => {
          if (!next) send({ type: 'panel.closed' })
        }}
        title={free ? 'Get your ticket' : 'Buy your ticket'}
        description={`${event.Name} · ${event.Venue}`}
      >
        <div className={css({ display: 'grid', gap: '6' })}>
          <DayChoice
            days={context.days}
            chosen={context.day}
            now={now}
            disabled={busy}
            onChoose={(day) => send({ type: 'day.chosen', day })}
          />
          {event.TimeSlots.length > 0 && (
            <ChoiceChips
              legend="Time"
              name="rsvp-slot"
              options={event.TimeSlots.map((slot) => ({ value: slot, label: slot }))}
              chosen={context.slot}
              disabled={busy}
              onChoose={(slot) => send({ type: 'slot.chosen', slot })}
            />
          )}

          {viewer.signedIn ? (
            <Section title="Your details">
              <SignedInDetails name={viewer.name || 'You'} email={viewer.email} />
            </Section>
          ) : (
            <Section title="Your details">
              <GuestFields
                email={context.guest.email}
                name={context.guest.name}
                phone={context.guest.phone}
                disabled={busy}
                errors={guestErrorsOf(context)}
                onChange={(field, value) => send({ type: 'field.changed', field, value })}
                onLeave={(field) => send({ type: 'field.left', field })}
              />
            </Section>
          )}

          {context.fields.length > 0 && (
            <ExtraFields
              fields={context.fields}
              answers={context.answers}
              error={answersErrorOf(context)}
              disabled={busy}
              onChange={(field, value) => send({ type: 'answer.changed', field, value })}
            />
          )}

          <Summary actorRef={actorRef} now={now} />
          <Actions actorRef={actorRef} />
        </div>
      </Panel>

      <SuccessOverlay
        open={state.matches('booked')}
        title="You're going!"
        description={
          <>
            {`Your ticket for ${event.Name}`}
            {context.day ? ` on ${dayInFull(context.day)}` : ''}
            {context.slot ? `, ${context.slot},` : ''}
            {` is booked. We've sent the receipt to ${viewer.email}.`}
          </>
        }
        onViewBookings={() => send({ type: 'overlay.bookingsOpened' })}
        onClose={() => send({ type: 'overlay.closed' })}
      />
    </>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={fieldLegend}>
        {title}
      </h3>
      {children}
    </section>
  )
}

function DayChoice({ days, chosen, now, disabled, onChoose }: DayChoiceProps) {
  if (days.length === 0) {
    return (
      <Section title="Day">
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          There are no days left to book: we are closed on Mondays.
        </p>
      </Section>
    )
  }
  return (
    <ChoiceChips
      legend="Day"
      name="rsvp-day"
      options={days.map((day) => ({ value: day, label: dayLabel(day, now) }))}
      chosen={chosen}
      disabled={disabled}
      onChoose={onChoose}
    />
  )
}

function ExtraFields({
  fields,
  answers,
  error,
  disabled,
  onChange,
}: {
  fields: string[]
  answers: Record<string, string>
  /** Why the answers cannot be sent as they are (too long together). */
  error: string | null
  disabled: boolean
  onChange: (field: string, value: string) => void
}) {
  const id = useId()
  return (
    <fieldset disabled={disabled} className={cx(bareFieldset, css({ display: 'grid', gap: '4' }))}>
      <legend className={fieldLegend}>A few questions from the host</legend>
      {fields.map((field, index) => (
        <Field
          key={field}
          htmlFor={`${id}-${index}`}
          label={
            <>
              {field}{' '}
              <span className={css({ fontWeight: 'normal', color: 'fg.subtle' })}>(optional)</span>
            </>
          }
        >
          <input
            id={`${id}-${index}`}
            type="text"
            value={answers[field] ?? ''}
            onChange={(e) => onChange(field, e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={textInput}
          />
        </Field>
      ))}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  )
}

/** What is being bought, when, and what it costs: the Amount the server is sent. */
function Summary({ actorRef, now }: { actorRef: RsvpRef; now: Date }) {
  const context = useSelector(actorRef, (s) => s.context)
  const terms = cancelTermsOf(context, now)
  const { event, viewer } = context
  const free = context.price <= 0
  const friends = showsFriendsPrice(event, viewer.isMember)
  const when = [context.day ? dayInFull(context.day) : null, context.slot]
    .filter(Boolean)
    .join(' · ')
  return (
    <PriceSummary
      label="Summary"
      total={
        <>
          <p
            className={css({
              fontFamily: 'display',
              fontSize: '2xl',
              fontWeight: 'semibold',
              lineHeight: 'tight',
            })}
          >
            {free ? 'Free' : formatNaira(context.price)}
          </p>
          {friends && (
            <p
              className={css({
                fontSize: 'xs',
                color: 'fg.subtle',
                textDecoration: 'line-through',
              })}
            >
              <span className={css({ srOnly: true })}>Usual price </span>
              {formatNaira(event.Price)}
            </p>
          )}
        </>
      }
    >
      <p className={css({ fontWeight: 'semibold', color: 'fg.default', lineHeight: 'snug' })}>
        {event.Name}
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
        1 ticket{when ? ` · ${when}` : ''}
      </p>
      {friends && (
        <p
          className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'palm.700', mt: '1.5' })}
        >
          Friend's special price
        </p>
      )}
      {terms && (
        <p
          className={css({
            fontSize: 'sm',
            mt: '1.5',
            color: terms.cancellable ? 'fg.muted' : 'berry.600',
          })}
        >
          {terms.line}
        </p>
      )}
    </PriceSummary>
  )
}

/** The payment buttons, the reason they are disabled, and what went wrong. */
function Actions({ actorRef }: { actorRef: RsvpRef }) {
  const state = useSelector(actorRef, (s) => s)
  const { context } = state
  const noteId = useId()
  const checkout = useCheckout(actorRef)
  const free = context.price <= 0
  const busy = state.hasTag('busy') || checkout.busy
  const error = panelErrorOf(context, checkout)
  const signedIn = context.viewer.signedIn
  const reason = state.matches({ open: 'editing' }) ? problemsTextOf(context) : null
  const pleaseWait = (method: typeof context.method) =>
    busy && context.method === method ? 'Please wait' : null
  const wallets = walletOptionsOf(context)
  const walletPending =
    busy && (context.method === 'personal' || context.method === 'community')
      ? context.method
      : null

  const canFree = state.can({ type: 'booking.submitted' })
  const canCard = state.can({ type: 'card.chosen' })
  const described = reason ? noteId : undefined

  return (
    // Kept in view at the bottom of the panel while the form scrolls under it.
    <div
      className={css({
        position: 'sticky',
        // Over the panel's own bottom padding, so nothing scrolls by underneath.
        bottom: '-6',
        zIndex: '1',
        display: 'grid',
        gap: '3',
        mx: '-6',
        mt: '-2',
        mb: '-6',
        px: '6',
        pt: '4',
        pb: 'max(token(spacing.6), env(safe-area-inset-bottom))',
        bg: 'surface',
        borderTopWidth: '1px',
        borderColor: 'border',
      })}
    >
      {error && (
        <BookingFailure
          message={error}
          bookingsHref={context.viewer.signedIn ? BOOKINGS_PATH : null}
          reloading={checkout.failed}
        />
      )}
      {/* The main button: a free ticket, or the card; a paid event adds the wallets under it. */}
      <button
        type="button"
        className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
        disabled={free ? !canFree : !canCard}
        aria-describedby={described}
        onClick={() =>
          actorRef.send(free ? { type: 'booking.submitted' } : { type: 'card.chosen' })
        }
      >
        {free
          ? (pleaseWait('free') ?? 'Get Ticket')
          : (pleaseWait('card') ?? `Pay ${formatNaira(context.price)} by card`)}
      </button>
      {!free && (
        <WalletPayButtons
          options={wallets}
          canPay={(wallet) => state.can({ type: 'wallet.chosen', wallet })}
          pending={walletPending}
          onPay={(wallet) => actorRef.send({ type: 'wallet.chosen', wallet })}
          onRetry={() => actorRef.send({ type: 'wallets.retried' })}
        />
      )}
      {reason && (
        <p id={noteId} className={actionNote}>
          {reason}
        </p>
      )}
      {!free && !reason && (
        <p className={actionSmallPrint}>
          {signedIn
            ? 'Card payments open a secure checkout and bring you back to your bookings.'
            : 'You will pay on a secure checkout page, then come back here for your ticket.'}
        </p>
      )}
    </div>
  )
}
