import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
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
    types: staffTypes<
      { day: StaffDay | null },
      { type: 'day.retried' } | { type: 'day.refreshed' }
    >(),
    actors: {
      loadDay: callStub<StaffDay>('loadDay'),
    },
    actions: loadCallActions,
    guards: staffGuards,
  }).createMachine({
    id: 'staffDay',
    context: { day: null },
    initial: 'loading',
    states: {
      // The first read, and a refresh: the day last read stays on show while it runs.
      loading: callState('loadDay', { keep: 'day', target: 'ready', onError: staffReadFailed }),
      ready: { on: { 'day.refreshed': 'loading' } },
      ...loadEndings('day.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
