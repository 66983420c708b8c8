import { staffDayMachine } from '../../../machines/staff-day/machine'
import { staffDayModel } from '../../../machines/staff-day/model'
import { defineViews, type EventDriver } from './shared/define'
import {
  heading,
  isNetworkError,
  loadStates,
  openPath,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
  skeleton,
  statusOf,
} from './shared/member-area'

// /staff in each state, for the browser replay of the model's paths. Oluwaseun is on the staff;
// Ada is a member, not staff, and is turned away. Only tests import this.

const DAY = '**/api/staff/today'
const STAFF = 'Oluwaseun, on the staff'
const MEMBER = 'Ada, a member but not staff'
const DROPPING = 'Oluwaseun, the connection dropping once'

const opening = { input: undefined, path: '/staff', width: 390 }

export const staffDayViews = defineViews({
  model: staffDayModel,
  machine: staffDayMachine,
  starts: {
    [STAFF]: { ...opening, signIn: 'staff@example.com', open: openPath('/staff') },
    [MEMBER]: { ...opening, signIn: 'ada@example.com', open: openPath('/staff') },
    [DROPPING]: {
      ...opening,
      signIn: 'staff@example.com',
      open: openWithDroppedRequest('/staff', DAY),
    },
  },
  events: {
    // The demo day has co-working and studio sessions: an empty day is the model's only.
    'xstate.done.actor.loadDay': {
      accepts: (event, { start }) =>
        start === STAFF && (event.output as { sessions: unknown[] }).sessions.length > 0,
      request: DAY,
    },
    'xstate.error.actor.loadDay': {
      accepts: (event, { start }) =>
        ({ 401: start === STAFF, 403: start === MEMBER })[statusOf(event.error) ?? 0] ??
        (start === DROPPING && isNetworkError(event.error)),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: DAY,
    } satisfies EventDriver,
    'day.retry': retryDriver(DAY),
    'day.refresh': {
      run: ({ page }) => page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    },
  },
  states: {
    ...loadStates('Today', "the day's sessions"),
    // The first read shows grey rows; a refresh keeps the day on show and says so on its button.
    loading: async ({ page, snapshot }) => {
      await heading(page, 'Today')
      if (snapshot.context.day) {
        await page.getByRole('button', { name: 'Refreshing…' }).waitFor(SHORT)
      } else {
        await skeleton(page, "Loading the day's sessions")
      }
    },
    ready: async ({ page }) => {
      await heading(page, 'Today')
      const sessions = page.getByRole('region', { name: 'Sessions' })
      await sessions.getByRole('listitem').first().waitFor(SHORT)
      await sessions.getByText(/ in\.$/).waitFor(SHORT)
      await page.getByRole('link', { name: 'Check in guests' }).waitFor(SHORT)
    },
    forbidden: async ({ page }) => {
      await page.getByRole('alert').getByText("This is for the hotel's staff").waitFor(SHORT)
    },
  },
})
