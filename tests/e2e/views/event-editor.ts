import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { eventEditorMachine } from '../../../machines/event-editor/machine'
import { EVENT_DRAFT, eventEditorModel, SAVED_EVENT } from '../../../machines/event-editor/model'
import { eventFormProblems } from '../../../machines/rules/event-draft'
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
  statusOf,
} from './shared/member-area'
import { MEMBER, notStaff, STAFF } from './shared/staff'

// The event editor in each state, for the browser replay of the model's paths. The event the
// model edits is put in the database first (or taken away, for the unknown address): staff make
// events here, but a path starts from one. A poster is a real JPEG. Nobody waits for that event,
// so its waitlist reads empty here (the API tests, staff-waitlist, read one with people in line).
// Only tests import this.

const EXISTING = `/staff/events/${SAVED_EVENT.id}`
const EVENT = `**/api/staff/events/${SAVED_EVENT.id}`
const POSTER = `**/api/staff/events/${SAVED_EVENT.id}/poster`
const WAITLIST = `**/api/staff/events/${SAVED_EVENT.id}/waitlist`
const NEW = 'Oluwaseun, a new event'
const SAVES_DROPPING = 'Oluwaseun, saves and uploads lost on the way'
const DROPPING = 'Oluwaseun, the connection dropping once'

const LABELS: Record<string, string> = {
  title: 'Title',
  capacity: 'Places each day and slot',
}

const staff = {
  input: { id: SAVED_EVENT.id },
  path: EXISTING,
  width: 390,
  signIn: 'staff@example.com',
}
const openPath = (path: string) => async (page: Page, url: string) => {
  await page.goto(url + path, LOAD)
}

const only =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start }) =>
    starts.includes(start)

let photo: Buffer | null = null
/** A small poster, drawn once. */
async function posterPhoto() {
  photo ??= await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 83, b: 9 } },
  })
    .jpeg()
    .toBuffer()
  return photo
}

const isNew = (snapshot: ViewStep['snapshot']) => snapshot.context.id === null

/**
 * What a person does while no call is under way: the form is read-only while it saves and the
 * poster's button off while one uploads (and a call's answer is held for its state to be seen).
 */
const idle: EventDriver['accepts'] = (_event, { snapshot }) => !snapshot.hasTag('busy')

