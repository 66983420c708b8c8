import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './index.css'

declare global {
  interface Window {
    /** The last button tapped before the app listened, from the page's start script (server/spa.ts). */
    takeEarlyTap?: () => HTMLButtonElement | null
  }
}

/** Lets the browser paint and take taps before the next step: a phone's main thread is never held long. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

/**
 * Hydrates the page the server rendered, or renders the app from nothing (Vite's dev server, or
 * a server without the SSR build). The page paints from its HTML before any of this runs, so
 * each step is a task of its own, none long enough to hold a tap: React's modules run, then the
 * app's (its HTML preloads both), then the router reads the address, then React hydrates in
 * slices. A module's code runs whole in one task: that is why they are imported one by one.
 */
async function start(container: HTMLElement) {
  await nextTask()
  const app = await import('./app')
  await nextTask()
  const { router, element, started } = app.createApp(document)
  if (!container.hasChildNodes()) {
    createRoot(container).render(element)
    return { app, started }
  }
  // A lazy page on screen loads first (the HTML preloads its code; the router loads it), so the
  // first render is the server's, not an empty fallback.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return
        unsubscribe()
        resolve()
      })
    })
  }
  await nextTask()
  // As a transition, hydration yields to the browser every few milliseconds. A tap or a key
  // that lands before it is done is not lost: React hydrates the page at once to deliver it.
  startTransition(() => {
    hydrateRoot(container, element)
  })
  // A tap on a button before the app listened (kept by the page's start script): React hydrates
  // the button at once to deliver it.
  window.takeEarlyTap?.()?.click()
  return { app, started }
}

// The API client is not needed to paint or hydrate the first screen: it loads once that is
// done, then the viewer starts (the stored login, a member's profile). Not before: a page that
// watches the viewer (the menu, for a dead token) must have seen the login it starts from.
start(document.getElementById('root') as HTMLElement).then(async ({ app, started }) => {
  await started
  await app.loadApiClient()
  app.startViewer()
})
