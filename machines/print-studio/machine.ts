import { assign, fromPromise, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import {
  type BookingPayment,
  expiredOn401,
  isUnauthorizedError,
  logCallError,
  type WalletDebitRequest,
} from '../calls/booking'
import {
  type BookingWallets,
  loadWalletsStub,
  noWallets,
  type WalletIds,
  walletCanPay,
  walletIdOf,
  walletOptions,
  walletsClosed,
  walletsInvoke,
  walletsOpened,
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

export interface PrintStudioContext extends PrintStudioInput {
  days: string[]
  /** The Name of the studio item taking bookings; null when none is ('Not available'). */
  venue: string | null
  day: string | null
  slot: string | null
  /** The message shown in the panel after a failed call; cleared by the next change. */
  error: string | null
  /** The signed-in person's wallets, read each time the panel opens. */
  wallets: BookingWallets
}

type PrintStudioEvent =
  | { type: 'studio.retry' }
  | { type: 'panel.opened' }
  | { type: 'panel.closed' }
  | { type: 'day.selected'; day: string }
  | { type: 'slot.selected'; slot: string }
  | { type: 'guest.changed'; field: GuestField; value: string }
  | { type: 'booking.card' }
  | { type: 'booking.wallet' }
  | { type: 'booking.communityWallet' }
  | { type: 'wallets.retry' }
  | { type: 'overlay.viewBookings' }
  | { type: 'overlay.closed' }

/** A short, specific message for a failed call: the server's own, else what went wrong. */
export function failureMessage(error: unknown, action: string): string {
  const held = error instanceof ApiError && heldBookingOf(error.status, error.message, error.data)
  if (held) return alreadyBookedText(held)
  if (error instanceof ApiError && error.message) return error.message
  return `We could not ${action}: the connection dropped. Please try again.`
}

/** Nothing chosen yet, and nothing loaded: how both studio flows start. */
export const noStudioChoice = () => ({ days: [], venue: null, day: null, slot: null, error: null })

/** What the loaded studio gives the form: its bookable days, and the item named as Venue. */
export const studioLoaded = (options: StudioOptions) => ({
  days: options.days,
  venue: bookableStudioItem(options.items)?.Name ?? null,
})

/** The guards both studio flows share: a studio to book, an offered day and session, a 401. */
export const studioGuards = {
  hasStudio: ({ context }: { context: { venue: string | null } }) => context.venue !== null,
  isOfferedDay: ({ context }: { context: { days: string[] } }, params: { day: string }) =>
    context.days.includes(params.day),
  isStudioSlot: (_: unknown, params: { slot: string }) => isStudioSlot(params.slot),
  isUnauthorized: (_: unknown, params: { error: unknown }) => isUnauthorizedError(params.error),
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
 * A failed studio call: a 401 is left to session expiry; else the form says what could not be
 * done (`action`, e.g. 'start the payment') through the flow's `showFailure` action.
 */
export const studioCallFailed = <T extends string>(target: T, action: string) =>
  [
    expiredOn401,
    {
      target,
      actions: [
        logCallError,
        {
          type: 'showFailure',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, action }),
        },
      ],
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
    tags: {} as 'busy' | 'error' | 'panelOpen',
  },
  actors: {
    loadStudio: fromPromise<StudioOptions>(async () => {
      throw new Error('loadStudio is not provided')
    }),
    initiatePayment: fromPromise<string, BookingPayment>(async () => {
      throw new Error('initiatePayment is not provided')
    }),
    debitWallet: fromPromise<unknown, WalletDebitRequest>(async () => {
      throw new Error('debitWallet is not provided')
    }),
    loadWallets: loadWalletsStub,
  },
  actions: {
    setWallets: assign((_, params: { wallets: BookingWallets }) => ({ wallets: params.wallets })),
    /** The storage keeps the wallet ids of the last read (spec: `wallet`, `communityWallet`). */
    rememberWallets: (_, _params: WalletIds) => {},
    redirectToPayment: (_, _params: { url: string }) => {},
    navigateToBookings: () => {},
    reloadPage: () => {},
    logError: (_, _params: { error: unknown }) => {},
    showFailure: assign((_, params: { error: unknown; action: string }) => ({
      error: failureMessage(params.error, params.action),
    })),
  },
  guards: {
    ...studioGuards,
    isGuest: ({ context }) => context.user === null,
    canPayByCard: ({ context }) => canBook(context),
    canPayFromWallet: ({ context }) =>
      context.user !== null &&
      canBook(context) &&
      walletCanPay(context.wallets, 'personal', printStudioPriceKobo()),
    canPayFromCommunityWallet: ({ context }) =>
      context.user !== null &&
      canBook(context) &&
      walletCanPay(context.wallets, 'community', printStudioPriceKobo()),
    hasWalletsFailed: ({ context }) => context.wallets.status === 'failed',
  },
  delays: { walletFailureReload: 5000 },
})

