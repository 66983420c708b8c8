import type { Page } from 'playwright-core'

// The replay (tests/support/browser-paths.ts) says when it has checked and photographed a state
// on a page, so a route that drops or delays a request to show a waiting state can let it go as
// soon as that state is seen, not after a guess at how long seeing it takes.

const waiting = new WeakMap<Page, (() => void)[]>()
const lastChecked = new WeakMap<Page, number>()
const lastActed = new WeakMap<Page, number>()

/**
 * The replay is about to do what a person does on the page (open it, press, type, let time pass):
 * the state that follows is that action's, not the server's answer's.
 */
export function personActs(page: Page): void {
  lastActed.set(page, performance.now())
}

/**
 * Resolves once the state the person's last action led to has been checked: at once where it has
 * been (the page made its request after the check, a file read or a chunk loaded first), else
 * as stateSeen.
 */
export function actionSeen(page: Page, atMostMs: number): Promise<void> {
  const acted = lastActed.get(page)
  return acted === undefined ? stateSeen(page, atMostMs) : seenSince(page, acted, atMostMs)
}

/** The replay has checked the page's state. */
export function stateChecked(page: Page): void {
  lastChecked.set(page, performance.now())
  for (const resolve of waiting.get(page)?.splice(0) ?? []) resolve()
}

/**
 * Resolves once the state the page was in at `since` (a `performance.now()`) has been checked:
 * at once when the replay has checked the page since (a request it held), else as stateSeen.
 */
export function seenSince(page: Page, since: number, atMostMs: number): Promise<void> {
  if ((lastChecked.get(page) ?? -1) > since) return Promise.resolve()
  return stateSeen(page, atMostMs)
}

/** Resolves once the replay has next checked the page's state, or after `atMostMs`. */
export function stateSeen(page: Page, atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    const list = waiting.get(page) ?? []
    waiting.set(page, list)
    list.push(resolve)
    setTimeout(resolve, atMostMs)
  })
}
