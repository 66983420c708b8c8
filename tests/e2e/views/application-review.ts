import type { Page } from 'playwright-core'
import { applicationReviewMachine } from '../../../machines/application-review/machine'
import { applicationReviewModel } from '../../../machines/application-review/model'
import type { StaffApplication } from '../../../machines/staff-applications/machine'
import { pendingApplication } from '../../../machines/staff-applications/model'
import { decidedMessage, STATUS_LABELS } from '../../../machines/staff-applications/selectors'
import { defineViews, type EventDriver, type ViewStep } from './shared/define'
import {
  dropWrites,
  heading,
  isNetworkError,
  LOAD,
  loadStates,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
  skeleton,
  statusOf,
} from './shared/member-area'
import { DROPPING, MEMBER, notStaff, STAFF, staffCallError } from './shared/staff'

// /staff/applications/:id in each state, for the browser replay of the model's paths. The
// application the model reads is put in the database first, in the state each answer needs
// (waiting, decided, gone; decided by someone else just before the decision): staff cannot make
// an application. Only tests import this.

const PATH = `/staff/applications/${pendingApplication.id}`
const APPLICATION = `**/api/staff/applications/${pendingApplication.id}`
const DECISIONS = `**/api/staff/applications/${pendingApplication.id}/*`
const DECISIONS_DROPPING = 'Oluwaseun, the decisions lost on the way'

const opening = {
  input: { id: pendingApplication.id },
  path: PATH,
  width: 390,
  signIn: 'staff@example.com',
}
const openPath = async (page: Page, url: string) => {
  await page.goto(url + PATH, LOAD)
}

const only =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start }) =>
    starts.includes(start)

const click =
  (name: string) =>
  ({ page }: ViewStep) =>
    page.getByRole('button', { name, exact: true }).click()

const applicationOf = (snapshot: ViewStep['snapshot']) =>
  snapshot.context.application as StaffApplication

/** A decision's answer: the real server's, a 409 after another decided, or a lost connection. */
const decisionAnswer: Record<'done' | 'error', EventDriver> = {
  done: { accepts: only(STAFF), request: DECISIONS },
  error: {
    accepts: (event, { start }) =>
      ({ 401: start === STAFF, 409: start === STAFF })[statusOf(event.error) ?? 0] ??
      (start === DECISIONS_DROPPING && isNetworkError(event.error)),
    server: (event) =>
      (({ 401: 'sessionExpired', 409: 'applicationDecidedMeanwhile' }) as const)[
        statusOf(event.error) as 401 | 409
      ] ?? null,
    request: DECISIONS,
  },
}

export const applicationReviewViews = defineViews({
  model: applicationReviewModel,
  machine: applicationReviewMachine,
  starts: {
    [STAFF]: { ...opening, open: openPath },
    [MEMBER]: { ...opening, signIn: 'ada@example.com', open: openPath },
    [DROPPING]: { ...opening, open: openWithDroppedRequest(PATH, APPLICATION) },
    [DECISIONS_DROPPING]: {
      ...opening,
      open: async (page, url) => {
        // At once: the app sends a decision three times before it says so.
        await page.route(DECISIONS, dropWrites(page))
        await openPath(page, url)
      },
    },
  },
  events: {
    'xstate.done.actor.loadApplication': {
      accepts: (event, { start }) =>
        start === STAFF ||
        (start === DECISIONS_DROPPING && (event.output as StaffApplication).status === 'pending'),
      server: (event) =>
        (event.output as StaffApplication).status === 'pending'
          ? 'applicationPending'
          : 'applicationApproved',
      request: APPLICATION,
    },
    'xstate.error.actor.loadApplication': {
      ...staffCallError(APPLICATION),
      accepts: (event, where) =>
        statusOf(event.error) === 404
          ? where.start === STAFF
          : (staffCallError(APPLICATION).accepts?.(event, where) ?? false),
      server: (event) =>
        (({ 401: 'sessionExpired', 404: 'applicationGone' }) as const)[
          statusOf(event.error) as 401 | 404
        ] ?? null,
    },
    'application.retried': retryDriver(APPLICATION),
    'application.reloaded': {
      run: click('Read it again'),
    },
    'approve.started': { run: click('Approve') },
    'approve.confirmed': { run: click('Yes, approve') },
    'decline.started': { run: click('Decline') },
    'note.changed': {
      run: ({ page, event }) =>
        page.getByLabel('Note for the applicant (optional)').fill(event.note as string),
    },
    'decline.confirmed': { run: click('Yes, decline') },
    'decision.cancelled': { run: click('Cancel') },
    'decision.retried': {
      run: (step) =>
        click(step.snapshot.matches({ ready: 'approving' }) ? 'Yes, approve' : 'Yes, decline')(
          step,
        ),
    },
    'xstate.done.actor.approve': decisionAnswer.done,
    'xstate.error.actor.approve': decisionAnswer.error,
    'xstate.done.actor.decline': decisionAnswer.done,
    'xstate.error.actor.decline': decisionAnswer.error,
  },
  states: {
    ...loadStates('Application', 'the application'),
    // Read again after a refused decision: under the applicant's name.
    loading: async ({ page, snapshot }) => {
      await heading(page, snapshot.context.application ? pendingApplication.name : 'Application')
      await skeleton(page, 'Loading the application')
    },
    ready: async ({ page }) => {
      await heading(page, pendingApplication.name)
      await page.getByRole('region', { name: 'Answers' }).waitFor(SHORT)
    },
    'ready.open': async ({ page }) => {
      await page.getByRole('button', { name: 'Approve', exact: true }).waitFor(SHORT)
      await page.getByRole('button', { name: 'Decline', exact: true }).waitFor(SHORT)
    },
    'ready.confirmingApproval': async ({ page }) => {
      await page.getByText(`Approve ${pendingApplication.name}?`).waitFor(SHORT)
      await page.getByRole('button', { name: 'Yes, approve' }).waitFor(SHORT)
    },
    'ready.approving': async ({ page }) => {
      await page.getByRole('button', { name: 'Approving…' }).waitFor(SHORT)
    },
    'ready.writingNote': async ({ page }) => {
      await page.getByLabel('Note for the applicant (optional)').waitFor(SHORT)
      await page.getByRole('button', { name: 'Yes, decline' }).waitFor(SHORT)
    },
    'ready.declining': async ({ page }) => {
      await page.getByRole('button', { name: 'Declining…' }).waitFor(SHORT)
    },
    'ready.approveFailed': async ({ page }) => {
      await page.getByRole('alert').getByText("We couldn't reach the server").waitFor(SHORT)
    },
    'ready.declineFailed': async ({ page }) => {
      await page.getByRole('alert').getByText("We couldn't reach the server").waitFor(SHORT)
      await page.getByLabel('Note for the applicant (optional)').waitFor(SHORT)
    },
    'ready.decided': async ({ page, snapshot }) => {
      const application = applicationOf(snapshot)
      const [first] = decidedMessage(application).split('.')
      await page.getByRole('status').getByText(`${first}.`, { exact: false }).waitFor(SHORT)
    },
    'ready.refused': async ({ page }) => {
      await page.getByRole('alert').getByText('already approved').waitFor(SHORT)
      await page.getByRole('button', { name: 'Read it again' }).waitFor(SHORT)
    },
    'ready.closed': async ({ page, snapshot }) => {
      const status = STATUS_LABELS[applicationOf(snapshot).status]
      await page.getByRole('region', { name: 'Decision' }).getByText(status).first().waitFor(SHORT)
    },
    missing: async ({ page }) => {
      await page.getByRole('alert').getByText('No application has this address').waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
