import type { Page, Request, Route } from 'playwright-core'
import { CHECK_IN_CODE_TYPED } from '../../../../machines/check-in/model'
import {
  checkInQueueMachine,
  type DoorQueueContext,
} from '../../../../machines/check-in/queue/machine'
import { checkInQueueModel } from '../../../../machines/check-in/queue/model'
import {
  NO_LIST,
  READING_LIST,
  REFUSED_LIST,
  reportView,
  toSend,
  toSendLine,
} from '../../../../machines/check-in/queue/selectors'
import { seenSince } from '../shared/checked'
import { defineViews, type ServerState } from '../shared/define'
import { isNetworkError, LOAD, SHORT, statusOf } from '../shared/member-area'

// The door's phone on /staff/check-in in each state, for the browser replay of the model's paths:
// its list of tickets and its queue of scans, beside the check-in (tests/e2e/views/check-in.ts).
// The ticket is on the door's list as the page opens (a party of three); the door's own call for
// it is lost on the way, so the phone decides and queues it, and the queue sends it. On the
// garden's start the queue's calls are lost too; on the cellar's, the list never comes.
// Only tests import this.

/** The door's calls: its own scan as a queue of one, and the phone's queue. */
const SYNC = '**/api/staff/check-ins/sync'
const LIST = '**/api/staff/check-ins/list'

const GATE = "Oluwaseun, the garden gate's phone"
const GARDEN = 'Oluwaseun, in the garden with no signal'
const CELLAR = 'Oluwaseun, in the cellar: no list ever comes'

/** A made-up code of a ticket's shape: the server answers it, as no booking's. */
const MADE_UP = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ'

type Body = { scans?: { code?: string; offline?: boolean }[] }

/** The door's own call for the list's ticket (not the queue's, not another code's). */
function isDoorsOwnScan(route: Route): boolean {
  const body = route.request().postDataJSON() as Body | null
  const [scan] = body?.scans ?? []
  return scan?.offline === false && scan.code !== MADE_UP.replaceAll('-', '')
}

/** How long a call waits, at most, for the state it was made in to be seen. */
const SEEN_MS = 1500

const open =
  (start: typeof GATE | typeof GARDEN | typeof CELLAR) => async (page: Page, url: string) => {
    // A call of the phone's, lost or answered, goes once the state it was made in (reading the
    // list, sending the queue) has been seen, even where the path ends there.
    const made = new WeakMap<Request, number>()
    page.on('request', (request) => made.set(request, performance.now()))
    const once = (route: Route, lost: boolean) =>
      seenSince(page, made.get(route.request()) ?? 0, SEEN_MS).then(() =>
        lost ? route.abort('internetdisconnected') : route.fallback(),
      )
    // The list's ticket is lost on the way each time the door sends it itself.
    await page.route(SYNC, (route) =>
      isDoorsOwnScan(route) ? route.abort('internetdisconnected') : once(route, start === GARDEN),
    )
    // The garden's list comes once, as the page opens; the cellar's never.
    let lists = 0
    await page.route(LIST, (route) =>
      once(route, start === CELLAR || (start === GARDEN && lists++ > 0)),
    )
    await page.goto(`${url}/staff/check-in`, LOAD)
  }

type Matches = { matches: (value: object) => boolean }

/** The session ended on the server: every call of the page is refused from then on. */
const ended = (snapshot: Matches) =>
  snapshot.matches({ list: 'refused' }) || snapshot.matches({ queue: 'halted' })

/** One call of the phone's at a time, so each answer's state can be seen before the next. */
const calling = (snapshot: Matches) =>
  snapshot.matches({ list: 'loading' }) || snapshot.matches({ queue: 'sending' })

const opening = {
  input: checkInQueueModel.inputs['a phone opening the door'],
  path: '/staff/check-in',
  width: 390,
  signIn: 'staff@example.com',
  server: 'ticketToday' as const,
}

const contextOf = (snapshot: { context: unknown }) => snapshot.context as DoorQueueContext

/** The answers of a sync, by what the server must hold first. */
const SYNCED: Record<string, ServerState | null> = {
  admitted: null,
  already: 'ticketInAtGardenGate',
  cancelled: 'ticketCancelled',
}

const phoneLine = (page: Page) => page.getByLabel('This phone')

