import type { ApplicationsShown } from '../../../machines/staff-applications/machine'
import { staffApplicationsMachine } from '../../../machines/staff-applications/machine'
import { staffApplicationsModel } from '../../../machines/staff-applications/model'
import { listLead } from '../../../machines/staff-applications/selectors'
import { actionSeen } from './shared/checked'
import { defineViews } from './shared/define'
import { heading, loadStates, retryDriver, SHORT } from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/applications in each state, for the browser replay of the model's paths. The demo data
// has applications waiting and none decided: the model's list with a row is the real server's
// queue, its empty list the decided tab. Only tests import this.

// The list, with its ?status= (not one application's address: a star stops at a slash).
const APPLICATIONS = '**/api/staff/applications*'

/** How long a tab's list waits, at most, for its loading state to be seen. */
const SEEN_MS = 1500

const shownOf = (context: unknown) => (context as { shown: ApplicationsShown }).shown

export const staffApplicationsViews = defineViews({
  model: staffApplicationsModel,
  machine: staffApplicationsMachine,
  starts: staffStarts('/staff/applications', APPLICATIONS),
  events: {
    'xstate.done.actor.loadApplications': {
      accepts: (event, { start, snapshot }) =>
        start === STAFF &&
        ((event.output as unknown[]).length === 0) === (shownOf(snapshot.context) === 'decided'),
      request: APPLICATIONS,
    },
    'xstate.error.actor.loadApplications': staffCallError(APPLICATIONS),
    'applications.retried': retryDriver(APPLICATIONS),
    // The tab's list waits until its loading state has been seen, even where the path ends there
    // (chosen while the other loads, the other's answer may have come first: the page is alike).
    'tab.chosen': {
      // Chosen once a list is shown: the browser cannot hold the first list still while a tab
      // is pressed (the model walks a tab chosen while loading).
      accepts: (_event, { snapshot }) => !snapshot.matches('loading'),
      run: async ({ page, event }) => {
        await page.route(
          APPLICATIONS,
          async (route) => {
            await actionSeen(page, SEEN_MS)
            await route.fallback()
          },
          { times: 1 },
        )
        await page
          .getByRole('tab', { name: event.shown === 'decided' ? 'Decided' : 'Waiting' })
          .click()
      },
    },
  },
  states: {
    ...loadStates('Applications', 'the applications'),
    ready: async ({ page, snapshot }) => {
      await heading(page, 'Applications')
      const shown = shownOf(snapshot.context)
      if (shown === 'decided') {
        await page.getByText(listLead('decided', 0)).waitFor(SHORT)
        return
      }
      await page.getByText('waiting for a decision, the oldest first').waitFor(SHORT)
      await page.getByRole('link', { name: /Obinna Eze/ }).waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
