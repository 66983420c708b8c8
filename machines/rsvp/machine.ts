import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { type BookingPayment, logCallError, type WalletKind } from '../calls/booking'
import { expiredOn401 } from '../calls/session'
import { callStub } from '../calls/stub'
import { type FreeTicket, ticketCardPayment } from '../calls/ticket'
import { refusalWords } from '../calls/words'
import {
  type DetailLeftEvent,
  fieldLeft,
  leaveField,
  leftGuards,
  type WithLeftDetails,
} from '../checkout/left-details'
import { type CheckoutInput, checkoutOutcomes } from '../checkout/machine'
import {
  type BookingWallets,
  checkoutInput,
  noWallets,
  payingActions,
  payingActors,
  payingGuards,
  setWallets,
  walletCanPay,
  walletOptions,
  walletsRetry,
  walletsWhileOpen,
} from '../checkout/wallets'
import { onFirstUse } from '../on-first-use'
import type { BookingBlocker } from '../rules/booking-fields'
import {
  alreadyBookedText,
  heldBookingOf,
  isSoldOutRefusal,
  walletReference,
} from '../rules/bookings'
import { eventAction, isFreeEvent, metadataFields, ticketPrice } from '../rules/events'
import { toKobo } from '../rules/pricing'
import {
  eventRegisteredPath,
  extraAnswersError,
  extraAnswersJson,
  type GuestDetails,
  rsvpDays,
  rsvpProblems,
} from '../rules/rsvp'

type Event = components['schemas']['Event']
type BookingInput = components['schemas']['BookingInput']

// The RSVP machine's tests name it from here.
export type { BookingPayment }

/** Who is booking: a guest, or a signed-in person whose stored details are used. */
export interface RsvpViewer {
  signedIn: boolean
  /** An active member: members-only events and the friends price. */
  isMember: boolean
  userId: string | null
  email: string
  name: string
  phone: string
}

export interface RsvpInput {
  event: Event
  viewer: RsvpViewer
  /** A guest's remembered e-mail, name and phone (empty strings when none). */
  guest: GuestDetails
  /** The clock: which days are still ahead, and whether the event is still open. */
  now: Date
  /** The site's origin, for the address a card payment comes back to. */
  origin: string
}

export interface RsvpContext extends WithLeftDetails {
  event: Event
  viewer: RsvpViewer
  /** The signed-in person's wallets, read each time the panel opens. */
  wallets: BookingWallets
  origin: string
  /** Whether the event takes bookings from this viewer (not ended, places left, members). */
  bookable: boolean
  guest: GuestDetails
  /** The event's extra fields and the answers typed so far. */
  fields: string[]
  answers: Record<string, string>
  /** Day choices ('yyyy-MM-dd'), the chosen day, and the chosen time slot. */
  days: string[]
  day: string | null
  slot: string | null
  /** What this viewer pays, in whole naira (0 when free). */
  price: number
  /** The button that started the call in flight, so it is the one that says 'Please wait'. */
  method: 'free' | 'card' | WalletKind | null
  /** A short, specific message about the last failure. */
  error: string | null
}

export type RsvpEvent =
  | { type: 'panel.opened' }
  | { type: 'panel.closed' }
  | { type: 'field.changed'; field: keyof GuestDetails; value: string }
  | DetailLeftEvent
  | { type: 'answer.changed'; field: string; value: string }
  | { type: 'day.chosen'; day: string }
  | { type: 'slot.chosen'; slot: string }
  | { type: 'booking.submitted' }
  | { type: 'card.chosen' }
  | { type: 'wallet.chosen'; wallet: WalletKind }
  | { type: 'wallets.retried' }
  | { type: 'overlay.bookingsOpened' }
  | { type: 'overlay.closed' }

/** What is missing before this booking can go ahead (empty when it can). */
export function problemsOf(context: RsvpContext): BookingBlocker[] {
  return rsvpProblems({
    guest: context.viewer.signedIn ? null : context.guest,
    day: context.day,
    slot: context.slot,
    hasSlots: context.event.TimeSlots.length > 0,
    answersError: extraAnswersError(context.fields, context.answers),
  })
}

/** The price in kobo, exactly the Amount the server is sent (it recomputes and compares). */
export const amountKobo = (context: RsvpContext) => toKobo(context.price)

/** The wallet buttons: a signed-in person's, for a priced ticket (none for a guest or a free one). */
export const walletOptionsOf = (context: RsvpContext) =>
  context.viewer.signedIn && context.price > 0
    ? walletOptions(context.wallets, amountKobo(context))
    : []

/** The person the booking is for: the signed-in person's stored details, else what was typed. */
function booker(context: RsvpContext): GuestDetails {
  if (context.viewer.signedIn) {
    return { email: context.viewer.email, name: context.viewer.name, phone: context.viewer.phone }
  }
  return {
    email: context.guest.email.trim(),
    name: context.guest.name.trim(),
    phone: context.guest.phone.trim(),
  }
}

