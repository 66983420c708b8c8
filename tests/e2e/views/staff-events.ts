import { staffEventsMachine } from '../../../machines/staff-events/machine'
import { staffEventsModel } from '../../../machines/staff-events/model'
import { defineViews } from './shared/define'
import { heading, loadStates, retryDriver, SHORT } from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/events in each state, for the browser replay of the model's paths. The demo data has
// events: the model's list is the real server's, its empty list is not met. Only tests import this.

const EVENTS = '**/api/staff/events'

export const staffEventsViews = defineViews({
  model: staffEventsModel,
  machine: staffEventsMachine,
  starts: staffStarts('/staff/events', EVENTS),
  events: {
    'xstate.done.actor.loadEvents': {
      accepts: (event, { start }) => start === STAFF && (event.output as unknown[]).length > 0,
      request: EVENTS,
    },
    'xstate.error.actor.loadEvents': staffCallError(EVENTS),
    'events.retried': retryDriver(EVENTS),
  },
  states: {
    ...loadStates('Events', 'the events'),
    ready: async ({ page }) => {
      await heading(page, 'Events')
      await page.getByRole('link', { name: 'New event' }).waitFor(SHORT)
      await page.getByRole('link', { name: /Rooftop Jazz/ }).waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
