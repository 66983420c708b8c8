import type { DownloadAsk } from '../../../machines/download/machine'
import { downloadMachine } from '../../../machines/download/machine'
import { DOWNLOAD_INPUTS, downloadModel } from '../../../machines/download/model'
import { DOWNLOAD_TEXTS, savedLine } from '../../../machines/download/selectors'
import { dayInFull } from '../../../machines/rules/dates'
import { defineViews, type ViewStart, type ViewStep } from './shared/define'
import {
  dropWrites,
  isNetworkError,
  openPath,
  SHORT,
  sessionEnded,
  statusOf,
} from './shared/member-area'
import { notStaff } from './shared/staff'

// The staff's spreadsheets on their pages, in each state, for the browser replay of the model's
// paths: an event's guest list (/staff/events/open-studio-weekend, three days: every day or
// one) and Tuesday's bookings (/staff/bookings), each downloaded from the real server; a start
// loses every download on the way. Only tests import this.

const FILES = '**/api/staff/{events/*/guests.csv,bookings.csv}*'
const EVENT = '/staff/events/open-studio-weekend'
const GUESTS = 'Oluwaseun, an event’s guest list'
const LOSING = 'Oluwaseun, every download lost on the way'
const BOOKINGS = 'Oluwaseun, the day’s bookings'

const askOf = (step: ViewStep) => (step.snapshot.context as { ask: DownloadAsk }).ask
const section = (step: ViewStep) =>
  step.page.getByRole('region', { name: DOWNLOAD_TEXTS[askOf(step).kind].title })
const downloadButton = (step: ViewStep) =>
  section(step).getByRole('button', { name: DOWNLOAD_TEXTS[askOf(step).kind].button })

/**
 * The line that names the file saved last: a day's bookings by its day; a guest list by its
 * event, and its day when one was chosen before that download (the day may have changed since).
 */
function savedText(step: ViewStep): string | RegExp {
  const ask = askOf(step)
  if (ask.kind === 'bookings') return savedLine(`bookings-${ask.date}.csv`)
  const [before, after] = savedLine('FILE').split('FILE')
  return new RegExp(`^${before}${ask.eventId}(-\\d{4}-\\d{2}-\\d{2})?-guests\\.csv${after}$`)
}

const staffOn = (path: string, input: unknown): ViewStart => ({
  input,
  path,
  width: 390,
  signIn: 'staff@example.com',
  open: openPath(path),
})

export const downloadViews = defineViews({
  model: downloadModel,
  machine: downloadMachine,
  starts: {
    [GUESTS]: staffOn(EVENT, DOWNLOAD_INPUTS['Open Studio Weekend']),
    [LOSING]: {
      ...staffOn(EVENT, DOWNLOAD_INPUTS['Open Studio Weekend']),
      open: async (page, url) => {
        await page.route(FILES, dropWrites(page, { seen: true }))
        await openPath(EVENT)(page, url)
      },
    },
    [BOOKINGS]: staffOn('/staff/bookings', DOWNLOAD_INPUTS["Tuesday's bookings"]),
  },
  events: {
    'day.chosen': {
      // Only a guest list has days to choose from.
      accepts: (_event, { snapshot }) =>
        (snapshot.context as { ask: DownloadAsk }).ask.kind === 'guests',
      run: async (step) => {
        const day = step.event.day as string | null
        await section(step)
          .getByLabel('Which day')
          .selectOption({ label: day === null ? 'Every day' : dayInFull(day) })
      },
    },
    'download.pressed': { run: (step) => downloadButton(step).click() },
    'xstate.done.actor.downloadFile': {
      accepts: (_event, { start }) => start !== LOSING,
      request: FILES,
    },
    'xstate.error.actor.downloadFile': {
      // A staff role is read before the file: a 403 would need the role taken meanwhile.
      accepts: (event, { start }) =>
        statusOf(event.error) === 401
          ? start !== LOSING
          : start === LOSING && isNetworkError(event.error),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: FILES,
    },
  },
  states: {
    idle: async (step) => {
      await downloadButton(step).waitFor(SHORT)
      if (askOf(step).kind === 'guests') await section(step).getByLabel('Which day').waitFor(SHORT)
    },
    downloading: async (step) => {
      await section(step)
        .getByRole('button', { name: 'Preparing the file…' })
        .and(step.page.locator('[disabled]'))
        .waitFor(SHORT)
    },
    saved: async (step) => {
      await section(step).getByRole('status').getByText(savedText(step)).waitFor(SHORT)
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
