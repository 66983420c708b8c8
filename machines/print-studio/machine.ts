import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { type BookingPayment, logCallError, type WalletKind } from '../calls/booking'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import {
  type DetailLeftEvent,
  fieldLeft,
  leaveField,
  leftGuards,
  type WithLeftDetails,
} from '../checkout/left-details'
import { type CheckoutInput, type CheckoutOutput, checkoutOutcomes } from '../checkout/machine'
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
import { alreadyBookedText, heldBookingOf } from '../rules/bookings'
import { CURRENCY, printStudioPriceKobo } from '../rules/pricing'
import {
  bookableStudioItem,
  canBookStudio,
  isStudioSlot,
  STUDIO_NARRATION,
  type StudioPaidWith,
  type StudioPerson,
  studioBooking,
  studioCallbackUrl,
} from '../rules/print-studio'

export interface StudioItem {
  id: string
  Name: string
  Coworking: boolean | null
}

/** What the page loads first: the studio items (is it taking bookings?) and the bookable days. */
export interface StudioOptions {
  items: StudioItem[]
  days: string[]
}

export interface PrintStudioInput {
  /** The site's origin, e.g. 'https://sixteen.ng': the card provider sends the browser back here. */
  origin: string
  /** The signed-in person with their stored details; null for a guest. */
  user: (StudioPerson & { id: string }) | null
  /** A guest's remembered details (empty text when none). */
  guest: StudioPerson
}

type GuestField = keyof StudioPerson

export interface PrintStudioContext extends PrintStudioInput, WithLeftDetails {
  days: string[]
  /** The Name of the studio item taking bookings; null when none is ('Not available'). */
  venue: string | null
  day: string | null
  slot: string | null
  /** The message shown in the panel after a failed call; cleared by the next change. */
  error: string | null
  /** The signed-in person's wallets, read each time the panel opens. */
  wallets: BookingWallets
  /** How the person is paying, while the checkout runs. */
  payingWith: 'card' | WalletKind | null
}

type PrintStudioEvent =
  | { type: 'studio.retried' }
  | { type: 'panel.opened' }
  | { type: 'panel.closed' }
  | { type: 'day.chosen'; day: string }
  | { type: 'slot.chosen'; slot: string }
  | { type: 'field.changed'; field: GuestField; value: string }
  | DetailLeftEvent
  | { type: 'card.chosen' }
  | { type: 'wallet.chosen'; wallet: WalletKind }
  | { type: 'wallets.retried' }
  | { type: 'overlay.bookingsOpened' }
  | { type: 'overlay.closed' }

/** A short, specific message for a failed call: the server's own, else what went wrong. */
export function failureMessage(error: unknown, action: string): string {
  const held = error instanceof ApiError && heldBookingOf(error.status, error.message, error.data)
  if (held) return alreadyBookedText(held)
  if (error instanceof ApiError && error.message) return refusalWords(error)
  return `We could not ${action}: the connection dropped. Please try again.`
}

/** Nothing chosen yet, and nothing loaded: how both studio flows start. */
export const noStudioChoice = () => ({ days: [], venue: null, day: null, slot: null, error: null })

/** What the loaded studio gives the form: its bookable days, and the item named as Venue. */
export const studioLoaded = (options: StudioOptions) => ({
  days: options.days,
  venue: bookableStudioItem(options.items)?.Name ?? null,
})

/** The guards both studio flows share: a studio to book, an offered day and session. */
export const studioGuards = {
  hasStudio: ({ context }: { context: { venue: string | null } }) => context.venue !== null,
  isOfferedDay: ({ context }: { context: { days: string[] } }, params: { day: string }) =>
    context.days.includes(params.day),
  isStudioSlot: (_: unknown, params: { slot: string }) => isStudioSlot(params.slot),
}

/** What each way of paying could not do, in the panel's words ('We could not …'). */
export const STUDIO_ACTIONS: Record<'card' | WalletKind, string> = {
  card: 'start the payment',
  personal: 'pay from your wallet',
  community: 'pay from the community wallet',
}

/**
 * A card payment for a session. `account` is the signed-in person's id (the payment is theirs),
 * null for a guest: it also decides where the provider sends the browser back.
 */
export function studioPayment(choice: {
  origin: string
  person: StudioPerson
  account: string | null
  day: string | null
  slot: string | null
  venue: string | null
}): BookingPayment {
  const { person, account } = choice
  const day = choice.day ?? ''
  const slot = choice.slot ?? ''
  return {
    callbackUrl: studioCallbackUrl(choice.origin, { ...person, day, slot }, account !== null),
    email: person.email.trim(),
    payment: {
      Amount: printStudioPriceKobo(),
      Currency: CURRENCY,
      Account: account === null ? null : [account],
      Plan: null,
    },
    booking: studioBooking({ person, day, slot, venue: choice.venue ?? '', paidWith: 'paystack' }),
  }
}

/**
 * The checkout's end, for both studio flows: paid (`paid`), a 401 (the sibling `sessionExpired`),
 * else the card payment could not start and the form (`failed`) says so through the flow's
 * `showFailure` action.
 */
export const studioCheckoutEnded = (targets: { paid?: string; failed: string }) =>
  [
    ...checkoutOutcomes(targets.paid ? { paid: targets.paid } : {}),
    {
      target: targets.failed,
      actions: {
        type: 'showFailure',
        params: ({ event }: { event: { output: CheckoutOutput } }) => ({
          error: event.output.error,
          action: STUDIO_ACTIONS.card,
        }),
      },
    },
  ] as const

