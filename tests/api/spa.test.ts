import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { events } from '../../server/db/schema.ts'
import { dbCases, NOW, startApi, type TestApi } from '../support/api-app.ts'

const contract = parse(readFileSync(new URL('../../openapi/hotel.yaml', import.meta.url), 'utf8'))

/** The operationIds of an OpenAPI document. */
const operationIds = (document: {
  paths: Record<string, Record<string, { operationId?: string }>>
}) =>
  Object.values(document.paths)
    .flatMap((item) => Object.values(item).map((op) => op.operationId))
    .sort()

/** Long enough that every page (over 1 KiB) is compressed, as the real build's pages are. */
const DESCRIPTION = 'A boutique hotel and creative gathering space in Lagos. '.repeat(20)
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Sixteen</title>
    <meta name="description" content="${DESCRIPTION}" />
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
/** Large enough (over 1 KiB) to be compressed. */
const APP_JS = `${'console.log("Sixteen: a boutique hotel and creative gathering space in Lagos");\n'.repeat(64)}`

/** Vite's build manifest: the event page is a lazy chunk importing a shared one. */
const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_shared-789.js'] },
  'src/event-detail/event-detail-page.tsx': {
    file: 'assets/event-page-def456.js',
    isDynamicEntry: true,
    imports: ['_shared-789.js', 'index.html'],
  },
  '_shared-789.js': { file: 'assets/shared-789.js' },
}

const INITIAL_DATA = /<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/

