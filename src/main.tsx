import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { keepEarlyInput } from './early-input'
import './index.css'

/** Lets the browser paint and take taps before the next step: a phone's main thread is never held long. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

/**
 * Hydrates the page the server rendered, or renders the app over the page shell (a page whose
 * content depends on the stored login) or from nothing (Vite's dev server, or a server without
 * the SSR build). The page paints from its HTML before any of this runs, so each step is a task
 * of its own, none long enough to hold a tap: React's modules run, then the app's (its HTML
 * preloads both), then the router reads the address and loads the page's code, then React
 * hydrates in slices. A module's code runs whole in one task: that is why they are imported one by one.
 */
async function start(container: HTMLElement) {
  await nextTask()
  const app = await import('./app')
  await nextTask()
  const { router, element, started } = app.createApp(document)
  // A lazy page on screen loads first (the HTML preloads its code; the router loads it), so the
  // first render is the page, never a router's empty fallback: the HTML stays on screen until then.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return
        unsubscribe()
        resolve()
      })
    })
  }
  // The page shell (src/shared/page-shell.tsx) stands in for a page only the browser can
  // render: the page replaces it.
  if (!container.hasChildNodes() || container.querySelector(':scope > [data-page-shell]')) {
    createRoot(container).render(element)
    return { app, started, deliverEarlyInput: () => {} }
  }
  await nextTask()
  // What the person typed or tapped before now, given to the app once it is hydrated.
  const deliverEarlyInput = keepEarlyInput(container)
  // As a transition, hydration yields to the browser every few milliseconds. A tap or a key
  // that lands before it is done is not lost: React hydrates the page at once to deliver it.
  startTransition(() => {
    hydrateRoot(container, element)
  })
  return { app, started, deliverEarlyInput }
}

// Once the first screen is React's, what the person did before is given to it; then the API
// client loads (the first screen needed none) and the viewer starts (the stored login, a member's
// profile). Not before: a page that watches the viewer (the menu, for a dead token) must have
// seen the login it starts from.
start(document.getElementById('root') as HTMLElement).then(
  async ({ app, started, deliverEarlyInput }) => {
    await started
    deliverEarlyInput()
    await app.loadApiClient()
    app.startViewer()
    // The service worker, and word of a new version: nothing the first screen waits for.
    app.watchForUpdates()
  },
)