/** The wallet buttons: a signed-in person's (a guest pays by card). */
export const walletOptionsOf = (context: PrintStudioContext) =>
  context.user ? walletOptions(context.wallets, printStudioPriceKobo()) : []

const person = (context: PrintStudioContext): StudioPerson => context.user ?? context.guest

const bookingOf = (context: PrintStudioContext, paidWith: StudioPaidWith) =>
  studioBooking({
    person: person(context),
    day: context.day ?? '',
    slot: context.slot ?? '',
    venue: context.venue ?? '',
    paidWith,
  })

/** What the checkout is handed: the card payment, or the chosen wallet's debit. */
export const checkoutOf = (context: PrintStudioContext): CheckoutInput =>
  checkoutInput(context.payingWith, {
    wallets: context.wallets,
    debitAmount: printStudioPriceKobo(),
    narration: STUDIO_NARRATION,
    booking: (paidWith) => bookingOf(context, paidWith),
    payment: () =>
      studioPayment({ ...context, person: person(context), account: context.user?.id ?? null }),
  })

const canBook = (context: PrintStudioContext) =>
  canBookStudio({
    day: context.day,
    slot: context.slot,
    guest: context.user === null ? context.guest : null,
  })

const printStudio = setup({
  types: {
    input: {} as PrintStudioInput,
    context: {} as PrintStudioContext,
    events: {} as PrintStudioEvent,
    tags: {} as 'busy' | 'error' | 'panelOpen' | 'expired',
  },
  actors: {
    loadStudio: callStub<StudioOptions>('loadStudio'),
    ...payingActors,
  },
  actions: {
    ...payingActions,
    leaveField: leaveField(),
    setWallets: setWallets(),
    navigateToBookings: () => {},
    reloadPage: () => {},
    logError: (_, _params: { error: unknown }) => {},
    showFailure: assign((_, params: { error: unknown; action: string }) => ({
      error: failureMessage(params.error, params.action),
    })),
  },
  guards: {
    ...studioGuards,
    ...payingGuards,
    ...leftGuards,
    isGuest: ({ context }) => context.user === null,
    canPayByCard: ({ context }) => canBook(context),
    canPayFromWallet: ({ context }, params: { wallet: WalletKind }) =>
      context.user !== null &&
      canBook(context) &&
      walletCanPay(context.wallets, params.wallet, printStudioPriceKobo()),
  },
})

/**
 * /print-studio: loads whether the studio takes bookings and its days; the booking panel picks a
 * day and a four-hour session (and a guest's details), then pays by card (the browser goes to the
 * provider) or from the personal or community wallet (the 'Booking successful!' overlay).
 */
export const printStudioMachine = onFirstUse(() =>
  printStudio.createMachine({
    id: 'printStudio',
    context: ({ input }) => ({
      ...input,
      ...noStudioChoice(),
      wallets: noWallets,
      payingWith: null,
      left: [],
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadStudio',
          src: 'loadStudio',
          onDone: { target: 'idle', actions: assign(({ event }) => studioLoaded(event.output)) },
          onError: { target: 'failed', actions: logCallError },
        },
      },
      failed: { tags: ['error'], on: { 'studio.retried': 'loading' } },
      /** The page, panel closed: 'Book' when the studio takes bookings, else 'Not available'. */
      idle: { on: { 'panel.opened': { guard: 'hasStudio', target: 'open' } } },
      /** The booking panel. A signed-in person's wallets are read afresh each time it opens. */
      open: {
        tags: ['panelOpen'],
        initial: 'choosing',
        ...walletsWhileOpen<PrintStudioContext>({
          signedIn: (context) => context.user !== null,
          expired: '.sessionExpired',
        }),
        states: {
          choosing: {
            on: {
              'panel.closed': '#printStudio.idle',
              'wallets.retried': walletsRetry('#printStudio.open'),
              'day.chosen': {
                guard: { type: 'isOfferedDay', params: ({ event }) => ({ day: event.day }) },
                actions: assign({ day: ({ event }) => event.day, error: null }),
              },
              'slot.chosen': {
                guard: { type: 'isStudioSlot', params: ({ event }) => ({ slot: event.slot }) },
                actions: assign({ slot: ({ event }) => event.slot, error: null }),
              },
              'field.changed': {
                guard: 'isGuest',
                actions: assign({
                  guest: ({ context, event }) => ({ ...context.guest, [event.field]: event.value }),
                  error: null,
                }),
              },
              'field.left': fieldLeft,
              'card.chosen': {
                guard: 'canPayByCard',
                target: 'paying',
                actions: assign({ payingWith: 'card' }),
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
          /**
           * The checkout takes the card payment (the browser goes to the provider) or the wallet
           * debit ('Booking successful!'; a refusal shows, then the page reloads after 5 s).
           */
          paying: {
            invoke: {
              id: 'checkout',
              src: 'checkout',
              input: ({ context }) => checkoutOf(context),
              onDone: studioCheckoutEnded({ paid: '#printStudio.booked', failed: 'choosing' }),
            },
            exit: assign({ payingWith: null }),
          },
          /** A 401: the session-expiry banner speaks and redirects; nothing more to say here. */
          sessionExpired: { tags: ['expired'] },
        },
      },
      /** The 'Booking successful!' overlay. */
      booked: {
        on: {
          'overlay.bookingsOpened': { target: 'leaving', actions: 'navigateToBookings' },
          'overlay.closed': { target: 'reloading', actions: 'reloadPage' },
        },
      },
      reloading: { tags: ['busy'] },
      leaving: { tags: ['busy'] },
    },
  }),
)
