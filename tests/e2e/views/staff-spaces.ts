import type { Page } from 'playwright-core'
import { spaceFormProblems } from '../../../machines/rules/space-form'
import { staffSpacesMachine } from '../../../machines/staff-spaces/machine'
import { gardenRoom, staffSpacesModel } from '../../../machines/staff-spaces/model'
import { defineViews, type EventDriver, type ViewStep } from './shared/define'
import {
  dropWrites,
  heading,
  isNetworkError,
  LOAD,
  loadStates,
  retryDriver,
  SHORT,
  statusOf,
} from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/spaces in each state, for the browser replay of the model's paths. What a path saves is
// put back after it (`spacesPutBack`); the refusal of fewer places than are booked meets three
// places booked in the Garden Room today (`gardenRoomBooked`). A space is not renamed here: the
// rename and its bookings are the API tests' (tests/api/staff-spaces.test.ts). Only tests import
// this.

const SPACES = '**/api/staff/spaces'
const SAVES = '**/api/staff/spaces**'
const SAVES_DROPPING = 'Oluwaseun, the saves lost on the way'

const starts = staffStarts('/staff/spaces', SPACES)

const form = (page: Page) => page.getByRole('form', { name: /^(New|Change) / })

const gardenRoomRow = (page: Page) =>
  page
    .getByRole('region', { name: 'Co-working spaces' })
    .getByRole('listitem')
    .filter({ hasText: gardenRoom.name })

const FIELD_LABELS = {
  name: 'Name, as people see it',
  capacity: /^Places a /,
} as const

const saveClick = ({ page }: ViewStep) =>
  form(page)
    .getByRole('button', { name: /^(Save|Add a )/ })
    .click()

const saveAnswer: Record<'done' | 'error', EventDriver> = {
  done: {
    accepts: (_event, { start }) => start === STAFF || start === SAVES_DROPPING,
    server: () => 'spacesPutBack',
    request: SAVES,
  },
  error: {
    accepts: (event, { start, snapshot }) =>
      ({
        401: start === STAFF,
        // Fewer places than the three booked: only the Garden Room's, made two.
        409:
          start === STAFF &&
          snapshot.context.chosen === gardenRoom.id &&
          snapshot.context.form.capacity === '2',
      })[statusOf(event.error) ?? 0] ??
      (start === SAVES_DROPPING && isNetworkError(event.error)),
    server: (event) =>
      (({ 401: 'sessionExpired', 409: 'gardenRoomBooked' }) as const)[
        statusOf(event.error) as 401 | 409
      ] ?? null,
    request: SAVES,
  },
}

export const staffSpacesViews = defineViews({
  model: staffSpacesModel,
  machine: staffSpacesMachine,
  starts: {
    ...starts,
    [SAVES_DROPPING]: {
      ...(starts[STAFF] as NonNullable<(typeof starts)[string]>),
      // Every save's connection drops once the save has been seen under way (a new one is sent
      // three times before the page says so; a change once).
      open: async (page, url) => {
        const lose = dropWrites(page, { seen: true })
        await page.route(SAVES, (route) =>
          route.request().method() === 'GET' ? route.fallback() : lose(route),
        )
        await page.goto(`${url}/staff/spaces`, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.listSpaces': {
      accepts: (_event, { start }) => start === STAFF || start === SAVES_DROPPING,
      request: SPACES,
    },
    'xstate.error.actor.listSpaces': staffCallError(SPACES),
    'spaces.retried': retryDriver(SPACES),
    'space.addOpened': {
      run: ({ page }) =>
        page
          .getByRole('region', { name: 'Print-studio items' })
          .getByRole('button', { name: 'Add a studio item' })
          .click(),
    },
    'space.editOpened': {
      run: ({ page }) =>
        gardenRoomRow(page)
          .getByRole('button', { name: `Change ${gardenRoom.name}` })
          .click(),
    },
    'field.changed': {
      // Not the Garden Room's name: its rename is left to the API tests (see above).
      accepts: (event, { snapshot }) =>
        !(event.field === 'name' && snapshot.context.chosen !== null),
      run: async ({ page, event }) => {
        if (event.field === 'bookable') {
          await form(page)
            .getByLabel('Offered for booking')
            .setChecked(event.value as boolean)
        } else {
          await form(page)
            .getByLabel(FIELD_LABELS[event.field as 'name' | 'capacity'])
            .fill(event.value as string)
        }
      },
    },
    'form.submitted': { run: saveClick },
    'save.retried': { run: saveClick },
    'edit.cancelled': {
      run: ({ page }) => form(page).getByRole('button', { name: 'Cancel' }).click(),
    },
    'xstate.done.actor.saveSpace': saveAnswer.done,
    'xstate.error.actor.saveSpace': saveAnswer.error,
  },
  states: {
    ...loadStates('Spaces and studio items', 'the spaces'),
    ready: async ({ page }) => {
      await heading(page, 'Spaces and studio items')
      await gardenRoomRow(page).waitFor(SHORT)
    },
    'ready.browsing': async ({ page }) => {
      await page.getByRole('button', { name: 'Add a studio item' }).waitFor(SHORT)
    },
    'ready.editing': async ({ page, snapshot }) => {
      await form(page).getByLabel(FIELD_LABELS.name).waitFor(SHORT)
      const { form: typed, kind, showProblems } = snapshot.context
      if (showProblems && Object.keys(spaceFormProblems(typed, kind)).length > 0) {
        await form(page).locator('[aria-invalid="true"]').first().waitFor(SHORT)
      }
    },
    'ready.saving': async ({ page }) => {
      await form(page).getByRole('button', { name: 'Saving…' }).waitFor(SHORT)
    },
    'ready.refused': async ({ page }) => {
      await form(page).getByRole('alert').getByText('places booked on').waitFor(SHORT)
    },
    'ready.saveFailed': async ({ page }) => {
      await page.getByText("We couldn't reach the server, so nothing was saved.").waitFor(SHORT)
    },
    'ready.saved': async ({ page }) => {
      await page
        .getByRole('status')
        .getByText(/^Saved: /)
        .waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
