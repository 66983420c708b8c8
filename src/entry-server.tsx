import type { Writable } from 'node:stream'
import { StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router-dom'
import { type CarriedData, InitialData, InitialDataProvider } from './initial-data'
import { type RouteHandle, routes } from './routes'
import { PageShell } from './shared/page-shell'

/** The server's side of the route table (the one of src/routes.tsx); lazy pages load on first use. */
const handler = createStaticHandler(routes)

export interface RenderedPage {
  /** 404 when only the catch-all route (Page Not Found) matched. */
  status: 200 | 404
  /** The sources of the lazy pages on screen, whose code the HTML preloads. */
  pages: string[]
  /**
   * Whether the browser hydrates the page. False for a page that only the browser can render
   * (what it shows depends on the stored login): its HTML is the page shell, rendered over.
   */
  hydrates: boolean
  /** Streams the rendered app (the inside of #root) into the response. */
  pipe: (destination: Writable) => void
}

/**
 * Renders a page of the app as the browser's first render will (same routes, same carried data,
 * a visitor's view), so the browser hydrates it without a difference; a page only the browser
 * can render, as the page shell, which stays on screen until the browser renders the page. It resolves once the whole
 * page is rendered: the data is already there, and a finished page needs no inline script (the
 * Content Security Policy allows none).
 */
export async function renderPage(url: string, carried: CarriedData): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
  if (context instanceof Response)
    throw new Error(`The route table answered ${url} with a redirect`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const matched = context.matches.map((match) => match.route)
  const status = matched.at(-1)?.path === '*' ? 404 : 200
  const handles = matched.map((route) => (route.handle ?? {}) as RouteHandle)
  const pages = handles.flatMap((handle) => handle.page ?? [])
  const hydrates = !handles.some((handle) => handle.browserOnly)

  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      hydrates ? (
        <StrictMode>
          <InitialDataProvider value={new InitialData(carried)}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </InitialDataProvider>
        </StrictMode>
      ) : (
        <StaticRouter location={url}>
          <PageShell />
        </StaticRouter>
      ),
      {
        // Every Suspense boundary is finished when the page is sent: its HTML stays in place
        // (a boundary sent apart would need an inline script to be moved in, which the CSP
        // forbids). The boundaries are for the browser, which hydrates each in its own slice.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () =>
          resolve({ status, pages, hydrates, pipe: (destination) => stream.pipe(destination) }),
        onError: reject,
      },
    )
  })
}