export const eventEditorViews = defineViews({
  model: eventEditorModel,
  machine: eventEditorMachine,
  starts: {
    [STAFF]: { ...staff, open: openPath(EXISTING) },
    [NEW]: {
      ...staff,
      input: { id: null },
      path: '/staff/events/new',
      open: openPath('/staff/events/new'),
    },
    [MEMBER]: { ...staff, signIn: 'ada@example.com', open: openPath(EXISTING) },
    [DROPPING]: { ...staff, open: openWithDroppedRequest(EXISTING, EVENT) },
    [SAVES_DROPPING]: {
      ...staff,
      open: async (page, url) => {
        // Only the writes, once 'Saving…' or 'Uploading…' has been seen.
        const lose = dropWrites(page, { seen: true })
        await page.route(EVENT, (route) =>
          route.request().method() === 'GET' ? route.fallback() : lose(route),
        )
        await page.route(POSTER, lose)
        await page.goto(url + EXISTING, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.loadEvent': {
      accepts: only(STAFF, SAVES_DROPPING),
      server: () => 'eventUnderEdit',
      request: EVENT,
    },
    'xstate.error.actor.loadEvent': {
      accepts: (event, { start }) =>
        ({ 401: start === STAFF, 403: start === MEMBER, 404: start === STAFF })[
          statusOf(event.error) ?? 0
        ] ??
        (start === DROPPING && isNetworkError(event.error)),
      server: (event) =>
        (({ 401: 'sessionExpired', 404: 'eventGone' }) as const)[
          statusOf(event.error) as 401 | 404
        ] ?? null,
      request: EVENT,
    },
    'editor.retried': retryDriver(EVENT),
    'field.changed': {
      accepts: idle,
      run: ({ page, event }) =>
        page
          .getByLabel(LABELS[event.field as string] ?? '', { exact: true })
          .fill(event.value as string),
    },
    'form.submitted': {
      accepts: idle,
      run: ({ page, snapshot }) =>
        page
          .getByRole('button', { name: isNew(snapshot) ? 'Create the event' : 'Save changes' })
          .click(),
    },
    'save.retried': {
      accepts: idle,
      run: ({ page }) => page.getByRole('button', { name: 'Save changes' }).click(),
    },
    'xstate.done.actor.saveEvent': { accepts: only(STAFF), request: EVENT },
    'xstate.error.actor.saveEvent': {
      accepts: (event, { start }) =>
        statusOf(event.error) === 401
          ? start === STAFF
          : start === SAVES_DROPPING && isNetworkError(event.error),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: EVENT,
    },
    'poster.chosen': {
      accepts: idle,
      run: async ({ page }) => {
        await page.getByLabel(/^Choose (a|another) poster$/).setInputFiles({
          name: 'IMG_20261127_101500.jpg',
          mimeType: 'image/jpeg',
          buffer: await posterPhoto(),
        })
      },
    },
    'poster.retried': {
      accepts: idle,
      run: ({ page }) => page.getByRole('button', { name: 'Upload it again' }).click(),
    },
    'xstate.done.actor.uploadPoster': { accepts: only(STAFF), request: POSTER },
    // The waitlist is read as the event opens and after each save; its failures are the model
    // tests' (a read refused or lost on its own, the event's read having worked).
    'xstate.done.actor.loadWaitlist': { accepts: only(STAFF, SAVES_DROPPING), request: WAITLIST },
    'waitlist.refreshed': {
      accepts: idle,
      run: ({ page, snapshot }) =>
        page
          .getByRole('region', { name: 'Waitlist' })
          .getByRole('button', {
            name: snapshot.matches({ ready: { waitlist: 'failed' } }) ? 'Try again' : 'Refresh',
            exact: true,
          })
          .click(),
    },
    'xstate.error.actor.uploadPoster': {
      accepts: (event, { start }) =>
        // A file the server refuses (400) is the API tests' (staff-events): a replay's file is
        // the camera roll's JPEG.
        ({ 401: start === STAFF })[statusOf(event.error) ?? 0] ??
        (start === SAVES_DROPPING && isNetworkError(event.error)),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: POSTER,
    },
  },
  states: {
    ...loadStates('Event', 'the event'),
    ready: async ({ page, snapshot }) => {
      await heading(page, isNew(snapshot) ? 'New event' : EVENT_DRAFT.title)
      await page.getByRole('form', { name: 'Event' }).waitFor(SHORT)
    },
    'ready.form.editing': async ({ page, snapshot }) => {
      await page
        .getByRole('button', { name: isNew(snapshot) ? 'Create the event' : 'Save changes' })
        .waitFor(SHORT)
      if (
        snapshot.context.showProblems &&
        Object.keys(eventFormProblems(snapshot.context.form)).length > 0
      ) {
        await page.getByRole('alert').getByText('a change before saving').waitFor(SHORT)
      }
    },
    'ready.form.saving': async ({ page }) => {
      await page.getByRole('button', { name: 'Saving…' }).waitFor(SHORT)
    },
    'ready.form.saved': async ({ page }) => {
      await page
        .getByRole('status')
        .getByText('Saved: the calendar shows it now.', { exact: true })
        .waitFor(SHORT)
    },
    'ready.form.refused': async ({ page }) => {
      await page.getByRole('form', { name: 'Event' }).getByRole('alert').waitFor(SHORT)
    },
    'ready.form.saveFailed': async ({ page }) => {
      await page.getByText("We couldn't reach the server, so nothing was saved.").waitFor(SHORT)
    },
    'ready.poster.idle': async ({ page, snapshot }) => {
      if (isNew(snapshot)) {
        await page.getByText('Create the event first: then add its poster.').waitFor(SHORT)
      } else {
        await page.getByText(/^Choose (a|another) poster$/).waitFor(SHORT)
      }
    },
    'ready.poster.uploading': async ({ page }) => {
      await page.getByText('Uploading…').waitFor(SHORT)
    },
    'ready.poster.uploaded': async ({ page }) => {
      await page.getByRole('status').getByText('Poster saved').waitFor(SHORT)
    },
    'ready.poster.rejected': async ({ page }) => {
      await page.getByRole('region', { name: 'Poster' }).getByRole('alert').waitFor(SHORT)
    },
    'ready.poster.uploadFailed': async ({ page }) => {
      await page.getByRole('button', { name: 'Upload it again' }).waitFor(SHORT)
    },
    // The page may have its answer already (the read starts as the event's arrives).
    'ready.waitlist.loading': async ({ page }) => {
      await page.getByRole('region', { name: 'Waitlist' }).waitFor(SHORT)
    },
    'ready.waitlist.shown': async ({ page }) => {
      const waitlist = page.getByRole('region', { name: 'Waitlist' })
      await waitlist.getByRole('button', { name: 'Refresh', exact: true }).waitFor(SHORT)
    },
    'ready.waitlist.failed': async ({ page }) => {
      await page
        .getByRole('region', { name: 'Waitlist' })
        .getByText("We couldn't reach the server, so the waitlist is not shown.")
        .waitFor(SHORT)
    },
    missing: async ({ page }) => {
      await page.getByRole('alert').getByText('No event has this address').waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
