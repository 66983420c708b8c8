import type { Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { RETRY_PAUSES_MS } from '../../../../openapi/send-once'
import { actionSeen } from './checked'
import type { EventDriver, ViewStep } from './define'

// What the member area's pages share in the browser replay of their model paths: the loading
// skeleton, the load failure with Try again, the expired session, and a connection that drops
// once. Only tests import this.

export const SHORT = { timeout: 5000 }

export const statusOf = (error: unknown) => (error as { status?: number }).status

/** Whether an error is the browser's own (no answer at all), not a server's refusal. */
export const isNetworkError = (error: unknown) => statusOf(error) === undefined

/** Page loads get longer than a person's actions: the first one renders a cold server. */
export const LOAD = { timeout: 20_000 }

/** Opens a path of the app (the start's `open`, for the longer load time). */
export const openPath = (path: string) => async (page: Page, url: string) => {
  await page.goto(url + path, LOAD)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long a request is kept so its waiting state can be seen, when nobody says it was. */
const SEEN_MS = 1500

/**
 * The connection drops for every request matching the glob (the browser's 'Failed to fetch', as
 * a person offline sees it) until the page offers Try again; each drop comes once the loading
 * state has been seen (actionSeen).
 */
export async function dropUntilFailed(page: Page, glob: string) {
  let dropping = true
  await page.route(glob, async (route) => {
    if (!dropping) return route.fallback()
    await actionSeen(page, SEEN_MS)
    await route.abort('internetdisconnected')
  })
  page
    .getByRole('button', { name: 'Try again' })
    .waitFor(LOAD)
    .then(
      () => {
        dropping = false
      },
      () => {},
    )
}

/** How long the page takes to hear of a dropped connection and start its pause, at most. */
const HEARD_MS = 100

/**
 * A route's handler that drops every write's connection (the browser's 'Failed to fetch'). With
 * `seen`, a sending's first attempt waits until its sending state has been seen (actionSeen: for a
 * write the replay's own hold does not keep), the app's attempts again at once. After each drop,
 * the page's clock runs through the pause the app waits before it sends the same write again
 * (RETRY_PAUSES_MS, counted by its Idempotency-Key): sendOnce's unit tests prove the pauses, and
 * a replay need not wait them out (2.7 s a write). A jump made before the page starts its pause
 * is lost: the pause is then waited.
 */
export function dropWrites(page: Page, { seen = false } = {}) {
  const sent = new Map<string, number>()
  return async (route: Route) => {
    // A write without a key is sent once; a person's Try again sends the same intent (its key)
    // three times more.
    const key = route.request().headers()['idempotency-key']
    const times = key ? (sent.get(key) ?? 0) : 0
    if (key) sent.set(key, times + 1)
    const attempt = times % (RETRY_PAUSES_MS.length + 1)
    if (attempt === 0 && seen) await actionSeen(page, SEEN_MS)
    await route.abort('internetdisconnected')
    const next = key ? RETRY_PAUSES_MS[attempt] : undefined
    if (next === undefined) return
    await pause(HEARD_MS)
    // The page may have gone meanwhile (the path ended).
    await page.clock.fastForward(next).catch(() => {})
  }
}

/** Opens a member page with the connection dropping until the page offers Try again. */
export function openWithDroppedRequest(path: string, glob: string) {
  return async (page: Page, url: string) => {
    await dropUntilFailed(page, glob)
    await page.goto(url + path, LOAD)
  }
}

/** The page's heading (the member page's title). */
export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)

/** The loading skeleton, named for what it loads ('Loading your payments'). */
export const skeleton = (page: Page, label: string) =>
  page.getByRole('status', { name: label }).waitFor(SHORT)

/** 'We couldn't load …' with Try again. */
export async function loadFailed(page: Page, what: string) {
  await page.getByRole('alert').getByText(`We couldn't load ${what}`).waitFor(SHORT)
  await page.getByRole('button', { name: 'Try again' }).waitFor(SHORT)
}

/** The page's notice, then the app's banner, before it goes to /login. */
export async function sessionEnded(page: Page) {
  await page.getByText('Your login session has expired').waitFor(SHORT)
}

/**
 * A member page's load in its states: the heading and the skeleton named for what loads
 * (`what`: 'your payments'), 'We couldn't load …', and an ended session.
 */
export function loadStates(title: string, what: string) {
  return {
    loading: async ({ page }: ViewStep) => {
      await heading(page, title)
      await skeleton(page, `Loading ${what}`)
    },
    failed: async ({ page }: ViewStep) => {
      await loadFailed(page, what)
    },
    sessionExpired: async ({ page }: ViewStep) => {
      await sessionEnded(page)
    },
  }
}

/**
 * Try again, on a load failure: the new request waits until the loading state has been seen
 * (actionSeen), even where the path ends there.
 */
export function retryDriver(glob: string): EventDriver {
  return {
    run: async ({ page }: ViewStep) => {
      await page.route(
        glob,
        async (route) => {
          await actionSeen(page, SEEN_MS)
          await route.fallback()
        },
        { times: 1 },
      )
      await page.getByRole('button', { name: 'Try again' }).click()
    },
  }
}

/**
 * A page's load answered by the real server (done), refused with a 401 after the signed-in
 * person's sessions end, or lost to a dropped connection on the start that drops it.
 */
export function loadDrivers(
  actor: string,
  request: string,
  dropping: string,
  accepts?: (event: AnyEventObject, start: string) => boolean,
): Record<string, EventDriver> {
  return {
    [`xstate.done.actor.${actor}`]: {
      // On the dropping start the load fails first; what Try again loads is the other starts'.
      accepts: (event, { start }) => start !== dropping && (accepts?.(event, start) ?? true),
      request,
    },
    [`xstate.error.actor.${actor}`]: {
      accepts: (event, { start }) =>
        statusOf(event.error) === 401
          ? start !== dropping
          : start === dropping && isNetworkError(event.error),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request,
    },
  }
}
