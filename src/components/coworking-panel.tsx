import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { coworkingActors } from '../../machines/coworking/actors'
import {
  blockersOf,
  type CoworkingInput,
  coworkingMachine,
  isFreeChoice,
  priceOf,
  walletOptionsOf,
} from '../../machines/coworking/machine'
import { BOOKINGS_PATH } from '../../machines/rules/bookings'
import { blockerSentence, coworkingPriceLine, dayButtonText } from '../../machines/rules/coworking'
import { dayLabel } from '../../machines/rules/dates'
import { isValidEmail } from '../../machines/rules/email'
import { formatNaira } from '../../machines/rules/money'
import { SPOT_FEE_NAIRA } from '../../machines/rules/pricing'
import { COWORKING_HOURS } from '../../machines/rules/slots'
import { isMembersOnlySpace } from '../../machines/rules/spaces'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api, viewer } from '../api'
import { useHydrated } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { pageOrigin, readSession, storage } from '../storage'
import {
  actionNote,
  actionSmallPrint,
  BookingFailure,
  PriceSummary,
  SignedInDetails,
  WalletPayButtons,
} from './booking-panel-parts'
import { bookingWalletEffects } from './booking-wallet-effects'
import {
  bareFieldset,
  ChoiceChips,
  type DayChoiceProps,
  Field,
  fieldLegend,
  textInput,
} from './form-fields'
import { GuestFields } from './guest-fields'
import { Panel } from './panel'
import { SuccessOverlay } from './success-overlay'

export type CoworkingRef = ActorRefFrom<typeof coworkingMachine>

export interface SettledViewer {
  signedIn: boolean
  isMember: boolean
}

/**
 * The viewer once their profile has been read (null while it is): membership changes the panel.
 * The server's HTML, and the hydration of it, show a visitor's panel: storage is the browser's.
 */
export function useSettledViewer(): SettledViewer | null {
  const hydrated = useHydrated()
  const settled = useSelector(
    viewer,
    (s) =>
      s.hasTag('busy') ? null : { signedIn: s.context.signedIn, isMember: s.matches('member') },
    (a, b) => a?.signedIn === b?.signedIn && a?.isMember === b?.isMember,
  )
  return hydrated ? settled : VISITOR
}

const VISITOR: SettledViewer = { signedIn: false, isMember: false }

/** Details a page already has (the booked page's query), used instead of remembered ones. */
export interface CoworkingPrefill {
  email: string
  name: string
  phone: string
  day: string
}

/** Who is booking, read once from storage: the signed-in person's details or a guest's. */
export function coworkingInput(who: SettledViewer, prefill?: CoworkingPrefill): CoworkingInput {
  const session = who.signedIn ? readSession() : null
  const remembered = {
    email: storage.get('email') ?? '',
    name: storage.get('name') ?? '',
    phone: storage.get('phone') ?? '',
  }
  const details = session
    ? {
        email: storage.get('userEmail') ?? '',
        name: storage.get('userName') ?? '',
        phone: storage.get('userNumber') ?? '',
      }
    : {
        email: prefill?.email || remembered.email,
        name: prefill?.name || remembered.name,
        phone: prefill?.phone || remembered.phone,
      }
  return {
    signedIn: session !== null,
    isMember: session !== null && who.isMember,
    userId: session?.userId ?? null,
    details,
    remember: storage.get('rememberMe') === 'true',
    day: prefill?.day || null,
    origin: pageOrigin(),
  }
}

/** The booking actor of a page, with the browser's side effects provided. */
export function useCoworkingActor(input: CoworkingInput): CoworkingRef {
  const navigate = useNavigate()
  const actorRef = useActorRef(
    coworkingMachine.provide({
      actors: coworkingActors(api),
      actions: {
        redirectToPayment: (_, { url }) => window.location.assign(url),
        rememberGuest: (_, { remember, email, name, phone }) => {
          if (remember) {
            storage.set('email', email.trim())
            storage.set('name', name.trim())
            storage.set('phone', phone.trim())
            storage.set('rememberMe', 'true')
          } else {
            for (const key of ['email', 'name', 'phone', 'rememberMe'] as const) storage.remove(key)
          }
        },
        reloadPage: () => window.location.reload(),
        navigateToBookings: () => navigate(BOOKINGS_PATH),
        logError: (_, { error }) => console.error('Co-working booking', error),
        ...bookingWalletEffects,
      },
    }),
    { input, inspect: showLiveFlow },
  )
  // Back from the provider's page, the browser may restore this page as it was ('Please wait').
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) actorRef.send({ type: 'payment.returned' })
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [actorRef])
  return actorRef
}

