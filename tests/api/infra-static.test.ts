import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import viteConfig from '../../vite.config.ts'
import { expectError, startApi, type TestApi } from '../support/api-app.ts'

// Files that do not exist answer a real 404 of their own type, never the app's HTML: an old asset
// after a deploy, /favicon.ico, a source map; an unknown API address answers the API's error
// shape however it is capitalised. The build writes source maps but no bundle points to them.
// (tests/e2e/csp.test.ts checks the same on a real build.)

const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url))

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Sixteen</title>
<script type="module" crossorigin src="/assets/app-abc123.js"></script></head>
<body><div id="root"></div></body></html>
`

describe('the build', () => {
  it('writes hidden source maps: generated, not referenced from the bundles', () => {
    const config = viteConfig({ command: 'build', mode: 'production', isSsrBuild: false })
    expect(config.build?.sourcemap).toBe('hidden')
  })

  it('has a robots.txt that lets every page be crawled and names nothing private', async () => {
    const robots = await readFile(join(PUBLIC, 'robots.txt'), 'utf8')
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Allow: \/$/m)
    expect(robots).not.toMatch(/^Disallow:/m)
  })
})

describe('real 404s', () => {
  let api: TestApi
  let webRoot: string
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'infra-static-web-'))
    await mkdir(join(webRoot, 'assets'))
    await mkdir(join(webRoot, '.vite'))
    await writeFile(join(webRoot, 'index.html'), INDEX_HTML)
    await writeFile(join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")\n')
    // What a hidden source map build leaves next to a bundle.
    await writeFile(join(webRoot, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":[]}')
    await writeFile(join(webRoot, '.vite', 'manifest.json'), '{}')
    // As vite build copies public/.
    await copyFile(join(PUBLIC, 'robots.txt'), join(webRoot, 'robots.txt'))
    api = await startApi('pglite', { webRoot })
  })
  afterAll(async () => {
    await api?.close()
    if (webRoot) await rm(webRoot, { recursive: true, force: true })
  })

  const get = (url: string) => api.app.inject({ method: 'GET', url })

  it.each([
    '/assets/app-abc123.js.map',
    '/assets/old-hash.js',
    '/assets/old-hash.css',
    '/assets/',
    '/favicon.ico',
    '/images/no-such-poster.webp',
    '/.vite/manifest.json',
    '/apple-touch-icon.png',
  ])('answers %s with a plain-text 404, not the app', async (url) => {
    const response = await get(url)
    expect(response.statusCode, url).toBe(404)
    expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8')
    expect(response.body, url).not.toContain('<html')
  })

  it('never serves a source map, even to HEAD', async () => {
    const head = await api.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js.map' })
    expect(head.statusCode).toBe(404)
    // The bundle itself is served.
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200)
  })

  it('serves the real robots.txt as text', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    expect(response.body).toBe(await readFile(join(PUBLIC, 'robots.txt'), 'utf8'))
  })

  it.each([
    '/api',
    '/api/',
    '/API/events',
    '/Api/events/rooftop-jazz',
    '/api?x=1',
    '/api/no-such-thing',
  ])('answers %s with the API’s JSON 404 in the error shape', async (url) => {
    expectError(await get(url), 404, 'No such address.')
  })

  it('still answers an unknown page with the app, which shows Page Not Found', async () => {
    const response = await get('/no-such-page')
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('<div id="root">')
  })
})
