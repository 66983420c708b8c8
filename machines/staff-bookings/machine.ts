import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type StaffBooking = components['schemas']['StaffBooking']

export interface DayBookings {
  date: string
  bookings: StaffBooking[]
}

export interface StaffBookingsContext {
  /** The day shown; null: today, as the server counts it. */
  date: string | null
  /** What was searched for (part of a name, an e-mail or a phone); blank: everyone. */
  query: string
  day: DayBookings | null
}

export type StaffBookingsEvent =
  | { type: 'day.chosen'; date: string }
  | { type: 'search.submitted'; query: string }
  | { type: 'bookings.retried' }

const searching = {
  'day.chosen': { target: '#staffBookings.loading', actions: 'takeDay' },
  'search.submitted': { target: '#staffBookings.loading', actions: 'takeQuery' },
} as const

/**
 * /staff/bookings: a day's bookings (today first), found by part of a name, e-mail or phone;
 * each opens at /staff/bookings/:id. Another day or another search reads them again.
 */
export const staffBookingsMachine = onFirstUse(() =>
  setup({
    types: staffTypes<StaffBookingsContext, StaffBookingsEvent>(),
    actors: {
      searchBookings: callStub<DayBookings, { date: string | null; query: string }>(
        'searchBookings',
      ),
    },
    actions: {
      ...loadCallActions,
      takeDay: assign(({ event }) => (event.type === 'day.chosen' ? { date: event.date } : {})),
      takeQuery: assign(({ event }) =>
        event.type === 'search.submitted' ? { query: event.query.trim() } : {},
      ),
    },
    guards: staffGuards,
  }).createMachine({
    id: 'staffBookings',
    context: { date: null, query: '', day: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'searchBookings',
          src: 'searchBookings',
          input: ({ context }) => ({ date: context.date, query: context.query }),
          onDone: {
            target: 'ready',
            actions: assign({
              day: ({ event }) => event.output,
              date: ({ event }) => event.output.date,
            }),
          },
          onError: staffReadFailed,
        },
      },
      ready: { on: searching },
      ...loadEndings('bookings.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
