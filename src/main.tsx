import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { loadApiClient, startViewer } from './api'
import './index.css'
import { InitialData, InitialDataProvider } from './initial-data'
import { routes } from './routes'

/** Lets the browser paint and take taps before the next step: a phone's main thread is never held long. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

/**
 * Hydrates the page the server rendered, or renders the app from nothing (Vite's dev server, or
 * a server without the SSR build). Not a top-level await: the lazy pages import this module's
 * chunk, which must have finished running first. Each step is a task of its own: the modules
 * run, then the router reads the address, then React hydrates.
 */
async function start(container: HTMLElement) {
  await nextTask()
  const router = createBrowserRouter(routes)
  const app = (
    <StrictMode>
      <InitialDataProvider value={InitialData.fromDocument(document)}>
        <RouterProvider router={router} />
      </InitialDataProvider>
    </StrictMode>
  )
  if (!container.hasChildNodes()) {
    createRoot(container).render(app)
    return
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
  // Not as a transition: the first screen's shell hydrates in one task, so a tap right after the
  // page loads finds its handler. What lies below it (the parts of the pages that hydrate later)
  // hydrates in slices after it, and at once where a tap lands.
  hydrateRoot(container, app)
}

// The API client is not needed to paint or hydrate the first screen: it loads once that runs,
// then the viewer starts (the stored login, a member's profile).
start(document.getElementById('root') as HTMLElement)
  .then(loadApiClient)
  .then(startViewer)
