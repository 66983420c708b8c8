import { guestListMachine } from '../../../machines/guest-list/machine'
import { guestListModel } from '../../../machines/guest-list/model'
import { savedLine } from '../../../machines/guest-list/selectors'
import { dayInFull } from '../../../machines/rules/dates'
import { defineViews, type ViewStep } from './shared/define'
import {
  dropWrites,
  isNetworkError,
  openPath,
  SHORT,
  sessionEnded,
  statusOf,
} from './shared/member-area'
import { notStaff, STAFF } from './shared/staff'

// The guest list on an event's page (/staff/events/open-studio-weekend, three days) in each state,
// for the browser replay of the model's paths: a manager downloads the real server's file, every
// day or one; a start loses every download on the way. Only tests import this.

const GUESTS = '**/api/staff/events/*/guests.csv*'
const EVENT = '/staff/events/open-studio-weekend'
const LOSING = 'Oluwaseun, every download lost on the way'

const section = ({ page }: ViewStep) => page.getByRole('region', { name: 'Guest list' })
const downloadButton = (step: ViewStep) =>
  section(step).getByRole('button', { name: 'Download the guest list' })

export const guestListViews = defineViews({
  model: guestListModel,
  machine: guestListMachine,
  starts: {
    [STAFF]: {
      input: undefined,
      path: EVENT,
      width: 390,
      signIn: 'staff@example.com',
      open: openPath(EVENT),
    },
    [LOSING]: {
      input: undefined,
      path: EVENT,
      width: 390,
      signIn: 'staff@example.com',
      open: async (page, url) => {
        await page.route(GUESTS, dropWrites(page, { seen: true }))
        await openPath(EVENT)(page, url)
      },
    },
  },
  events: {
    'day.chosen': {
      run: async (step) => {
        const day = step.event.day as string | null
        await section(step)
          .getByLabel('Which day')
          .selectOption({ label: day === null ? 'Every day' : dayInFull(day) })
      },
    },
    'download.pressed': { run: (step) => downloadButton(step).click() },
    'xstate.done.actor.downloadGuestList': {
      accepts: (_event, { start }) => start === STAFF,
      request: GUESTS,
    },
    'xstate.error.actor.downloadGuestList': {
      // A manager's role is read before the file: a 403 would need the role taken meanwhile.
      accepts: (event, { start }) =>
        statusOf(event.error) === 401
          ? start === STAFF
          : start === LOSING && isNetworkError(event.error),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: GUESTS,
    },
  },
  states: {
    idle: async (step) => {
      await downloadButton(step).waitFor(SHORT)
      await section(step).getByLabel('Which day').waitFor(SHORT)
    },
    downloading: async (step) => {
      await section(step)
        .getByRole('button', { name: 'Preparing the file…' })
        .and(step.page.locator('[disabled]'))
        .waitFor(SHORT)
    },
    saved: async (step) => {
      const day = (step.snapshot.context as { day?: string | null }).day ?? null
      const name = `open-studio-weekend${day === null ? '' : `-${day}`}-guests.csv`
      await section(step).getByRole('status').getByText(savedLine(name)).waitFor(SHORT)
      await downloadButton(step).waitFor(SHORT)
    },
    failed: async (step) => {
      await section(step)
        .getByRole('alert')
        .getByText("We couldn't reach the server, so nothing was downloaded.", { exact: false })
        .waitFor(SHORT)
      await downloadButton(step).waitFor(SHORT)
    },
    sessionExpired: async ({ page }) => sessionEnded(page),
    forbidden: notStaff,
  },
})
