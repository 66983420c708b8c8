import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { loadApiClient } from './api'
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
  // Not as a transition: one task, so a tap right after the page loads finds its handler.
  hydrateRoot(container, app())
}

// The API client is not needed to paint or hydrate the first screen: it loads once that runs.
start(document.getElementById('root') as HTMLElement).then(loadApiClient)