/** Paying from the personal or the community wallet: 'Booking successful!', else why not. */
const debiting = (
  id: 'debitWallet' | 'debitCommunityWallet',
  paidWith: 'wallet' | 'community-wallet',
  action: string,
) =>
  printStudio.createStateConfig({
    tags: ['busy'],
    invoke: {
      id,
      src: 'debitWallet',
      input: ({ context }) => ({
        walletId: walletIdOf(context.wallets, paidWith === 'wallet' ? 'personal' : 'community'),
        body: {
          debitAmount: printStudioPriceKobo(),
          narration: STUDIO_NARRATION,
          booking: bookingOf(context, paidWith),
        },
      }),
      onDone: '#printStudio.booked',
      onError: studioCallFailed('walletFailed', action),
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
    context: ({ input }) => ({ ...input, ...noStudioChoice(), wallets: noWallets }),
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
      failed: { tags: ['error'], on: { 'studio.retry': 'loading' } },
      /** The page, panel closed: 'Book' when the studio takes bookings, else 'Not available'. */
      idle: { on: { 'panel.opened': { guard: 'hasStudio', target: 'open' } } },
      /** The booking panel. A signed-in person's wallets are read afresh each time it opens. */
      open: {
        tags: ['panelOpen'],
        initial: 'choosing',
        entry: {
          type: 'setWallets',
          params: ({ context }) => ({ wallets: walletsOpened(context.user !== null) }),
        },
        exit: {
          type: 'setWallets',
          params: ({ context }) => ({ wallets: walletsClosed(context.wallets) }),
        },
        invoke: walletsInvoke<PrintStudioContext>({
          signedIn: (context) => context.user !== null,
          expired: '.sessionExpired',
        }),
        states: {
          choosing: {
            on: {
              'panel.closed': '#printStudio.idle',
              'wallets.retry': {
                guard: 'hasWalletsFailed',
                target: '#printStudio.open',
                reenter: true,
              },
              'day.selected': {
                guard: { type: 'isOfferedDay', params: ({ event }) => ({ day: event.day }) },
                actions: assign({ day: ({ event }) => event.day, error: null }),
              },
              'slot.selected': {
                guard: { type: 'isStudioSlot', params: ({ event }) => ({ slot: event.slot }) },
                actions: assign({ slot: ({ event }) => event.slot, error: null }),
              },
              'guest.changed': {
                guard: 'isGuest',
                actions: assign({
                  guest: ({ context, event }) => ({ ...context.guest, [event.field]: event.value }),
                  error: null,
                }),
              },
              'booking.card': { guard: 'canPayByCard', target: 'initiating' },
              'booking.wallet': { guard: 'canPayFromWallet', target: 'debitingWallet' },
              'booking.communityWallet': {
                guard: 'canPayFromCommunityWallet',
                target: 'debitingCommunityWallet',
              },
            },
          },
          initiating: {
            tags: ['busy'],
            invoke: {
              id: 'initiatePayment',
              src: 'initiatePayment',
              input: ({ context }) =>
                studioPayment({
                  ...context,
                  person: person(context),
                  account: context.user?.id ?? null,
                }),
              onDone: {
                target: 'redirecting',
                actions: {
                  type: 'redirectToPayment',
                  params: ({ event }) => ({ url: event.output }),
                },
              },
              onError: studioCallFailed('choosing', 'start the payment'),
            },
          },
          /** On the way to the card provider's page: 'Please wait' stays until the browser leaves. */
          redirecting: { tags: ['busy'] },
          debitingWallet: debiting('debitWallet', 'wallet', 'pay from your wallet'),
          debitingCommunityWallet: debiting(
            'debitCommunityWallet',
            'community-wallet',
            'pay from the community wallet',
          ),
          /** The server's message shows; the page reloads after 5 s (fresh balance, fresh days). */
          walletFailed: {
            tags: ['error'],
            after: {
              walletFailureReload: { target: '#printStudio.reloading', actions: 'reloadPage' },
            },
          },
          /** A 401: the session-expiry banner speaks and redirects; nothing more to say here. */
          sessionExpired: {},
        },
      },
      /** The 'Booking successful!' overlay. */
      booked: {
        on: {
          'overlay.viewBookings': { target: 'leaving', actions: 'navigateToBookings' },
          'overlay.closed': { target: 'reloading', actions: 'reloadPage' },
        },
      },
      reloading: { tags: ['busy'] },
      leaving: { tags: ['busy'] },
    },
  }),
)
