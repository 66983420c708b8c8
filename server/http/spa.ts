import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough, type Writable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { lagosDay } from '../../machines/rules/dates'
import type { PublicReads } from '../events/public-reads'
import { EncodedText, sendEncoded } from './cache/encoded-text'
import { ifNoneMatchHits } from './cache/policies'
import { APP_CSP_DIRECTIVES } from './security-headers'

/** What the page's HTML carries for the app (src/initial-data.ts reads it). */
interface CarriedData {
  now: string
  answers: Record<string, unknown>
}

/** The SSR build's export (src/entry-server.tsx): the server loads the built file, never the source. */
interface ServerRenderer {
  renderPage(
    url: string,
    carried: CarriedData,
  ): Promise<{
    status: number
    pages: string[]
    hydrates: boolean
    pipe: (destination: Writable) => void
  }>
}

/** An answer the page carries, with the ETag of its version (null: not from the cache). */
interface Carried {
  value: unknown
  etag: string | null
}

interface RenderedPage {
  status: number
  html: EncodedText
  etag: string
  /** The app clock's instant (ms) it was rendered at. */
  at: number
}

/**
 * A page is rendered once and sent to everyone for up to a second while its data keeps the same
 * versions: the carried clock it hydrates with is then at most that old. A change of data is a
 * new version, so a new page at once.
 */
const PAGE_TTL_MS = 1000
/** Pages kept (oldest out first): any address can be asked for, so the count is bounded. */
const PAGES_KEPT = 200

/**
 * The built app on the API's port. On Lagos mobile networks a round trip costs about 800 ms, so
 * the server renders the public pages (the SSR build beside the app's, in `server/`): the first
 * screen paints from the HTML, with its stylesheet inlined, before any JavaScript. The HTML also
 * carries the answers of the calls that screen makes first (keyed by API path) and the server's
 * clock, and preloads the screen's lazy code; the app hydrates from the same data and still owns
 * refresh and errors. Without the SSR build the app is served to render in the browser.
 */
