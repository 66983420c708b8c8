import type { Page } from 'playwright-core'

// The replay (tests/support/browser-paths.ts) says when it has checked and photographed a state
// on a page, so a route that drops or delays a request to show a waiting state can let it go as
// soon as that state is seen, not after a guess at how long seeing it takes.

const waiting = new WeakMap<Page, (() => void)[]>()

/** The replay has checked the page's state. */
export function stateChecked(page: Page): void {
  for (const resolve of waiting.get(page)?.splice(0) ?? []) resolve()
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
