import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403 } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type StaffDay = components['schemas']['StaffDay']
export type StaffSession = components['schemas']['StaffSession']

/**
 * /staff: today's events, co-working spaces and studio items with booked, checked-in and free
 * places; read again on 'Refresh' as guests arrive. A 403 means the person is not staff.
 */
export const staffDayMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { day: StaffDay | null },
      events: {} as { type: 'day.retry' } | { type: 'day.refresh' },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden',
    },
    actors: {
      loadDay: callStub<StaffDay>('loadDay'),
    },
    actions: loadCallActions,
    guards: { ...sessionGuards, ...forbiddenGuards },
  }).createMachine({
    id: 'staffDay',
    context: { day: null },
    initial: 'loading',
    states: {
      // The first read, and a refresh: the day last read stays on show while it runs.
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadDay',
          src: 'loadDay',
          onDone: { target: 'ready', actions: assign({ day: ({ event }) => event.output }) },
          onError: [expiredOn401, refusedOn403, failedOnError],
        },
      },
      ready: { on: { 'day.refresh': 'loading' } },
      ...loadEndings('day.retry'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
