import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { ApiError } from '../../openapi/client'
import { onFirstUse } from '../on-first-use'

export type Booking = components['schemas']['Booking']
export type PastBooking = components['schemas']['PastBooking']

export interface BookingsListInput {
  /** The signed-in person's stored e-mail (userEmail); null when storage lacks it. */
  email: string | null
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
        bookings: Booking[]
        past: PastBooking[] | null
        /** The one expanded row, current or past; null when all are folded. */
        expanded: string | null
      },
      events: {} as
        | { type: 'bookings.retry' }
        | { type: 'booking.toggle'; id: string }
        | { type: 'past.show' }
        | { type: 'past.hide' }
        | { type: 'past.retry' },
      tags: {} as 'busy' | 'error' | 'pastBusy' | 'pastError',
    },
    actors: {
      loadBookings: fromPromise<LoadedBookings, { email: string | null }>(async () => {
        throw new Error('loadBookings is not provided')
      }),
      loadPastBookings: fromPromise<PastBooking[], { email: string }>(async () => {
        throw new Error('loadPastBookings is not provided')
      }),
    },
    actions: {
      /** Hands a 401 to the app's session-expiry flow ('Login session has expired', then /login). */
      notifySessionExpired: () => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isSessionExpired: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.status === 401,
      hasLoadedPast: ({ context }) => context.past !== null,
    },
  }).createMachine({
    id: 'bookingsList',
    context: ({ input }) => ({ email: input.email, bookings: [], past: null, expanded: null }),
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
            actions: assign({
              email: ({ event }) => event.output.email,
              bookings: ({ event }) => event.output.bookings,
            }),
          },
          onError: [
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
      failed: { tags: ['error'], on: { 'bookings.retry': 'loading' } },
      sessionExpired: { tags: ['error'] },
      ready: {
        initial: 'pastHidden',
        on: {
          'booking.toggle': {
            actions: assign({
              expanded: ({ context, event }) => (context.expanded === event.id ? null : event.id),
            }),
          },
        },
        states: {
          pastHidden: {
            on: {
              'past.show': [
                { guard: 'hasLoadedPast', target: 'pastShown' },
                { target: 'pastLoading' },
              ],
            },
          },
          pastLoading: {
            tags: ['pastBusy'],
            invoke: {
              id: 'loadPastBookings',
              src: 'loadPastBookings',
              input: ({ context }) => ({ email: context.email ?? '' }),
              onDone: {
                target: 'pastShown',
                actions: assign({ past: ({ event }) => event.output }),
              },
              onError: [
                {
                  guard: {
                    type: 'isSessionExpired',
                    params: ({ event }) => ({ error: event.error }),
                  },
                  target: '#bookingsList.sessionExpired',
                  actions: 'notifySessionExpired',
                },
                {
                  target: 'pastFailed',
                  actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                },
              ],
            },
          },
          pastFailed: { tags: ['pastError'], on: { 'past.retry': 'pastLoading' } },
          pastShown: { on: { 'past.hide': 'pastHidden' } },
        },
      },
    },
  }),
)
