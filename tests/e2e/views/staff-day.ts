import { type StaffDay, staffDayMachine } from '../../../machines/staff-day/machine'
import { staffDayModel } from '../../../machines/staff-day/model'
import { defineViews } from './shared/define'
import { heading, loadStates, retryDriver, SHORT, skeleton } from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff in each state, for the browser replay of the model's paths. Oluwaseun is on the staff (a
// manager: every tool under the day; the door role's day is tests/e2e/check-in.test.ts's); Ada is
// a member, not staff, and is turned away. Only tests import this.

const DAY = '**/api/staff/today'

export const staffDayViews = defineViews({
  model: staffDayModel,
  machine: staffDayMachine,
  starts: staffStarts('/staff', DAY),
  events: {
    // The demo day has co-working and studio sessions: an empty day is the model's only.
    'xstate.done.actor.loadDay': {
      accepts: (event, { start }) => {
        const day = event.output as StaffDay
        return start === STAFF && day.role === 'manager' && day.sessions.length > 0
      },
      request: DAY,
    },
    'xstate.error.actor.loadDay': staffCallError(DAY),
    'day.retried': retryDriver(DAY),
    'day.refreshed': {
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
    // The tools under the day are those the role opens: a manager's, all of them.
    ready: async ({ page }) => {
      await heading(page, 'Today')
      const sessions = page.getByRole('region', { name: 'Sessions' })
      await sessions.getByRole('listitem').first().waitFor(SHORT)
      await sessions.getByText(/ in\.$/).waitFor(SHORT)
      await page.getByRole('link', { name: 'Check in guests' }).waitFor(SHORT)
      const tools = page.getByRole('navigation', { name: 'Front desk tools' })
      await tools.getByRole('link', { name: /Payments/ }).waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
