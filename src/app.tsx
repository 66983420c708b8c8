import { StrictMode, useEffect } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { InitialData, InitialDataProvider } from './initial-data'
import { routes } from './routes'

export { loadApiClient, startViewer } from './api'

/** Nothing on the page: its effect says the first screen is hydrated (or rendered). */
function Started({ onStarted }: { onStarted: () => void }) {
  useEffect(() => onStarted(), [onStarted])
  return null
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
        <RouterProvider router={router} />
        <Started onStarted={onStarted} />
      </InitialDataProvider>
    </StrictMode>
  )
  return { router, element, started }
}
