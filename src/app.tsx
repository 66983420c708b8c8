import { type ReactNode, StrictMode, useEffect } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { InitialData, InitialDataProvider } from './initial-data'
import { routes } from './routes'

export { loadApiClient, startViewer } from './api'

/** The service worker and word of a new version (src/app-update/app-update.tsx): after the first screen. */
export const watchForUpdates = () =>
  import('./app-update/app-update').then(({ watchForUpdates }) => watchForUpdates())

/**
 * Adds nothing to the page: its effect, run after its children's, says the first screen is
 * hydrated (or rendered). A wrapper, not a sibling of the router: React's `useId` numbers by the
 * place in the tree, and the server's tree (src/entry-server.tsx) has no sibling there.
 */
function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  useEffect(() => onStarted(), [onStarted])
  return children
}

/**
 * The app as the browser runs it: the route table's router on the page's address, with the data
 * the page's HTML carries. main.tsx loads this module (the router, the machines, the calendar)
 * in a task of its own, after React's. `started` resolves once the first screen is React's:
 * hydrated as a transition, that is a while after hydration begins.
 */
export function createApp(document: Document) {
  const router = createBrowserRouter(routes)
  let onStarted = () => {}
  const started = new Promise<void>((resolve) => {
    onStarted = resolve
  })
  const element = (
    <StrictMode>
      <InitialDataProvider value={InitialData.fromDocument(document)}>
        <Started onStarted={onStarted}>
          <RouterProvider router={router} />
        </Started>
      </InitialDataProvider>
    </StrictMode>
  )
  return { router, element, started }
}
