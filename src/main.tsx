import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { loadApiClient, startViewer } from './api'
import './index.css'
import { InitialData, InitialDataProvider } from './initial-data'
import { routes } from './routes'

/**
 * Hydrates the page the server rendered, or renders the app from nothing (Vite's dev server, or
 * a server without the SSR build). Not a top-level await: the lazy pages import this module's
 * chunk, which must have finished running first.
 */
async function start(container: HTMLElement) {
  const app = () => (
    <StrictMode>
      <InitialDataProvider value={InitialData.fromDocument(document)}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </InitialDataProvider>
    </StrictMode>
  )
  if (!container.hasChildNodes()) {
    createRoot(container).render(app())
    return
  }
  // The lazy pages on screen load first (the HTML preloads their code), so the first render is
  // the server's, not an empty fallback.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy)
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
  // The router and the hydration start in a task of their own, not at the end of the one that
  // ran the modules: a slow phone's main thread is never held long at a time.
  await new Promise((resolve) => setTimeout(resolve))
  // Not as a transition: the first screen's shell hydrates in one task, so a tap right after the
  // page loads finds its handler. What lies below it (the Suspense boundaries of the pages)
  // hydrates in slices after it, and at once where a tap lands.
  hydrateRoot(container, app())
}

// The API client is not needed to paint or hydrate the first screen: it loads once that runs,
// then the viewer starts (the stored login, a member's profile).
start(document.getElementById('root') as HTMLElement)
  .then(loadApiClient)
  .then(startViewer)
