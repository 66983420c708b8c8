import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../server/app'
import { migrate, openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/seed'

/** Debian's chromium by default; the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Where screenshots are kept as test artifacts. */
export const SCREENSHOTS = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
)

export const WIDTHS = { phone: 390, desktop: 1280 } as const

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Flags that keep a headless Chromium off the network and quiet on a closed machine.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A browser window of the given width whose clock reads `now`, like the server's. */
export async function openContext(
  browser: Browser,
  width: number,
  now: Date,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 844 : 800 },
    deviceScaleFactor: 1,
    timezoneId: 'Africa/Lagos',
  })
  await context.clock.setFixedTime(now)
  return context
}

/**
 * The real server, in this process, on a free port: the built app (run `npm run build` first),
 * the API, and an in-memory database seeded with the demo data as of `now`.
 */
export async function startAppServer(now: Date) {
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  await seedDemoData(database.db, now)
  const app = await buildApp({
    db: database.db,
    now: () => now,
    // WEB_ROOT lets a second build (another outDir) be tested without touching dist/.
    webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    // A browser file books many times from one address and one e-mail; the limits have their
    // own API tests.
    rateLimit: {
      address: { max: 1000, timeWindow: '1 minute' },
      email: { max: 1000, timeWindow: '1 minute' },
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  mkdirSync(SCREENSHOTS, { recursive: true })
  return {
    url: `http://127.0.0.1:${port}`,
    db: database.db,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/**
 * One app server and one browser for a test file, both reading the clock `now`.
 * `open(path, width)` gives a fresh window (its own storage) on that path.
 */
export function appInBrowser(now: Date) {
  let server: Awaited<ReturnType<typeof startAppServer>>
  let browser: Browser
  beforeAll(async () => {
    server = await startAppServer(now)
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  return {
    get url() {
      return server.url
    },
    async open(path: string, width: number = WIDTHS.desktop): Promise<Page> {
      const context = await openContext(browser, width, now)
      const page = await context.newPage()
      await page.goto(server.url + path)
      return page
    },
    newContext: (width: number = WIDTHS.desktop) => openContext(browser, width, now),
  }
}