/** The booking as the contract takes it. */
export function bookingOf(
  context: RsvpContext,
  paidWith: NonNullable<BookingInput['Paid with']>,
): BookingInput {
  const person = booker(context)
  return {
    Email: person.email,
    Name: person.name,
    Event: context.event.ID,
    Type: 'event',
    Venue: context.event.Venue,
    Date: context.day ?? '',
    Amount: amountKobo(context),
    'Time Slot': context.slot,
    'Paid with': paidWith,
    'Payment Reference': walletReference(paidWith),
    Phone: person.phone,
    metadata: extraAnswersJson(context.fields, context.answers),
    Visitors: 0,
    'Names of Visitors': null,
  }
}

/**
 * Where a guest's ticket is shown: /event/{id}/registered with everything in its query, and the
 * ticket's code once the booking is made (a card payment's return address is made before).
 */
export function registeredPathOf(context: RsvpContext, answer: FreeTicket | null = null): string {
  const { email, name } = booker(context)
  // A visitor's ticket asked for by e-mail (decision 040) has no ticket yet: its link books it.
  const asked = answer?.Status === 'requested'
  const ticket = answer && answer.Status !== 'requested' ? (answer.Ticket ?? '') : ''
  const booking = {
    email,
    name,
    date: context.day ?? '',
    time: context.slot ?? '',
    price: context.price,
  }
  return eventRegisteredPath(context.event, booking, ticket, asked)
}

/** The card payment request: back to the registered page (guest) or /profile/bookings. */
export function paymentOf(context: RsvpContext): BookingPayment {
  return ticketCardPayment({
    origin: context.origin,
    viewer: context.viewer,
    registeredPath: () => registeredPathOf(context),
    email: booker(context).email,
    amountKobo: amountKobo(context),
    booking: bookingOf(context, 'paystack'),
  })
}

/**
 * What the checkout is handed: a card payment, or a debit of the chosen wallet (the price in
 * kobo, the event's name as narration, and the booking).
 */
export const checkoutOf = (context: RsvpContext): CheckoutInput =>
  checkoutInput(context.method === 'free' ? null : context.method, {
    wallets: context.wallets,
    debitAmount: amountKobo(context),
    narration: context.event.Name,
    booking: (paidWith) => bookingOf(context, paidWith),
    payment: () => paymentOf(context),
  })

/** The server's message for a refusal it explained; `fallback` for a crash or a lost connection. */
export function failureText(error: unknown, fallback: string): string {
  const held = error instanceof ApiError && heldBookingOf(error.status, error.message, error.data)
  if (held) return alreadyBookedText(held)
  if (error instanceof ApiError && isSoldOutRefusal(error.status, error.message)) {
    return 'Sold out: the last places went while you were booking.'
  }
  if (error instanceof ApiError && error.status < 500 && error.message) return refusalWords(error)
  return fallback
}

const BOOKING_FAILED = 'We could not book your ticket. Check your connection and try again.'
const CARD_FAILED =
  'We could not start the card payment. Nothing was charged; please try again in a moment.'
export const WALLET_FAILED = 'The wallet payment did not go through. Nothing was charged.'

/**
 * The RSVP panel of an event: a guest's details (or the signed-in person's), the event's extra
 * questions, a day and a time slot, then a free booking, a card payment or a wallet payment.
 */
