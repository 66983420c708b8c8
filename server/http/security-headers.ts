import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

// Security headers on every answer, through helmet (the library @fastify/helmet wraps). The
// policies hold no per-request part (no nonce), so helmet runs once per policy at start and each
// answer gets the headers it wrote: @fastify/helmet rebuilt its middleware, CSP parsing included,
// on every request (about 40% of the throughput of a cached read), and even built once, running
// its eleven middlewares per request cost a cached read another 7%. The policy is what the built app
// really needs, checked in a browser (tests/e2e/csp.test.ts):
// - scripts: the app's own modules only. The page data the server inlines is a
//   `<script type="application/json">`, a data block the browser never runs: it needs nothing.
// - styles: Panda CSS compiles to one stylesheet; Ark UI and React set inline styles through
//   the DOM (element.style), which a policy does not govern. No 'unsafe-inline' for either.
// - images: our own files, data: URLs (small assets Vite inlines) and blob: URLs the page made.
// - calls: our own API (and blob: URLs the page made itself). Card payments leave by a
//   top-level navigation, not a fetch.

/** The app's Content-Security-Policy (helmet's defaults off: every directive is listed here). */
export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // blob: the poster staff just chose shows from the phone while it uploads (createObjectURL).
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // blob: a ticket's calendar file is a blob: URL the page makes (URL.createObjectURL); a
  // download needs nothing, reading it back with fetch (as the RSVP browser test does) does.
  'connect-src': ["'self'", 'blob:'],
  // blob: the door's QR decoder (qr-scanner) runs in a worker made from a blob: URL, on browsers
  // without their own BarcodeDetector.
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
}

/**
 * Swagger UI at /api/docs: its bundle injects a <style> element, so its routes (and only they)
 * allow inline styles; still no inline script.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

/**
 * The development outbox page (/dev/outbox) styles itself with a <style> block and shows each
 * message's images (a ticket's QR code) as data: URLs; it has no script.
 */
const OUTBOX_CSP = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ['data:'],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
}

/**
 * Features the app never uses off, for it and anything it might embed; the camera for the app
 * itself only (the door's scanner, /staff/check-in).
 */
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()'

/** A year; the operator adds includeSubDomains and preload at the proxy once every subdomain is on HTTPS. */
const HSTS = 'max-age=31536000'

/** What every policy shares; only the Content-Security-Policy differs between them. */
const COMMON: HelmetOptions = {
  // Only over HTTPS (below): over plain HTTP the header is meaningless, and on a development
  // machine it would pin localhost to HTTPS in the browser.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The same as frame-ancestors 'none', for browsers that only know this header.
  frameguard: { action: 'deny' },
}

/**
 * Registers the headers for every answer, errors and 404s included (register it before the
 * routes). Pages that set their own Content-Security-Policy (the sandbox checkout, the API
 * reference, a server-rendered page) replace the app's in their handler.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const appHeaders = {
    ...headersOf({
      ...COMMON,
      contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  }
  const outboxHeaders = {
    ...headersOf({
      ...COMMON,
      contentSecurityPolicy: { useDefaults: false, directives: OUTBOX_CSP },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.url === '/dev/outbox' ? outboxHeaders : appHeaders)
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
}

/** The headers helmet writes for these options: its middleware run once on a stand-in answer. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const answer = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, answer as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return headers
}
