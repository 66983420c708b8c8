import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { type BookingPayment, errorParams, logCallError, type WalletKind } from '../calls/booking'
import { expiredOn401 } from '../calls/session'
import { callStub } from '../calls/stub'
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
import {
  COWORKING_EVENT,
  type CoworkingPaidWith,
  coworkingBlockers,
  coworkingBooking,
  coworkingCallbackUrl,
  coworkingFailureMessage,
  isFreeCoworking,
  MAX_EXTRA_GUESTS,
  resizeVisitorNames,
} from '../rules/coworking'
import { CURRENCY, coworkingPriceKobo } from '../rules/pricing'
import { offersCoworking, visibleSpaces } from '../rules/spaces'

type Space = components['schemas']['Space']
type BookingInput = components['schemas']['BookingInput']

/** Who is booking and what the page already knows (stored details, a day to book again). */
export interface CoworkingInput {
  /** A user id and an auth token are stored. */
  signedIn: boolean
  /** The viewer is an active member (free for themselves and one guest; the 8th Floor). */
  isMember: boolean
  userId: string | null
  /** The signed-in person's stored details, or a guest's remembered (or the page's) ones. */
  details: { email: string; name: string; phone: string }
  /** 'Remember me' is ticked: the guest's details are stored when they book. */
  remember: boolean
  /** A day to preselect (the booked page's 'Book again'); kept only if still bookable. */
  day: string | null
  /** The site's origin, for the card provider's return address. */
  origin: string
  /** The most extra guests (the contract's 20 unless the caller walks a smaller model). */
  maxExtraGuests?: number
}

/** What the page needs before the panel can open: the spaces and the bookable days. */
export interface CoworkingOptions {
  spaces: Space[]
  days: string[]
}

export interface CoworkingContext extends WithLeftDetails {
  signedIn: boolean
  isMember: boolean
  userId: string | null
  askDetails: boolean
  email: string
  name: string
  phone: string
  remember: boolean
  origin: string
  maxExtraGuests: number
  preferredDay: string | null
  days: string[]
  /** Co-working spaces the viewer may choose, names cleaned. */
  spaces: Space[]
  /** The signed-in person's wallets, read each time the panel opens. */
  wallets: BookingWallets
  day: string | null
  space: string | null
  extraGuests: number
  visitorNames: string[]
  /** How the person is paying, while the checkout runs. */
  payingWith: 'card' | WalletKind | null
  /** Why the last call failed, for the panel; cleared by the next change. */
  error: string | null
}

export type CoworkingEvent =
  | { type: 'options.retried' }
  | { type: 'panel.opened' }
  | { type: 'panel.closed' }
  | { type: 'day.chosen'; day: string }
  | { type: 'space.chosen'; space: string }
  | { type: 'field.changed'; field: 'email' | 'name' | 'phone'; value: string }
  | DetailLeftEvent
  | { type: 'remember.changed'; remember: boolean }
  | { type: 'guests.added' }
  | { type: 'guests.removed' }
  | { type: 'visitor.changed'; index: number; name: string }
  | { type: 'booking.submitted' }
  | { type: 'card.chosen' }
  | { type: 'wallet.chosen'; wallet: WalletKind }
  | { type: 'wallets.retried' }
  | { type: 'overlay.closed' }
  | { type: 'overlay.bookingsOpened' }

/** The price of the current choice in kobo, as the server will charge it. */
export const priceOf = (context: Pick<CoworkingContext, 'extraGuests' | 'isMember'>) =>
  coworkingPriceKobo(context.extraGuests, context.isMember)

/** What still keeps Book disabled. */
export const blockersOf = (context: CoworkingContext) => coworkingBlockers(context)

/** Whether the current choice is a member's free booking. */
export const isFreeChoice = (context: Pick<CoworkingContext, 'extraGuests' | 'isMember'>) =>
  isFreeCoworking(context.extraGuests, context.isMember)

/** The wallet buttons: a signed-in person's, when the choice costs something. */
export const walletOptionsOf = (context: CoworkingContext) =>
  context.signedIn && !isFreeChoice(context) ? walletOptions(context.wallets, priceOf(context)) : []

function bookingOf(context: CoworkingContext, paidWith: CoworkingPaidWith): BookingInput {
  return coworkingBooking({
    email: context.email,
    name: context.name,
    phone: context.phone,
    day: context.day ?? '',
    space: context.space ?? '',
    extraGuests: context.extraGuests,
    visitorNames: context.visitorNames,
    isMember: context.isMember,
    paidWith,
  })
}

/** The card payment: back to the booked page (a guest) or to the person's bookings. */
function paymentOf(context: CoworkingContext): BookingPayment {
  return {
    callbackUrl: coworkingCallbackUrl(context.origin, context.signedIn, {
      email: context.email,
      name: context.name,
      day: context.day ?? '',
      phone: context.phone,
    }),
    email: context.email.trim(),
    payment: {
      Amount: priceOf(context),
      Currency: CURRENCY,
      Account: context.userId ? [context.userId] : null,
      Plan: null,
    },
    booking: bookingOf(context, 'paystack'),
  }
}