// The panel's two shapes (see the panel recipe): a drawer at 768 px or less, a modal above.
const drawer = '@media (max-width: 768px)'
const modal = '@media (min-width: 769px)'

const dayCard = css({
  display: 'flex',
  flexDir: 'column',
  alignItems: 'flex-start',
  justifyContent: 'center',
  gap: '0.5',
  minH: '14',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  color: 'ink.800',
  cursor: 'pointer',
  scrollSnapAlign: 'start',
  transition: 'background 0.15s, border-color 0.15s, color 0.15s',
  [drawer]: { flex: '0 0 auto', minW: '24' },
  _hover: { borderColor: 'ink.500' },
  '& [data-part=title]': { fontSize: 'sm', fontWeight: 'semibold', lineHeight: 'tight' },
  '& [data-part=date]': { fontSize: 'xs', color: 'fg.muted', lineHeight: 'tight' },
  '&:has(input:checked)': {
    bg: 'ink.900',
    borderColor: 'ink.900',
    color: 'white',
    '& [data-part=date]': { color: 'sand.300' },
  },
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '2px',
  },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
})

/**
 * The day buttons: 'Today', 'Tomorrow', then weekdays, each over its date. A row that scrolls
 * sideways in the phone drawer; a grid showing every day in the modal.
 */
function DayChoices({ days, chosen, now, disabled, onChoose }: DayChoiceProps) {
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>Day</legend>
      {days.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Every space is full for the next two weeks. Please check again soon.
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-label="Day"
          className={css({
            [drawer]: {
              display: 'flex',
              gap: '2',
              overflowX: 'auto',
              scrollSnapType: 'x proximity',
              scrollPaddingInline: '6',
              mx: '-6',
              px: '6',
              py: '1',
              scrollbarWidth: 'none',
              '&::-webkit-scrollbar': { display: 'none' },
            },
            [modal]: {
              display: 'grid',
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              gap: '2',
            },
          })}
        >
          {days.map((day) => {
            const text = dayButtonText(day, now)
            return (
              <label key={day} className={dayCard}>
                <input
                  type="radio"
                  name="coworking-day"
                  value={day}
                  aria-label={text.label}
                  checked={chosen === day}
                  onChange={() => onChoose(day)}
                  className={css({ srOnly: true })}
                />
                <span data-part="title">{text.title}</span>
                <span data-part="date">{text.date}</span>
              </label>
            )
          })}
        </div>
      )}
    </fieldset>
  )
}

