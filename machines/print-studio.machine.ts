import { assign, fromPromise, setup } from 'xstate'
import { ApiError } from '../openapi/client'
import { printStudioPriceKobo } from './rules/pricing'
import {
  bookableStudioItem,
  canBookStudio,
  isStudioSlot,
  STUDIO_NARRATION,
  type StudioBooking,
  type StudioPaidWith,
  type StudioPerson,
  studioBooking,
  studioCallbackUrl,
} from './rules/print-studio'

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

export interface StudioPaymentRequest {
  callbackUrl: string
  email: string
  /** The signed-in person's id (the payment is theirs), or null for a guest. */
  account: string | null
  booking: StudioBooking
}

export interface StudioDebitRequest {
  walletId: string
  debitAmount: number
  narration: string
  booking: StudioBooking
}

export interface PrintStudioInput {
  /** The site's origin, e.g. 'https://sixteen.ng': the card provider sends the browser back here. */
  origin: string
  /** The signed-in person with their stored details; null for a guest. */
  user: (StudioPerson & { id: string }) | null
  /** A guest's remembered details (empty text when none). */
  guest: StudioPerson
  /** Stored wallet ids; the wallet buttons need them (and a signed-in person). */
  walletId: string | null
  communityWalletId: string | null
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
  | { type: 'overlay.viewBookings' }
  | { type: 'overlay.closed' }

/** A short, specific message for a failed call: the server's own, else what went wrong. */
export function failureMessage(error: unknown, action: string): string {
  if (error instanceof ApiError && error.message) return error.message
  return `We could not ${action}: the connection dropped. Please try again.`
}

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

/**
 * /print-studio: loads whether the studio takes bookings and its days; the booking panel picks a
 * day and a four-hour session (and a guest's details), then pays by card (the browser goes to the
 * provider) or from the personal or community wallet (the 'Booking successful!' overlay).
 */
export const printStudioMachine = setup({
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
    initiatePayment: fromPromise<string, StudioPaymentRequest>(async () => {
      throw new Error('initiatePayment is not provided')
    }),
    debitWallet: fromPromise<unknown, StudioDebitRequest>(async () => {
      throw new Error('debitWallet is not provided')
    }),
  },
  actions: {
    redirectToPayment: (_, _params: { url: string }) => {},
    navigateToBookings: () => {},
    reloadPage: () => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasStudio: ({ context }) => context.venue !== null,
    isOfferedDay: ({ context }, params: { day: string }) => context.days.includes(params.day),
    isStudioSlot: (_, params: { slot: string }) => isStudioSlot(params.slot),
    isGuest: ({ context }) => context.user === null,
    canPayByCard: ({ context }) => canBook(context),
    canPayFromWallet: ({ context }) =>
      context.user !== null && context.walletId !== null && canBook(context),
    canPayFromCommunityWallet: ({ context }) =>
      context.user !== null && context.communityWalletId !== null && canBook(context),
    isUnauthorized: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 401,
  },
  delays: { walletFailureReload: 5000 },
}).createMachine({
  id: 'printStudio',
  context: ({ input }) => ({
    ...input,
    days: [],
    venue: null,
    day: null,
    slot: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStudio',
        src: 'loadStudio',
        onDone: {
          target: 'idle',
          actions: assign({
            days: ({ event }) => event.output.days,
            venue: ({ event }) => bookableStudioItem(event.output.items)?.Name ?? null,
          }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { tags: ['error'], on: { 'studio.retry': 'loading' } },
    /** The page, panel closed: 'Book' when the studio takes bookings, else 'Not available'. */
    idle: { on: { 'panel.opened': { guard: 'hasStudio', target: 'choosing' } } },
    choosing: {
      tags: ['panelOpen'],
      on: {
        'panel.closed': 'idle',
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
      tags: ['busy', 'panelOpen'],
      invoke: {
        id: 'initiatePayment',
        src: 'initiatePayment',
        input: ({ context }) => ({
          callbackUrl: studioCallbackUrl(
            context.origin,
            { ...person(context), day: context.day ?? '', slot: context.slot ?? '' },
            context.user !== null,
          ),
          email: person(context).email.trim(),
          account: context.user?.id ?? null,
          booking: bookingOf(context, 'paystack'),
        }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectToPayment', params: ({ event }) => ({ url: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionExpired',
          },
          {
            target: 'choosing',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              assign({ error: ({ event }) => failureMessage(event.error, 'start the payment') }),
            ],
          },
        ],
      },
    },
    /** On the way to the card provider's page: 'Please wait' stays until the browser leaves. */
    redirecting: { tags: ['busy', 'panelOpen'] },
    debitingWallet: {
      tags: ['busy', 'panelOpen'],
      invoke: {
        id: 'debitWallet',
        src: 'debitWallet',
        input: ({ context }) => ({
          walletId: context.walletId ?? '',
          debitAmount: printStudioPriceKobo(),
          narration: STUDIO_NARRATION,
          booking: bookingOf(context, 'wallet'),
        }),
        onDone: 'booked',
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionExpired',
          },
          {
            target: 'walletFailed',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              assign({ error: ({ event }) => failureMessage(event.error, 'pay from your wallet') }),
            ],
          },
        ],
      },
    },
    debitingCommunityWallet: {
      tags: ['busy', 'panelOpen'],
      invoke: {
        id: 'debitCommunityWallet',
        src: 'debitWallet',
        input: ({ context }) => ({
          walletId: context.communityWalletId ?? '',
          debitAmount: printStudioPriceKobo(),
          narration: STUDIO_NARRATION,
          booking: bookingOf(context, 'community-wallet'),
        }),
        onDone: 'booked',
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionExpired',
          },
          {
            target: 'walletFailed',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              assign({
                error: ({ event }) => failureMessage(event.error, 'pay from the community wallet'),
              }),
            ],
          },
        ],
      },
    },
    /** The server's message shows; the page reloads after 5 s (fresh balance, fresh days). */
    walletFailed: {
      tags: ['error', 'panelOpen'],
      after: { walletFailureReload: { target: 'reloading', actions: 'reloadPage' } },
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
    /** A 401: the session-expiry banner speaks and redirects; nothing more to say here. */
    sessionExpired: {},
  },
})