export async function registerSpa(
  app: FastifyInstance,
  { root, reads, now }: { root: string; reads: PublicReads; now: () => Date },
) {
  const indexPath = join(root, 'index.html')
  if (!existsSync(indexPath)) {
    app.log.warn(`No built app in ${root}: run \`npm run build\` to serve the web app.`)
    return
  }
  const renderer = await loadRenderer(root)
  const shell = renderer ? inlineStylesheet(root, readFileSync(indexPath, 'utf8')) : null
  const template = shell?.html ?? readFileSync(indexPath, 'utf8')
  const [entryTag = '', entry = ''] = ENTRY_SCRIPT.exec(template) ?? []
  const [beforeRoot, afterRoot] = template.replace(entryTag, '').split('<div id="root"></div>') as [
    string,
    string,
  ]
  const csp = shell ? policyWith(shell.styleHash) : null
  const preloads = modulePreloader(root, template)
  // A new build (new asset names in the template) makes every page's ETag new.
  const buildId = createHash('sha1').update(template).digest('base64url')

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // The page itself is always rendered fresh (with its carried data), never served as a file;
    // source maps are built (hidden) for error tracking, never served: they hold the source; nor
    // is the server's own build, nor the compressed copies by their own names.
    allowedPath: (pathName) =>
      pathName !== '/index.html' &&
      !/\.(map|br|gz)$/.test(pathName) &&
      !pathName.startsWith('/server/'),
    // Off, or @fastify/static's own 'public, max-age=0' overwrites what setHeaders says.
    cacheControl: false,
    // The build writes .br and .gz copies (vite.config.ts): sent as they are, never made per request.
    preCompressed: true,
    // Vite fingerprints /assets; everything else may change between releases. The service
    // worker is asked for again at every check for a new version, never taken from a cache.
    setHeaders(res, path) {
      const immutable = path.includes(`${join(root, 'assets')}`)
      res.setHeader(
        'cache-control',
        path === join(root, 'sw.js')
          ? 'no-cache'
          : immutable
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
      )
      // A shared cache must not hand the brotli copy to a client that asked for none.
      res.setHeader('vary', 'Accept-Encoding')
    },
  })

  /**
   * The HTML of the page at `url`: rendered on the server when the SSR build is there, else the
   * shell the browser renders into. `missing` when its data says the page does not exist;
   * `pages`, the lazy pages to preload when the server cannot render (the renderer knows its own).
   */
  const renderHtml = async (
    url: string,
    carried: CarriedData,
    { missing, pages }: { missing: boolean; pages: string[] },
    log: FastifyRequest['log'],
  ): Promise<{ status: number; html: string }> => {
    const rendered = renderer
      ? await renderer.renderPage(url, carried).catch((error: unknown) => {
          log.error({ err: error }, 'Could not render the page; the browser will')
          return null
        })
      : null
    const json = JSON.stringify(carried).replace(/</g, '\\u003c')
    const later = preloads(rendered?.pages ?? pages)
    // A page that is its code's to render (nothing, or the page shell) asks for the code at once.
    // A rendered page paints first and starts its code after (START_AFTER_FIRST_PAINT).
    const code = rendered?.hydrates
      ? `<script id="app-code" type="application/json">${JSON.stringify([entry, ...later])}</script><script type="module">${START_AFTER_FIRST_PAINT}</script>`
      : `${entryTag}${later.map((file) => `<link rel="modulepreload" href="${file}">`).join('')}`
    // `hints`: what the page's HTML asks for before its code.
    const head = (hints = '') =>
      beforeRoot.replace(
        '</head>',
        `${hints}${code}<script id="initial-data" type="application/json">${json}</script></head>`,
      )
    const status = missing || rendered?.status === 404 ? 404 : 200
    if (!rendered) return { status, html: `${head()}<div id="root"></div>${afterRoot}` }
    const sink = new PassThrough()
    rendered.pipe(sink)
    const body = await text(sink)
    // React opens the page with its resource hints (the first screen's images, in priority):
    // they go to the head, ahead of the module preloads, so the browser fetches them first.
    const hints = LEADING_HINTS.exec(body)?.[0] ?? ''
    return {
      status,
      html: `${head(hints)}<div id="root">${body.slice(hints.length)}</div>${afterRoot}`,
    }
  }

  const kept = new Map<string, Promise<RenderedPage>>()
  /** The page for this address and these versions of its data, rendered or reused. */
  const pageFor = async (
    request: FastifyRequest,
    answers: Record<string, Carried>,
    options: { missing?: boolean; pages?: string[] },
  ): Promise<RenderedPage> => {
    const at = now()
    // The Lagos day too: a page may say 'today' of data that reads the same tomorrow.
    const key = [
      request.url,
      lagosDay(at),
      ...Object.entries(answers).map(([path, answer]) => `${path}=${answer.etag ?? '-'}`),
    ].join('|')
    const reused = await kept.get(key)
    if (reused && at.getTime() >= reused.at && at.getTime() - reused.at < PAGE_TTL_MS) {
      return reused
    }
    const carried: CarriedData = {
      now: at.toISOString(),
      answers: Object.fromEntries(Object.entries(answers).map(([path, a]) => [path, a.value])),
    }
    const rendering = renderHtml(
      request.url,
      carried,
      { missing: options.missing ?? false, pages: options.pages ?? [] },
      request.log,
    ).then(({ status, html }) => ({
      status,
      html: new EncodedText(html),
      // Named by what it was made from (the build and the data's versions), not by its clock.
      etag: `W/"${createHash('sha1').update(`${buildId}|${key}`).digest('base64url')}"`,
      at: at.getTime(),
    }))
    kept.delete(key)
    kept.set(key, rendering)
    if (kept.size > PAGES_KEPT) kept.delete(kept.keys().next().value as string)
    rendering.catch(() => kept.delete(key))
    return rendering
  }

  const sendApp = async (
    request: FastifyRequest,
    reply: FastifyReply,
    answers: Record<string, Carried> = {},
    options: { missing?: boolean; pages?: string[] } = {},
  ) => {
    const page = await pageFor(request, answers, options)
    // Stored anywhere, asked for again every time: a 304 while the page stays the same.
    reply.code(page.status).header('cache-control', 'no-cache').header('etag', page.etag)
    if (csp) reply.header('content-security-policy', csp)
    if (page.status === 200 && ifNoneMatchHits(request, page.etag)) return reply.code(304).send()
    return reply.send(sendEncoded(request, reply, page.html, 'text/html; charset=utf-8'))
  }

  /** A cached answer as the page carries it. */
  const carry = ({ value, etag }: { value: unknown; etag: string }): Carried => ({ value, etag })

  app.get('/', async (request, reply) =>
    sendApp(request, reply, { '/events': carry(await reads.events(now())) }),
  )

  app.get<{ Params: { id: string } }>('/event/:id', async (request, reply) => {
    const { id } = request.params
    const event = /^[a-z0-9-]{1,80}$/.test(id) ? await reads.event(now(), id) : null
    // The API's own answers, so the page shows what a fetch would have: the event, or a 404.
    const answer = event
      ? carry(event)
      : { value: { status: 'error', message: 'This event does not exist.' }, etag: null }
    return sendApp(
      request,
      reply,
      { [`/events/${id}`]: answer },
      { missing: event === null, pages: ['src/event-detail/event-detail-page.tsx'] },
    )
  })

  app.get('/menu', async (request, reply) => {
    const [spaces, studioItems] = await Promise.all([
      reads.spaces(now()),
      reads.printStudioItems(now()),
    ])
    return sendApp(
      request,
      reply,
      { '/schedules': carry(spaces), '/schedules/print-studio': carry(studioItems) },
      { pages: ['src/venues/venues-page.tsx'] },
    )
  })

  // Every other address: an API address is an API error; a file (an old asset after a deploy,
  // /favicon.ico) is a plain 404, so a browser or crawler never takes the app's HTML for a script
  // or an icon; every other page is the app's own route (Page Not Found, with a 404, for unknown
  // paths). A route, not only the not-found handler: route hooks (compression) apply to pages.
  const otherAddress = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (API_PATH.test(path) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ status: 'error', message: 'No such address.' })
    }
    if (path === '/index.html') return reply.redirect('/', 301)
    // The documents' old address of the membership page (the route table redirects in the app).
    if (path === '/memberships') return reply.redirect('/membership', 301)
    // Named by the documents, described by neither: the menu (for now, so not for good).
    if (/^\/menu\/[^/]+\/?$/.test(path)) return reply.redirect('/menu', 302)
    if (isFilePath(path)) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Not found.\n')
    }
    return sendApp(request, reply)
  }
  app.get('/*', otherAddress)
  app.setNotFoundHandler(otherAddress)
}

