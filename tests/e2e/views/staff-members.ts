import type { Page } from 'playwright-core'
import { staffMembersMachine } from '../../../machines/staff-members/machine'
import { staffMembersModel } from '../../../machines/staff-members/model'
import { INCOMPLETE_EXTENSION } from '../../../machines/staff-members/selectors'
import { defineViews, type EventDriver } from './shared/define'
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

// /staff/members in each state, for the browser replay of the model's paths. The model's member
// is the demo data's Kemi: before an extension her membership is set to end on 6 December (as in
// the demo data) or, for the refusal, on 30 June, after the day the model asks for; each is put
// back after the path.
// Only tests import this.

const MEMBERS = '**/api/staff/members*'
const EXTENSIONS = '**/api/staff/members/*/extension'
const EXTENSIONS_DROPPING = 'Oluwaseun, the extensions lost on the way'

const only =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start }) =>
    starts.includes(start)

const kemiRow = (page: Page) =>
  page
    .getByRole('region', { name: 'Members found' })
    .getByRole('listitem')
    .filter({ hasText: 'kemi@example.com' })

const extensionForm = (page: Page) => page.getByRole('form', { name: 'Extension' })

const starts = staffStarts('/staff/members', MEMBERS)

export const staffMembersViews = defineViews({
  model: staffMembersModel,
  machine: staffMembersMachine,
  starts: {
    ...starts,
    [EXTENSIONS_DROPPING]: {
      ...(starts[STAFF] as NonNullable<(typeof starts)[string]>),
      // At once: the app sends an extension three times before it says so.
      open: async (page, url) => {
        await page.route(EXTENSIONS, dropWrites(page))
        await page.goto(`${url}/staff/members`, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.searchMembers': {
      accepts: (event, { start }) =>
        (start === STAFF || start === EXTENSIONS_DROPPING) &&
        (event.output as unknown[]).length > 0,
      request: MEMBERS,
    },
    'xstate.error.actor.searchMembers': staffCallError(MEMBERS),
    'members.retried': retryDriver(MEMBERS),
    'search.submitted': {
      run: async ({ page, event }) => {
        await page.getByLabel('Name, e-mail or phone').fill(event.query as string)
        await page.getByRole('button', { name: 'Search', exact: true }).click()
      },
    },
    'extend.started': {
      run: ({ page }) => kemiRow(page).getByRole('button', { name: 'Extend', exact: true }).click(),
    },
    'until.changed': {
      run: ({ page, event }) => page.getByLabel('New last day').fill(event.until as string),
    },
    'reason.changed': {
      run: ({ page, event }) =>
        page.getByLabel('Reason, for the audit log').fill(event.reason as string),
    },
    'extend.confirmed': {
      run: ({ page }) => extensionForm(page).getByRole('button', { name: 'Extend' }).click(),
    },
    'extend.retried': {
      run: ({ page }) => extensionForm(page).getByRole('button', { name: 'Extend' }).click(),
    },
    'extend.cancelled': {
      run: ({ page }) => extensionForm(page).getByRole('button', { name: 'Cancel' }).click(),
    },
    'xstate.done.actor.extend': {
      accepts: only(STAFF),
      server: () => 'membershipEndsSoon',
      request: EXTENSIONS,
    },
    'xstate.error.actor.extend': {
      accepts: (event, { start }) =>
        ({ 401: start === STAFF, 400: start === STAFF })[statusOf(event.error) ?? 0] ??
        (start === EXTENSIONS_DROPPING && isNetworkError(event.error)),
      server: (event) =>
        (({ 401: 'sessionExpired', 400: 'membershipEndsLater' }) as const)[
          statusOf(event.error) as 401 | 400
        ] ?? null,
      request: EXTENSIONS,
    },
  },
  states: {
    ...loadStates('Members', 'the members'),
    ready: async ({ page }) => {
      await heading(page, 'Members')
      await page.getByLabel('Name, e-mail or phone').waitFor(SHORT)
    },
    'ready.browsing': async ({ page }) => {
      await kemiRow(page).getByRole('button', { name: 'Extend', exact: true }).waitFor(SHORT)
    },
    'ready.extending': async ({ page, snapshot }) => {
      await extensionForm(page).getByLabel('New last day').waitFor(SHORT)
      if (snapshot.context.incomplete) await page.getByText(INCOMPLETE_EXTENSION).waitFor(SHORT)
    },
    'ready.saving': async ({ page }) => {
      await page.getByRole('button', { name: 'Extending…' }).waitFor(SHORT)
    },
    'ready.refused': async ({ page }) => {
      await extensionForm(page).getByRole('alert').getByText('Choose a day after').waitFor(SHORT)
    },
    'ready.saveFailed': async ({ page }) => {
      await page.getByText("We couldn't reach the server, so nothing was changed.").waitFor(SHORT)
    },
    'ready.extended': async ({ page }) => {
      await kemiRow(page)
        .getByRole('status')
        .getByText(/^Extended: /)
        .waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