function GuestCounter({ actorRef, disabled }: { actorRef: CoworkingRef; disabled: boolean }) {
  const id = useId()
  const count = useSelector(actorRef, (s) => s.context.extraGuests)
  const names = useSelector(actorRef, (s) => s.context.visitorNames)
  const isMember = useSelector(actorRef, (s) => s.context.isMember)
  const canAdd = useSelector(actorRef, (s) => s.can({ type: 'guests.added' }))
  const canRemove = useSelector(actorRef, (s) => s.can({ type: 'guests.removed' }))
  const stepper = css({
    display: 'grid',
    placeItems: 'center',
    w: '11',
    h: '11',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'sand.300',
    bg: 'surface',
    color: 'ink.900',
    fontSize: 'xl',
    lineHeight: '1',
    cursor: 'pointer',
    transition: 'background 0.15s, border-color 0.15s',
    _hover: { _enabled: { borderColor: 'ink.500', bg: 'sand.50' } },
    _disabled: { cursor: 'not-allowed', opacity: 0.4 },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  })
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>Extra guests</legend>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <p
          id={`${id}-hint`}
          className={css({ fontSize: 'sm', color: 'fg.muted', lineHeight: 'snug' })}
        >
          {isMember
            ? `Your first guest is free, then ${formatNaira(SPOT_FEE_NAIRA)} each.`
            : `${formatNaira(SPOT_FEE_NAIRA)} each, for the day.`}
        </p>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexShrink: 0 })}>
          <button
            type="button"
            className={stepper}
            aria-label="Remove a guest"
            disabled={!canRemove}
            onClick={() => actorRef.send({ type: 'guests.removed' })}
          >
            <span aria-hidden>−</span>
          </button>
          <output
            aria-live="polite"
            aria-label="Extra guests"
            aria-describedby={`${id}-hint`}
            className={css({
              minW: '6',
              textAlign: 'center',
              fontFamily: 'display',
              fontSize: '2xl',
              fontWeight: 'semibold',
            })}
          >
            {count}
          </output>
          <button
            type="button"
            className={stepper}
            aria-label="Add a guest"
            disabled={!canAdd}
            onClick={() => actorRef.send({ type: 'guests.added' })}
          >
            <span aria-hidden>+</span>
          </button>
        </div>
      </div>
      {names.length > 0 && (
        <div className={css({ display: 'grid', gap: '3', mt: '4' })}>
          {names.map((name, index) => (
            <Field
              // biome-ignore lint/suspicious/noArrayIndexKey: inputs only come and go at the end
              key={index}
              label={`Guest ${index + 1}'s name`}
              htmlFor={`${id}-visitor-${index}`}
            >
              <input
                id={`${id}-visitor-${index}`}
                type="text"
                required
                autoComplete="off"
                autoCapitalize="words"
                value={name}
                onChange={(e) =>
                  actorRef.send({ type: 'visitor.changed', index, name: e.target.value })
                }
                className={textInput}
              />
            </Field>
          ))}
        </div>
      )}
    </fieldset>
  )
}

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
  const cardBusy =
    state.matches({ open: 'reserving' }) ||
    state.matches({ open: 'initiating' }) ||
    state.matches({ open: 'redirecting' })
  const walletBusy = state.matches({ open: 'debiting' }) ? context.payingFrom : null
  const failedWallet =
    state.matches({ open: 'walletFailed' }) || state.matches({ open: 'reloading' })
  const reason = editing ? blockerSentence(blockersOf(context)) : null
  const canBook = state.can({ type: 'booking.submitted' })

  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {context.error && (
        <BookingFailure
          message={context.error}
          reloading={failedWallet}
          bookingsHref={context.signedIn ? BOOKINGS_PATH : null}
        />
      )}
      <button
        type="submit"
        className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
        disabled={!canBook}
        aria-describedby={reason ? noteId : undefined}
      >
        {cardBusy ? 'Please wait' : 'Book'}
      </button>
      <WalletPayButtons
        options={walletOptionsOf(context)}
        canPay={(wallet) => state.can({ type: 'wallet.paid', wallet })}
        pending={walletBusy}
        onPay={(wallet, e) => {
          // Visitor names are required inputs: the same check as Book's.
          if (e.currentTarget.form?.reportValidity() === false) return
          actorRef.send({ type: 'wallet.paid', wallet })
        }}
        onRetry={() => actorRef.send({ type: 'wallets.retry' })}
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
export function CoworkingPanel({
  actorRef,
  now,
  title = 'Book now',
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
          send({ type: 'booking.submitted' })
        }}
      >
        <DayChoices
          days={context.days}
          chosen={context.day}
          now={now}
          disabled={locked}
          onChoose={(day) => send({ type: 'day.selected', day })}
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
          onChoose={(space) => send({ type: 'space.selected', space })}
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
              emailInvalid={context.email.trim() !== '' && !isValidEmail(context.email.trim())}
              onChange={(field, value) => send({ type: 'details.changed', field, value })}
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
      onViewBookings={() => actorRef.send({ type: 'overlay.viewBookings' })}
      onClose={() => actorRef.send({ type: 'overlay.closed' })}
    />
  )
}
