import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import {
  bookingCancelMachine,
  type CancelInput,
  type CancelledBooking,
} from '../booking-cancel/machine'
import { logCallError } from '../calls/booking'
import { callState } from '../calls/call-state'
import { expiredOn401In, expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { cancelInputOf } from './selectors'

export type Booking = components['schemas']['Booking']
export type PastBooking = components['schemas']['PastBooking']

export interface BookingsListInput {
  /** The signed-in person's stored e-mail (userEmail); null when storage lacks it. */
  email: string | null
  /** The last list this phone read for them, shown when the network cannot give a new one. */
  kept?: KeptBookings | null
}

/** A list of bookings as read at `at`, kept on the phone (storage's keptBookings). */
export interface KeptBookings {
  email: string
  at: string
  bookings: Booking[]
}

export interface LoadedBookings {
  /** Whose bookings these are (read from the profile when storage had no e-mail). */
  email: string
  bookings: Booking[]
}

/**
 * /profile/bookings: the signed-in person's current and upcoming bookings, one row expanded at
 * a time, and their past bookings loaded on demand.
 */
export const bookingsListMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as BookingsListInput,
      context: {} as {
        email: string | null
        kept: KeptBookings | null
        /** When the list on screen was read, when it is the kept one (no network); else null. */
        keptAt: string | null
        bookings: Booking[]
        past: PastBooking[] | null
        /** The one expanded row, current or past; null when all are folded. */
        expanded: string | null
        /** The bookings cancelled on this page, by id: their rows say so until read again. */
        cancelled: Record<string, CancelledBooking>
      },
      events: {} as
        | { type: 'bookings.retried' }
        | { type: 'booking.toggled'; id: string }
        | { type: 'past.shown' }
        | { type: 'past.hidden' }
        | { type: 'past.retried' },
      tags: {} as 'busy' | 'error' | 'expired' | 'pastBusy' | 'pastError',
      children: {} as { bookingCancel: 'bookingCancel' },
    },
    actors: {
      loadBookings: callStub<LoadedBookings, { email: string | null }>('loadBookings'),
      loadPastBookings: callStub<PastBooking[], { email: string }>('loadPastBookings'),
      bookingCancel: bookingCancelMachine,
    },
    actions: {
      ...loadCallActions,
      toggleRow: assign({
        expanded: ({ context, event }) =>
          event.type === 'booking.toggled' && context.expanded !== event.id ? event.id : null,
      }),
      keepCancelled: assign({
        cancelled: ({ context }, params: { cancelled: CancelledBooking }) => ({
          ...context.cancelled,
          [params.cancelled.id]: params.cancelled,
        }),
      }),
      /** Keeps the list just read on the phone, for a visit without a network. */
      keepBookings: (_: unknown, _params: { email: string; bookings: Booking[] }) => {},
    },
    guards: {
      ...sessionGuards,
      hasLoadedPast: ({ context }) => context.past !== null,
      // No answer at all (no network), and a list of theirs kept: show it rather than an error.
      canShowKept: ({ context, event }) =>
        'error' in event &&
        !(event.error instanceof ApiError) &&
        context.kept !== null &&
        (context.email === null || context.kept.email === context.email),
      isKept: ({ context }) => context.keptAt !== null,
      /** The row a toggle opens (none when it folds the open one) has a booking to cancel. */
      opensCancellable: ({ context }, params: { id: string }) =>
        context.expanded !== params.id && cancelInputOf(context, params.id) !== null,
    },
  }).createMachine({
    id: 'bookingsList',
    context: ({ input }) => ({
      email: input.email,
      kept: input.kept ?? null,
      keptAt: null,
      bookings: [],
      past: null,
      expanded: null,
      cancelled: {},
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadBookings',
          src: 'loadBookings',
          input: ({ context }) => ({ email: context.email }),
          onDone: {
            target: 'ready',
            actions: [
              assign({
                email: ({ event }) => event.output.email,
                bookings: ({ event }) => event.output.bookings,
                keptAt: null,
              }),
              { type: 'keepBookings', params: ({ event }) => event.output },
            ],
          },
          onError: [
            expiredOrFailed[0],
            {
              guard: 'canShowKept',
              target: 'ready',
              actions: [
                logCallError,
                assign(({ context }) => ({
                  email: context.kept?.email ?? context.email,
                  bookings: context.kept?.bookings ?? [],
                  keptAt: context.kept?.at ?? null,
                })),
              ],
            },
            expiredOrFailed[1],
          ],
        },
      },
      ...loadEndings('bookings.retried'),
      // The past bookings, read on demand, beside the open row's Cancel.
      ready: {
        type: 'parallel',
        on: {
          // Back online: the kept list is read again.
          'bookings.retried': { guard: 'isKept', target: 'loading' },
        },
        states: {
          past: {
            initial: 'hidden',
            states: {
              hidden: {
                on: {
                  'past.shown': [
                    { guard: 'hasLoadedPast', target: 'shown' },
                    { target: 'loading' },
                  ],
                },
              },
              loading: callState('loadPastBookings', {
                tags: ['pastBusy'],
                input: ({ context }) => ({ email: context.email ?? '' }),
                keep: 'past',
                target: 'shown',
                onError: [
                  expiredOn401In('bookingsList'),
                  { target: 'failed', actions: logCallError },
                ],
              }),
              failed: { tags: ['pastError'], on: { 'past.retried': 'loading' } },
              shown: { on: { 'past.hidden': 'hidden' } },
            },
          },
          // The open row's Cancel is this list's child: the list learns of the cancellation.
          cancel: {
            initial: 'closed',
            on: {
              'booking.toggled': [
                {
                  guard: { type: 'opensCancellable', params: ({ event }) => ({ id: event.id }) },
                  // Another row's Cancel starts afresh.
                  target: '.open',
                  reenter: true,
                  actions: 'toggleRow',
                },
                { target: '.closed', actions: 'toggleRow' },
              ],
            },
            states: {
              closed: {},
              open: {
                invoke: {
                  id: 'bookingCancel',
                  src: 'bookingCancel',
                  // Entered only when opensCancellable found the open row's input.
                  input: ({ context }) => cancelInputOf(context, context.expanded) as CancelInput,
                  onDone: {
                    target: 'closed',
                    actions: {
                      type: 'keepCancelled',
                      params: ({ event }) => ({ cancelled: event.output }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
)
