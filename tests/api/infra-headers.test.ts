import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi, type TestApi } from '../support/api-app.ts'

// Security headers on every answer (pages, reads, errors), through helmet: a Content
// Security Policy with no inline script, nosniff, a referrer policy, no camera, microphone or
// location, and HSTS only when the request reached a trusted proxy over HTTPS. The browser half
// (the built app really runs under this policy) is tests/e2e/csp.test.ts.

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Sixteen</title>
<script type="module" crossorigin src="/assets/app-abc123.js"></script></head>
<body><div id="root"></div></body></html>
`

/** The policy as a map of directive to its sources. */
function policy(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy']
  expect(header, 'content-security-policy').toBeTypeOf('string')
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

describe('security headers', () => {
  let api: TestApi
  let webRoot: string
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'infra-headers-web-'))
    await mkdir(join(webRoot, 'assets'))
    await writeFile(join(webRoot, 'index.html'), INDEX_HTML)
    await writeFile(join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")\n')
    // A proxy on this machine is trusted (inject's requests come from 127.0.0.1).
    api = await startApi('pglite', { webRoot, app: { trustProxy: ['127.0.0.1'] } })
  })
  afterAll(async () => {
    await api?.close()
    if (webRoot) await rm(webRoot, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'GET', url, headers })

  it.each([
    '/',
    '/event/rooftop-jazz',
    '/event/x',
    '/api/events',
    '/assets/app-abc123.js',
    '/no-such-page',
    '/api/no-such-thing',
  ])('sets the app’s policy and the other headers on %s', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBeLessThan(500)
    expect(policy(response)).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'blob:'],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    })
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
    })
    // Plain HTTP: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('allows no inline script anywhere in the app’s policy', async () => {
    const directives = policy(await get('/'))
    for (const name of ['default-src', 'script-src', 'script-src-attr', 'style-src'])
      expect(directives[name], name).not.toContain("'unsafe-inline'")
    expect(JSON.stringify(directives)).not.toContain('unsafe-eval')
  })

  it('sends HSTS only when a trusted proxy says the request came over HTTPS', async () => {
    const https = await get('/', { 'x-forwarded-proto': 'https' })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000')
    const untrusted = await api.app.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.50',
    })
    expect(untrusted.headers['strict-transport-security']).toBeUndefined()
  })

  it('keeps the sandbox checkout’s own stricter policy (no script at all, forms to us)', async () => {
    const response = await get('/sandbox/checkout/no-such-checkout')
    expect(response.statusCode).toBe(404)
    expect(policy(response)).toMatchObject({
      'default-src': ["'none'"],
      'style-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('gives the API reference (Swagger UI) a policy of its own, still without inline script', async () => {
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js']) {
      const directives = policy(await get(url))
      expect(directives['script-src'], url).toEqual(["'self'"])
      expect(directives['style-src'], url).toEqual(["'self'", "'unsafe-inline'"])
      expect(directives['frame-ancestors'], url).toEqual(["'none'"])
    }
    // Only there: the app keeps its strict styles.
    expect(policy(await get('/'))['style-src']).toEqual(["'self'"])
  })

  it('lets the development outbox page use its own <style> block and data: images, and nothing else', async () => {
    const response = await get('/dev/outbox')
    expect(response.statusCode).toBe(200)
    expect(policy(response)).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'none'"],
    })
  })
})
