import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Db } from './db/client'
import { findEvent, findEvents } from './services/events'

/**
 * The built app on the API's port. On Lagos mobile networks a round trip costs about 800 ms, so
 * the HTML of the first screens already carries the answer of the call that screen makes first
 * (keyed by its API path); the app starts from it and still owns refresh and errors.
 */
export async function registerSpa(
  app: FastifyInstance,
  { root, db, now }: { root: string; db: Db; now: () => Date },
) {
  const indexPath = join(root, 'index.html')
  if (!existsSync(indexPath)) {
    app.log.warn(`No built app in ${root}: run \`npm run build\` to serve the web app.`)
    return
  }
  const template = readFileSync(indexPath, 'utf8')
  const preloadEventPage = modulePreloads(root, 'src/pages/event-page.tsx')

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // The page itself is always rendered fresh (with its carried data), never served as a file;
    // source maps are built (hidden) for error tracking, never served: they hold the source.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.map'),
    // Off, or @fastify/static's own 'public, max-age=0' overwrites what setHeaders says.
    cacheControl: false,
    // Vite fingerprints /assets; everything else may change between releases.
    setHeaders(res, path) {
      const immutable = path.includes(`${join(root, 'assets')}`)
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })

  const sendApp = (
    reply: FastifyReply,
    initialData: Record<string, unknown> = {},
    preloads = '',
  ) => {
    const json = JSON.stringify(initialData).replace(/</g, '\\u003c')
    const html = template.replace(
      '</head>',
      `${preloads}<script id="initial-data" type="application/json">${json}</script></head>`,
    )
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
  }

  app.get('/', async (_request, reply) =>
    sendApp(reply, { '/events': { status: 'success', data: await findEvents(db, now()) } }),
  )

  app.get<{ Params: { id: string } }>('/event/:id', async (request, reply) => {
    const event = /^[a-z0-9-]{1,80}$/.test(request.params.id)
      ? await findEvent(db, now(), request.params.id)
      : null
    return sendApp(
      reply,
      event ? { [`/events/${event.ID}`]: { status: 'success', data: event } } : {},
      preloadEventPage,
    )
  })

  // What no route and no file answers: an API address is an API error; a file (an old asset
  // after a deploy, /favicon.ico) is a plain 404, so a browser or crawler never takes the app's
  // HTML for a script or an icon; every other page is the app's own route (it shows Page Not
  // Found for unknown paths).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (API_PATH.test(path) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ status: 'error', message: 'No such address.' })
    }
    if (path === '/index.html') return reply.redirect('/', 301)
    if (isFilePath(path)) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Not found.\n')
    }
    return sendApp(reply)
  })
}

/** /api and everything under it, however it is capitalised: never the app. */
const API_PATH = /^\/api(?:\/|$)/i

/** Built files live in /assets; elsewhere a last segment with an extension names a file. */
export function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/')))
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/**
 * `<link rel="modulepreload">` tags for a lazily loaded page and the chunks it imports, so a
 * shared link to that page does not wait for the main bundle before fetching the page's code.
 */
function modulePreloads(root: string, source: string): string {
  const manifestPath = join(root, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return ''
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  // The entry chunk is already in index.html.
  const entry = Object.values(manifest).find((c) => (c as { isEntry?: boolean }).isEntry)
  if (entry) files.delete(entry.file)
  return [...files].map((file) => `<link rel="modulepreload" href="/${file}">`).join('')
}