/** The SSR build (`server/entry-server.mjs` in the web root), or null when there is none. */
async function loadRenderer(root: string): Promise<ServerRenderer | null> {
  const entry = join(root, 'server', 'entry-server.mjs')
  if (!existsSync(entry)) return null
  return (await import(pathToFileURL(entry).href)) as ServerRenderer
}

/**
 * The template with its stylesheet inlined: the first paint waits for no second request. The
 * Content Security Policy allows that one <style> by its hash.
 */
function inlineStylesheet(root: string, html: string): { html: string; styleHash: string } | null {
  const link = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/.exec(html)
  if (!link?.[1]) return null
  const css = readFileSync(join(root, link[1]), 'utf8')
  return {
    html: html.replace(link[0], () => `<style>${css}</style>`),
    styleHash: createHash('sha256').update(css).digest('base64'),
  }
}

/**
 * The template's entry script (`<script type="module" crossorigin src="/assets/index-….js">`),
 * and its address.
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/**
 * How a rendered page starts its code: once its first screen is painted (the browser's first
 * contentful paint; where paints are not reported, after the first frame), not while the browser
 * is still laying it out. The page reads from its HTML alone and its code only makes it
 * interactive, so the code does not compete with the first screen's images for a slow link, and
 * a phone runs it after the paint. Its files (the entry first, then the later steps and the
 * page's code) are in the page's `app-code` data block, asked for at once.
 *
 * Until the app listens, a tap on a button is kept (and a form's button does not submit the form
 * to the server): the app takes the last one (`takeEarlyTap`, src/early-input.ts) and delivers
 * it, after what was typed, once the page is hydrated. Links stay links: the server renders where
 * they lead.
 *
 * Inline, so it costs no request: the policy allows it by its hash.
 */
const START_AFTER_FIRST_PAINT = `
let tapped = null
const keep = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!button) return
  event.preventDefault()
  tapped = button
}
addEventListener('click', keep, true)
window.takeEarlyTap = () => {
  removeEventListener('click', keep, true)
  return tapped
}
const [entry, ...later] = JSON.parse(document.getElementById('app-code').textContent)
const start = () => {
  for (const href of later) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  import(entry)
}
if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((paints, observer) => {
    if (!paints.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    start()
  }).observe({ type: 'paint', buffered: true })
} else requestAnimationFrame(() => setTimeout(start))
`

/** The app's policy, with the inlined stylesheet and the start script allowed by their hashes. */
function policyWith(styleHash: string): string {
  const hash = (source: string) =>
    `'sha256-${createHash('sha256').update(source).digest('base64')}'`
  const directives: Record<string, string[]> = {
    ...APP_CSP_DIRECTIVES,
    'script-src': [...APP_CSP_DIRECTIVES['script-src'], hash(START_AFTER_FIRST_PAINT)],
    'style-src': [...APP_CSP_DIRECTIVES['style-src'], `'sha256-${styleHash}'`],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** The `<link>` tags React puts first in its output (preloads of the first screen's images). */
const LEADING_HINTS = /^(?:<link [^>]*>)+/

/** /api and everything under it, however it is capitalised: never the app. */
const API_PATH = /^\/api(?:\/|$)/i

/** Built files live in /assets; elsewhere a last segment with an extension names a file. */
export function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/')))
}

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/**
 * The code to preload with a page: the later steps of the app's start (the entry's own dynamic
 * imports: the app, see src/main.tsx), the lazily loaded pages and the chunks they import, so
 * nothing waits for the code before it to be fetched. What the template already loads is left out.
 */
function modulePreloader(root: string, template: string): (sources: string[]) => string[] {
  const manifestPath = join(root, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return () => []
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const steps = Object.values(manifest).find((chunk) => chunk.isEntry)?.dynamicImports ?? []
  return (pages) => {
    const files = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.has(chunk.file)) return
      files.add(chunk.file)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    for (const source of [...steps, ...pages]) visit(source)
    return [...files].filter((file) => !template.includes(`/${file}"`)).map((file) => `/${file}`)
  }
}