/** What the checkout is handed: the card payment, or the chosen wallet's debit. */
export const checkoutOf = (context: CoworkingContext): CheckoutInput =>
  checkoutInput(context.payingWith, {
    wallets: context.wallets,
    debitAmount: priceOf(context),
    narration: COWORKING_EVENT,
    booking: (paidWith) => bookingOf(context, paidWith),
    payment: () => paymentOf(context),
  })

/** The panel's words for a failed call (the server's own where it gave one). */
export const failure = (error: unknown) =>
  error instanceof ApiError
    ? coworkingFailureMessage(error.status, refusalWords(error), error.data)
    : coworkingFailureMessage(null, null)

const emptyForm = {
  day: null,
  space: null,
  extraGuests: 0,
  visitorNames: [] as string[],
  payingWith: null,
  error: null,
}

/**
 * Book a spot: the panel's choices (day, space, extra guests and their names, guest details),
 * then a member's free booking, a card payment (the browser goes to the provider) or a wallet
 * payment (the success overlay). A 401 is left to the session-expiry flow.
 */
export const coworkingMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CoworkingInput,
      context: {} as CoworkingContext,
      events: {} as CoworkingEvent,
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadOptions: callStub<CoworkingOptions>('loadOptions'),
      reserveSpot: callStub<unknown, { booking: BookingInput }>('reserveSpot'),
      ...payingActors,
    },
    actions: {
      ...payingActions,
      leaveField: leaveField(),
      setWallets: setWallets(),
      clearError: assign({ error: null }),
      showFailure: assign((_, params: { error: unknown }) => ({ error: failure(params.error) })),
      rememberGuest: (
        _,
        _params: { remember: boolean; email: string; name: string; phone: string },
      ) => {},
      navigateToBookings: () => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      offersCoworking: (_, params: { spaces: Space[] }) => offersCoworking(params.spaces),
      // A choice or an edit that changes nothing is ignored.
      canChooseDay: ({ context }, params: { day: string }) =>
        params.day !== context.day && context.days.includes(params.day),
      canChooseSpace: ({ context }, params: { space: string }) =>
        params.space !== context.space &&
        context.spaces.some((space) => space.Name === params.space),
      canChangeDetail: (
        { context },
        params: { field: 'email' | 'name' | 'phone'; value: string },
      ) => context.askDetails && context[params.field] !== params.value,
      canChangeRemember: ({ context }, params: { remember: boolean }) =>
        !context.signedIn && context.remember !== params.remember,
      canAddGuest: ({ context }) => context.extraGuests < context.maxExtraGuests,
      hasGuests: ({ context }) => context.extraGuests > 0,
      canRenameVisitor: ({ context }, params: { index: number; name: string }) =>
        params.index >= 0 &&
        params.index < context.extraGuests &&
        context.visitorNames[params.index] !== params.name,
      canBookFree: ({ context }) => blockersOf(context).length === 0 && isFreeChoice(context),
      canPayByCard: ({ context }) => blockersOf(context).length === 0 && !isFreeChoice(context),
      canPayFromWallet: ({ context }, params: { wallet: WalletKind }) =>
        context.signedIn &&
        blockersOf(context).length === 0 &&
        !isFreeChoice(context) &&
        walletCanPay(context.wallets, params.wallet, priceOf(context)),
      ...payingGuards,
      ...leftGuards,
    },
  }).createMachine({
    id: 'coworking',
    context: ({ input }) => ({
      signedIn: input.signedIn,
      isMember: input.isMember,
      userId: input.userId,
      askDetails:
        !input.signedIn || !input.details.email || !input.details.name || !input.details.phone,
      email: input.details.email,
      name: input.details.name,
      phone: input.details.phone,
      left: [],
      remember: input.remember,
      origin: input.origin,
      maxExtraGuests: Math.min(input.maxExtraGuests ?? MAX_EXTRA_GUESTS, MAX_EXTRA_GUESTS),
      preferredDay: input.day,
      days: [],
      spaces: [],
      wallets: noWallets,
      ...emptyForm,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadOptions',
          src: 'loadOptions',
          onDone: [
            {
              guard: {
                type: 'offersCoworking',
                params: ({ event }) => ({ spaces: event.output.spaces }),
              },
              target: 'closed',
              actions: assign(({ context, event }) => ({
                days: event.output.days,
                spaces: visibleSpaces(
                  event.output.spaces.filter((space) => space.Coworking === true),
                  context.isMember,
                ),
                day:
                  context.preferredDay && event.output.days.includes(context.preferredDay)
                    ? context.preferredDay
                    : null,
              })),
            },
            { target: 'unavailable' },
          ],
          onError: { target: 'failed', actions: logCallError },
        },
      },
      failed: { tags: ['error'], on: { 'options.retried': 'loading' } },
      /** No space offers co-working: 'Not available'. */
      unavailable: {},
      closed: { on: { 'panel.opened': 'open' } },
      open: {
        initial: 'editing',
        ...walletsWhileOpen<CoworkingContext>({
          signedIn: (context) => context.signedIn,
          expired: '.sessionExpired',
        }),
        states: {
          editing: {
            on: {
              'panel.closed': '#coworking.closed',
              'wallets.retried': walletsRetry('#coworking.open'),
              'day.chosen': {
                guard: { type: 'canChooseDay', params: ({ event }) => ({ day: event.day }) },
                actions: assign({ day: ({ event }) => event.day, error: null }),
              },
              'space.chosen': {
                guard: { type: 'canChooseSpace', params: ({ event }) => ({ space: event.space }) },
                actions: assign({ space: ({ event }) => event.space, error: null }),
              },
              'field.changed': {
                guard: {
                  type: 'canChangeDetail',
                  params: ({ event }) => ({ field: event.field, value: event.value }),
                },
                actions: assign(({ event }) =>
                  event.field === 'email'
                    ? { email: event.value, error: null }
                    : event.field === 'name'
                      ? { name: event.value, error: null }
                      : { phone: event.value, error: null },
                ),
              },
              'field.left': fieldLeft,
              'remember.changed': {
                guard: {
                  type: 'canChangeRemember',
                  params: ({ event }) => ({ remember: event.remember }),
                },
                actions: assign({ remember: ({ event }) => event.remember }),
              },
              'guests.added': {
                guard: 'canAddGuest',
                actions: assign(({ context }) => ({
                  extraGuests: context.extraGuests + 1,
                  visitorNames: resizeVisitorNames(context.visitorNames, context.extraGuests + 1),
                  error: null,
                })),
              },
              'guests.removed': {
                guard: 'hasGuests',
                actions: assign(({ context }) => ({
                  extraGuests: context.extraGuests - 1,
                  visitorNames: resizeVisitorNames(context.visitorNames, context.extraGuests - 1),
                  error: null,
                })),
              },
              'visitor.changed': {
                guard: {
                  type: 'canRenameVisitor',
                  params: ({ event }) => ({ index: event.index, name: event.name }),
                },
                actions: assign({
                  visitorNames: ({ context, event }) =>
                    context.visitorNames.map((name, i) => (i === event.index ? event.name : name)),
                }),
              },
              'booking.submitted': { guard: 'canBookFree', target: 'reserving' },
              'card.chosen': {
                guard: 'canPayByCard',
                target: 'paying',
                actions: [
                  assign({ payingWith: 'card' }),
                  {
                    type: 'rememberGuest',
                    params: ({ context }) => ({
                      remember: context.remember,
                      email: context.email,
                      name: context.name,
                      phone: context.phone,
                    }),
                  },
                ],
              },
              'wallet.chosen': {
                guard: {
                  type: 'canPayFromWallet',
                  params: ({ event }) => ({ wallet: event.wallet }),
                },
                target: 'paying',
                actions: assign({ payingWith: ({ event }) => event.wallet }),
              },
            },
          },
          /** A member's free booking. */
          reserving: {
            tags: ['busy'],
            entry: 'clearError',
            invoke: {
              id: 'reserveSpot',
              src: 'reserveSpot',
              input: ({ context }) => ({ booking: bookingOf(context, 'membership') }),
              onDone: '#coworking.booked',
              onError: [
                expiredOn401,
                {
                  target: 'editing',
                  actions: [{ type: 'showFailure', params: errorParams }, logCallError],
                },
              ],
            },
          },
          /**
           * The checkout takes the card payment (then the browser goes to the provider, and comes
           * back to the form if it restores the page) or the wallet debit.
           */
          paying: {
            entry: 'clearError',
            exit: assign({ payingWith: null }),
            invoke: {
              id: 'checkout',
              src: 'checkout',
              input: ({ context }) => checkoutOf(context),
              onDone: [
                ...checkoutOutcomes({ paid: '#coworking.booked', returned: 'editing' }),
                {
                  target: 'editing',
                  actions: {
                    type: 'showFailure',
                    params: ({ event }) => ({ error: event.output.error }),
                  },
                },
              ],
            },
          },
          /** A 401: the session-expiry flow shows its banner and sends the person to /login. */
          sessionExpired: { tags: ['expired'] },
        },
      },
      /** Signed in and booked: the success overlay. */
      booked: {
        on: {
          'overlay.bookingsOpened': { actions: 'navigateToBookings' },
          'overlay.closed': {
            target: 'loading',
            actions: assign({ ...emptyForm, preferredDay: null }),
          },
        },
      },
    },
  }),
)