export const checkInQueueViews = defineViews({
  model: checkInQueueModel,
  machine: checkInQueueMachine,
  starts: {
    [GATE]: { ...opening, open: open(GATE) },
    [GARDEN]: { ...opening, open: open(GARDEN) },
    [CELLAR]: { ...opening, open: open(CELLAR) },
  },
  events: {
    // The door lets the party in from its list (its own call lost): one scan to send.
    'scan.queued': {
      accepts: (_event, { start, snapshot }) =>
        start !== CELLAR &&
        snapshot.matches({ list: 'kept' }) &&
        !snapshot.matches({ queue: 'sending' }) &&
        !ended(snapshot) &&
        !contextOf(snapshot).scans.some((scan) => scan.shown === 'admitted'),
      run: async ({ page }) => {
        await page.getByLabel('Ticket code').fill(CHECK_IN_CODE_TYPED)
        await page.getByRole('button', { name: 'Check in', exact: true }).click()
        await page.getByRole('button', { name: 'All 3' }).click()
        await page.getByText('Not yet sent', { exact: true }).waitFor(SHORT)
        await page.getByRole('button', { name: 'Next guest' }).click()
      },
    },
    // A made-up code, answered by the server.
    'scan.answered': {
      accepts: (_event, { start, snapshot }) =>
        start === GATE && !calling(snapshot) && !ended(snapshot),
      run: async ({ page }) => {
        await page.getByLabel('Ticket code').fill(MADE_UP)
        await page.getByRole('button', { name: 'Check in', exact: true }).click()
        await page.getByText('Unknown ticket', { exact: true }).waitFor(SHORT)
        await page.getByRole('button', { name: 'Next guest' }).click()
      },
    },
    // Once the session ended the page holds no login to send with: the queue stops at once.
    'network.restored': {
      accepts: (_event, { start, snapshot }) =>
        start !== CELLAR && !ended(snapshot) && !calling(snapshot),
      run: async ({ page }) => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')))
      },
    },
    // The page shown again (the person came back to the tab).
    'list.outdated': {
      accepts: (_event, { start, snapshot }) => start !== GARDEN && !calling(snapshot),
      run: async ({ page }) => {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      },
    },
    'report.dismissed': {
      accepts: (_event, { snapshot }) => contextOf(snapshot).reports.length > 0,
      run: ({ page }) =>
        page
          .getByRole('region', { name: 'After sync' })
          .getByRole('button', { name: 'Seen' })
          .click(),
    },
    // The page's clock moves on (the replay passes the machine's delay at once).
    'xstate.after.SYNC_EVERY.doorQueue.queue.waiting': {
      accepts: (_event, { snapshot }) => !ended(snapshot) && !calling(snapshot),
    },
    'xstate.after.LIST_EVERY.doorQueue.list.kept': {
      accepts: (_event, { start, snapshot }) => start === GATE && !calling(snapshot),
    },
    'xstate.after.LIST_RETRY.doorQueue.list.missing': {},
    'xstate.done.actor.loadDoorList': {
      accepts: (_event, { start, snapshot }) =>
        !ended(snapshot) &&
        (start === GATE || (start === GARDEN && contextOf(snapshot).list === null)),
      request: LIST,
    },
    // Lost on the way (the garden after its first list, the cellar always), or refused once the
    // staff member's sessions ended.
    'xstate.error.actor.loadDoorList': {
      accepts: (event, { start, snapshot }) =>
        statusOf(event.error) === 401
          ? start === GATE
          : isNetworkError(event.error) &&
            (start === CELLAR || (start === GARDEN && contextOf(snapshot).list !== null)),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: LIST,
    },
    'xstate.done.actor.syncScans': {
      accepts: (_event, { start, snapshot }) => start === GATE && !ended(snapshot),
      server: (event) => {
        const [result] = event.output as { check: { result: string } }[]
        return SYNCED[result?.check.result ?? 'admitted'] ?? null
      },
      request: SYNC,
    },
    'xstate.error.actor.syncScans': {
      accepts: (event, { start }) =>
        statusOf(event.error) === 401 ? start === GATE : start === GARDEN,
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: SYNC,
    },
  },
  states: {
    'list.loading': async ({ page, snapshot }) => {
      const line = phoneLine(page)
      if (contextOf(snapshot).list)
        await line.getByText(/^List of .+, \d+ tickets?$/).waitFor(SHORT)
      else await line.getByText(READING_LIST).waitFor(SHORT)
    },
    'list.kept': async ({ page }) => {
      await phoneLine(page)
        .getByText(/^List of .+, \d+ tickets?$/)
        .waitFor(SHORT)
    },
    'list.missing': async ({ page }) => {
      await phoneLine(page).getByText(NO_LIST).waitFor(SHORT)
    },
    'list.refused': async ({ page }) => {
      await phoneLine(page).getByText(REFUSED_LIST).waitFor(SHORT)
    },
    'queue.empty': async ({ page, snapshot }) => {
      await phoneLine(page).waitFor(SHORT)
      // None waits: the chip goes once the sync's answer has come.
      await phoneLine(page)
        .getByText(/to send|Sending/)
        .waitFor({ ...SHORT, state: 'hidden' })
      await reports(page, contextOf(snapshot))
    },
    'queue.waiting': async ({ page, snapshot }) => {
      const waiting = toSendLine(toSend(contextOf(snapshot))) ?? ''
      await phoneLine(page).getByText(waiting, { exact: true }).waitFor(SHORT)
      await reports(page, contextOf(snapshot))
    },
    'queue.sending': async ({ page, snapshot }) => {
      const count = toSend(contextOf(snapshot))
      await phoneLine(page)
        .getByText(`Sending ${count} ${count === 1 ? 'scan' : 'scans'}…`)
        .waitFor(SHORT)
    },
    // The session ended: the scans stay on the phone, still to send.
    'queue.halted': async ({ page, snapshot }) => {
      const waiting = toSendLine(toSend(contextOf(snapshot))) ?? ''
      await phoneLine(page).getByText(waiting, { exact: true }).waitFor(SHORT)
      await phoneLine(page).getByText(REFUSED_LIST).waitFor(SHORT)
    },
  },
})

/** The guests the server answered otherwise, each over the answer until seen. */
async function reports(page: Page, context: DoorQueueContext) {
  const region = page.getByRole('region', { name: 'After sync' })
  for (const report of context.reports) {
    await region.getByText(reportView(report).headline, { exact: true }).waitFor(SHORT)
  }
  if (context.reports.length === 0) await region.waitFor({ ...SHORT, state: 'hidden' })
}