/** The answers the page carries for the app's first calls, keyed by API path. */
function carried(html: string): Record<string, unknown> {
  const match = INITIAL_DATA.exec(html)
  if (!match?.[1]) throw new Error('the page carries no initial-data script')
  const data = JSON.parse(match[1])
  // The server's clock rides along: time-dependent text renders the same on both sides.
  expect(data.now).toBe(NOW.toISOString())
  return data.answers
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('the web app on the API’s port', () => {
    let api: TestApi
    let webRoot: string

    beforeAll(async () => {
      webRoot = await mkdtemp(join(tmpdir(), 'hotel-web-root-'))
      await mkdir(join(webRoot, 'assets'))
      await writeFile(join(webRoot, 'index.html'), INDEX_HTML)
      await writeFile(join(webRoot, 'assets', 'app-abc123.js'), APP_JS)
      // The build's brotli copy (vite.config.ts writes one beside every text file).
      await writeFile(join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS))
      await writeFile(join(webRoot, 'robots.txt'), 'User-agent: *\nAllow: /\n')
      await mkdir(join(webRoot, '.vite'))
      await writeFile(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
      api = await startApi(kind, { webRoot })
    })
    afterAll(async () => {
      await api?.close()
      if (webRoot) await rm(webRoot, { recursive: true, force: true })
    })

    const get = (url: string, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'GET', url, headers })

    async function page(url: string) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
      return response.body
    }

    it('sends the documents’ old /memberships address to /membership for good (301)', async () => {
      const response = await get('/memberships')
      expect(response.statusCode).toBe(301)
      expect(response.headers.location).toBe('/membership')
    })

    it('sends /menu/{id}, which the documents name but never describe, to the menu', async () => {
      for (const url of ['/menu/ada', '/menu/00000000-0000-4000-8000-000000000001/']) {
        const response = await get(url)
        expect(response.statusCode, url).toBe(302)
        expect(response.headers.location).toBe('/menu')
      }
      // Deeper addresses are no route of the app's: the app answers them (Page Not Found).
      expect((await get('/menu/ada/more')).statusCode).toBe(200)
    })

    it('carries the calendar’s events in the home page, as GET /api/events answers them', async () => {
      const html = await page('/')
      const events = (await get('/api/events')).json()
      expect(events.data.length).toBeGreaterThan(0)
      expect(carried(html)).toEqual({ '/events': events })
      // The rest of the page is the built app's, untouched.
      expect(html).toContain('<script type="module" crossorigin src="/assets/app-abc123.js">')
      expect(html).toMatch(/<\/script><\/head>/)
    })

    it('carries one event in its page, and preloads the page’s code', async () => {
      const html = await page('/event/rooftop-jazz')
      const event = (await get('/api/events/rooftop-jazz')).json()
      expect(carried(html)).toEqual({ '/events/rooftop-jazz': event })
      const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)]
      // The entry is already in index.html.
      expect(preloads.map((link) => link[1]).sort()).toEqual([
        '/assets/event-page-def456.js',
        '/assets/shared-789.js',
      ])
      expect(await page('/')).not.toContain('modulepreload')
    })

    it.each(['/event/unknown-event', '/event/NOT_A_SLUG'])(
      'answers %s with a 404, carrying the API’s answer (the app says the event does not exist)',
      async (url) => {
        const response = await get(url)
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        const id = url.slice('/event/'.length)
        expect(carried(response.body)).toEqual({
          [`/events/${id}`]: { status: 'error', message: 'This event does not exist.' },
        })
      },
    )

    it('carries the venues in the menu, as the two schedule calls answer them', async () => {
      const html = await page('/menu')
      const spaces = (await get('/api/schedules')).json()
      const studioItems = (await get('/api/schedules/print-studio')).json()
      expect(spaces.data.length).toBeGreaterThan(0)
      expect(carried(html)).toEqual({
        '/schedules': spaces,
        '/schedules/print-studio': studioItems,
      })
    })

    it('names each version of a page by an ETag: 304 while its data stays, a new page once it changes', async () => {
      const first = await get('/')
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^W\/".+"$/)
      expect((await get('/')).headers.etag).toBe(etag)
      const unchanged = await get('/', { 'if-none-match': etag })
      expect(unchanged.statusCode).toBe(304)
      expect(unchanged.body).toBe('')
      // Staff close an event's RSVP: the next page is a new one, carrying the change.
      await api.db.update(events).set({ rsvpOpen: false }).where(eq(events.id, 'rooftop-jazz'))
      const changed = await get('/', { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      const rooftop = (
        carried(changed.body)['/events'] as { data: { ID: string; RSVP: boolean }[] }
      ).data.find((event) => event.ID === 'rooftop-jazz')
      expect(rooftop?.RSVP).toBe(false)
      await api.db.update(events).set({ rsvpOpen: true }).where(eq(events.id, 'rooftop-jazz'))
    })

    it('serves the app, carrying nothing, at another path (no server renderer in this build)', async () => {
      expect(carried(await page('/some/unknown/page'))).toEqual({})
    })

    it('sends /index.html to /, where the page is rendered with its data', async () => {
      const response = await get('/index.html')
      expect(response.statusCode).toBe(301)
      expect(response.headers.location).toBe('/')
    })

    it('escapes < in carried strings, so an event name cannot close the script', async () => {
      const name = 'Jazz </script><script>alert(1)</script> & <!-- more'
      await api.db.insert(events).values({
        id: 'script-test',
        name,
        address: '16 Akin Olugbade Street, Victoria Island, Lagos',
        venue: 'Rooftop Terrace',
        startAt: new Date(NOW.getTime() + 86_400_000),
        endAt: new Date(NOW.getTime() + 90_000_000),
        capacity: 10,
      })
      for (const url of ['/', '/event/script-test']) {
        const html = await page(url)
        // One script closes the carried data, one the app's module: nothing else.
        expect(html.match(/<\/script>/g), url).toHaveLength(2)
        expect(html).not.toContain('alert(1)</script>')
        expect(html).not.toContain('<!-- more')
        const data = carried(html)
        const found = JSON.stringify(data).includes(JSON.stringify(name))
        expect(found, url).toBe(true)
      }
      expect(carried(await page('/event/script-test'))).toMatchObject({
        '/events/script-test': { data: { Name: name } },
      })
    })

    it('serves fingerprinted assets as immutable, other files for an hour', async () => {
      const asset = await get('/assets/app-abc123.js')
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(asset.headers['content-type']).toMatch(/javascript/)
      expect(asset.body).toBe(APP_JS)

      const robots = await get('/robots.txt')
      expect(robots.statusCode).toBe(200)
      expect(robots.headers['cache-control']).toBe('public, max-age=3600')
    })

    it('compresses a large asset for a client that accepts gzip', async () => {
      const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(response.rawPayload.length).toBeLessThan(APP_JS.length)
      expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(APP_JS)
    })

    it("sends the build's brotli copy of an asset as it is, never by its own name", async () => {
      const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' })
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/)
      expect(response.headers.vary).toMatch(/Accept-Encoding/i)
      expect(response.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true)
      expect((await get('/assets/app-abc123.js.br')).statusCode).toBe(404)
    })

    it('compresses every page for a client that accepts gzip, with its own route or without', async () => {
      for (const url of ['/', '/about', '/no-such-page']) {
        const response = await get(url, { 'accept-encoding': 'gzip' })
        expect(response.headers['content-encoding'], url).toBe('gzip')
        expect(gunzipSync(response.rawPayload).toString('utf8'), url).toContain(DESCRIPTION)
      }
    })

    it('sends a page to a browser in brotli, made once: the next browser gets the same bytes', async () => {
      const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' }
      const first = await get('/', browser)
      expect(first.headers['content-encoding']).toBe('br')
      expect(first.headers.vary).toBe('Accept-Encoding')
      expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toContain(DESCRIPTION)
      expect((await get('/', browser)).rawPayload.equals(first.rawPayload)).toBe(true)
    })

    it('keeps an unknown /api address an API error, not the app', async () => {
      const response = await get('/api/no-such-thing')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ status: 'error', message: 'No such address.' })
    })

    it('serves the API reference (Swagger UI) at /api/docs', async () => {
      for (const url of ['/api/docs', '/api/docs/']) {
        const response = await get(url)
        expect(response.statusCode, url).toBe(200)
        expect(response.headers['content-type'], url).toMatch(/^text\/html/)
        expect(response.body, url).toContain('swagger-ui')
      }
    })

    it('serves the contract, with every operation, at /api/docs/json', async () => {
      const response = await get('/api/docs/json')
      expect(response.statusCode).toBe(200)
      const document = response.json()
      expect(document.openapi).toBe('3.1.0')
      expect(document.info.title).toBe(contract.info.title)
      expect(operationIds(document)).toEqual(operationIds(contract))
      expect(operationIds(document)).toContain('listEvents')
    })
  })
})