export const rsvpMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as RsvpInput,
      context: {} as RsvpContext,
      events: {} as RsvpEvent,
      tags: {} as 'busy' | 'error' | 'success' | 'expired',
    },
    actors: {
      createBooking: callStub<FreeTicket, BookingInput>('createBooking'),
      ...payingActors,
    },
    actions: {
      ...payingActions,
      leaveField: leaveField(),
      setWallets: setWallets(),
      /** A guest's free ticket: the registered page, loaded afresh (spec: navigate, then reload). */
      navigateToRegistered: (_, _params: { path: string }) => {},
      navigateToBookings: () => {},
      /** A place was taken: the event page re-reads the event (it may be full now). */
      refreshEvent: () => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isBookable: ({ context }) => context.bookable,
      isGuest: ({ context }) => !context.viewer.signedIn,
      isSignedIn: ({ context }) => context.viewer.signedIn,
      isExtraField: ({ context, event }) =>
        event.type === 'answer.changed' && context.fields.includes(event.field),
      isDayChoice: ({ context, event }) =>
        event.type === 'day.chosen' && context.days.includes(event.day),
      isSlotChoice: ({ context, event }) =>
        event.type === 'slot.chosen' && context.event.TimeSlots.includes(event.slot),
      canBookFree: ({ context }) => context.price <= 0 && problemsOf(context).length === 0,
      canPayByCard: ({ context }) => context.price > 0 && problemsOf(context).length === 0,
      canPayFromWallet: ({ context, event }) =>
        event.type === 'wallet.chosen' &&
        context.viewer.signedIn &&
        context.price > 0 &&
        problemsOf(context).length === 0 &&
        walletCanPay(context.wallets, event.wallet, amountKobo(context)),
      ...payingGuards,
      ...leftGuards,
    },
  }).createMachine({
    id: 'rsvp',
    context: ({ input }) => {
      const { event, viewer, now } = input
      const days = rsvpDays(event, now)
      return {
        event,
        viewer,
        wallets: noWallets,
        origin: input.origin,
        bookable: eventAction(event, viewer, now) === 'open',
        guest: { ...input.guest },
        left: [],
        fields: metadataFields(event.metadata),
        answers: {},
        days,
        day: days[0] ?? null,
        slot: event.TimeSlots[0] ?? null,
        price: isFreeEvent(event) ? 0 : ticketPrice(event, viewer.isMember),
        method: null,
        error: null,
      }
    },
    initial: 'closed',
    states: {
      closed: {
        on: { 'panel.opened': { guard: 'isBookable', target: 'open' } },
      },
      open: {
        initial: 'editing',
        ...walletsWhileOpen<RsvpContext>({
          signedIn: (context) => context.viewer.signedIn,
          expired: '.sessionExpired',
        }),
        states: {
          editing: {
            on: {
              'panel.closed': { target: '#rsvp.closed', actions: assign({ error: null }) },
              'wallets.retried': walletsRetry('#rsvp.open'),
              'field.changed': {
                guard: 'isGuest',
                actions: assign({
                  guest: ({ context, event }) => ({ ...context.guest, [event.field]: event.value }),
                  error: null,
                }),
              },
              'field.left': fieldLeft,
              'answer.changed': {
                guard: 'isExtraField',
                actions: assign({
                  answers: ({ context, event }) => ({
                    ...context.answers,
                    [event.field]: event.value,
                  }),
                }),
              },
              'day.chosen': {
                guard: 'isDayChoice',
                actions: assign({ day: ({ event }) => event.day, error: null }),
              },
              'slot.chosen': {
                guard: 'isSlotChoice',
                actions: assign({ slot: ({ event }) => event.slot, error: null }),
              },
              'booking.submitted': {
                guard: 'canBookFree',
                target: 'booking',
                actions: assign({ method: 'free', error: null }),
              },
              'card.chosen': {
                guard: 'canPayByCard',
                target: 'paying',
                actions: assign({ method: 'card', error: null }),
              },
              'wallet.chosen': {
                guard: 'canPayFromWallet',
                target: 'paying',
                actions: assign({ method: ({ event }) => event.wallet, error: null }),
              },
            },
          },
          // A free ticket (or a member's free price): booked directly.
          booking: {
            tags: ['busy'],
            invoke: {
              id: 'createBooking',
              src: 'createBooking',
              input: ({ context }) =>
                bookingOf(context, isFreeEvent(context.event) ? 'free' : 'membership'),
              onDone: [
                {
                  guard: 'isGuest',
                  target: 'leaving',
                  actions: {
                    type: 'navigateToRegistered',
                    params: ({ context, event }) => ({
                      path: registeredPathOf(context, event.output),
                    }),
                  },
                },
                { target: '#rsvp.booked', actions: assign({ method: null }) },
              ],
              onError: [
                expiredOn401,
                {
                  target: 'editing',
                  actions: [
                    assign({
                      method: null,
                      error: ({ event }) => failureText(event.error, BOOKING_FAILED),
                    }),
                    logCallError,
                  ],
                },
              ],
            },
          },
          // A paid ticket: the checkout takes the card payment or the wallet debit.
          paying: {
            invoke: {
              id: 'checkout',
              src: 'checkout',
              input: ({ context }) => checkoutOf(context),
              onDone: [
                ...checkoutOutcomes({ paid: '#rsvp.booked' }),
                {
                  // The spec logs it and clears busy; a person is also told, never left guessing.
                  target: 'editing',
                  actions: assign({
                    method: null,
                    error: ({ event }) => failureText(event.output.error, CARD_FAILED),
                  }),
                },
              ],
            },
          },
          // A guest's free ticket is booked: the registered page is loading.
          leaving: { tags: ['busy'] },
          // A 401: the session-expiry banner says so and goes to /login; nothing more to add here.
          sessionExpired: {
            tags: ['expired'],
            on: { 'panel.closed': { target: '#rsvp.closed' } },
          },
        },
      },
      // The signed-in person's success overlay: 'View Bookings' or 'Close'.
      booked: {
        tags: ['success'],
        on: {
          'overlay.bookingsOpened': { actions: 'navigateToBookings' },
          'overlay.closed': {
            target: 'closed',
            actions: [assign({ method: null, error: null }), 'refreshEvent'],
          },
        },
      },
    },
  }),
)
