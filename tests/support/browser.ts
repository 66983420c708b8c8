import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Disposable,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { buildApp } from '../../server/app'
import { type Db, migrate, openDatabase } from '../../server/db/client'
import { accounts, communityMembers, wallets } from '../../server/db/schema'
import { seedDemoData } from '../../server/db/seed'
import { signIn } from './api-app'
import { freePort } from './instances'
import { openTestDb, type TestDb } from './test-db'

/** Debian's chromium by default: the benchmarks measure pages in the browser people use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser the tests drive: Debian's chromium-headless-shell (the same Chromium, Blink and
 * V8, built headless without the browser's own window and UI; Playwright's default for headless
 * runs), which renders the same pages for about a third less CPU; Debian's chromium where the
 * shell is not installed. Neither is ever downloaded.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : CHROMIUM_PATH)

/** Where screenshots are kept as test artifacts. */
export const SCREENSHOTS = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
)

export const WIDTHS = { phone: 390, desktop: 1280 } as const

/**
 * Debian's Chromium, headless: the full browser for the benchmarks, the tests' own (see
 * TEST_CHROMIUM_PATH) when `forTests`. `extraArgs` e.g. a debugging port for Lighthouse.
 */
export function launchChromium(
  extraArgs: string[] = [],
  { forTests = false }: { forTests?: boolean } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: forTests ? TEST_CHROMIUM_PATH : CHROMIUM_PATH,
    // Flags that keep a headless Chromium off the network and quiet on a closed machine.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}

let workerBrowser: Promise<Browser> | undefined

/**
 * The worker's one Chromium, launched by its first browser file and used by the next ones (the
 * e2e files share their worker's modules): a launch costs a second or more on a busy machine.
 * Each file closes the windows it opened (`closeWindows`); Playwright ends the browser with the
 * worker's process.
 */
export function workerChromium(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchChromium([], { forTests: true })
    const forget = () => {
      if (workerBrowser === launching) workerBrowser = undefined
    }
    launching.then((browser) => browser.on('disconnected', forget), forget)
    workerBrowser = launching
  }
  return workerBrowser
}

/** Closes every window of the browser: after a file, so the next file starts with none. */
export async function closeWindows(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
}

/** A window's size at a width: a phone's height below 768 px, a laptop's above. */
export const viewportOf = (width: number) => ({ width, height: width < 768 ? 844 : 800 })

/**
 * A browser window of the given width whose clock reads `now`, like the server's. Without the
 * service worker unless asked: a test's page comes from the server it set up, never from a copy
 * an earlier test left (tests/e2e/offline.test.ts tests the worker).
 */
export async function openContext(
  browser: Browser,
  width: number,
  now: Date,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: viewportOf(width),
    deviceScaleFactor: 1,
    timezoneId: 'Africa/Lagos',
    serviceWorkers,
  })
  // As a browser without service workers: the app does not try (Playwright warns when it does).
  if (serviceWorkers === 'block') {
    await context.addInitScript(() => {
      delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker
    })
  }
  await context.clock.setFixedTime(now)
  return context
}

/**
 * One tab that tests (or model paths) take turns in, each turn as in a new window: a new window's
 * tab first starts its own renderer process (0.4–0.8 s here, more under load), where a page load
 * in a tab already open takes a fraction of that. `url` is the app's origin.
 */
export async function openTab(browser: Browser, now: Date, url: string) {
  const context = await openContext(browser, WIDTHS.desktop, now)
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  const scripts: Disposable[] = []
  // An empty document of the app's origin, no app in it: where its storage can be cleared.
  const blank = `${url}/__blank`
  const addInitScript: Page['addInitScript'] = async (script, arg, options) => {
    const added = await page.addInitScript(script, arg, options)
    scripts.push(added)
    return added
  }
  return {
    page,
    /** The page's, for this turn only: the next `fresh` removes it (see `signInBrowser`). */
    addInitScript,
    /**
     * The tab as a new window `width` wide would be: no routes nor init scripts of the last turn,
     * no cookies, local or session storage (the app keeps nothing else in the browser), an empty
     * HTTP cache (it may keep a minute what a page read), and the mouse off the page, which
     * would hover what loads under it.
     */
    async fresh(width: number): Promise<Page> {
      for (const script of scripts.splice(0)) await script.dispose()
      // The page left writes nothing more: its pagehide handlers (React Router keeps the scroll
      // positions in session storage) run once the next page has come, after the clearing. A page
      // reloading itself (a state's timer) may lose its document under the call: then the one
      // that came is the one to stop.
      const stopWriting = () =>
        page.evaluate(() => {
          Storage.prototype.setItem = () => {}
        })
      await stopWriting().catch(stopWriting)
      await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '' }))
      await page.goto(blank)
      // The routes go only now the page that used them has: until it has gone, the app may still
      // send a call again (a retry after a dropped connection), which must meet the same routes,
      // not reach the server for the next turn to find done.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.evaluate(() => {
        localStorage.clear()
        sessionStorage.clear()
      })
      await context.clearCookies()
      await devtools.send('Network.clearBrowserCache')
      await page.mouse.move(-1, -1)
      await page.setViewportSize(viewportOf(width))
      return page
    },
  }
}

export type Tab = Awaited<ReturnType<typeof openTab>>

/**
 * The real server, in this process, on a free port: the built app (run `npm run build` first),
 * the API, and an in-memory database seeded with the demo data as of `now`. Under Vitest the
 * database is a copy of the run's migrated template (tests/support/db-template.ts): a second,
 * where creating and migrating one takes several.
 */
export async function startAppServer(
  now: Date,
  template?: () => Promise<TestDb>,
  { webRoot }: { webRoot?: string } = {},
) {
  const database = template ? await template() : await migratedInMemory()
  // The server's clock, moved by a reset for the next browser file (see appInBrowser).
  let clock = now
  await seedDemoData(database.db, clock)
  // The browser's address is the server's PUBLIC_URL: every payment returns there.
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const app = await buildApp({
    db: database.db,
    now: () => clock,
    publicUrl: url,
    // WEB_ROOT lets a second build (another outDir) be tested without touching dist/.
    webRoot:
      webRoot ?? process.env.WEB_ROOT ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    // Seeded with the demo data, as `npm start`: the statechart viewer is on.
    statecharts: true,
    // A browser file books many times from one address and one e-mail; the limits have their
    // own API tests.
    rateLimit: {
      address: { max: 1000, timeWindow: '1 minute' },
      email: { max: 1000, timeWindow: '1 minute' },
    },
  })
  await app.listen({ port, host: '127.0.0.1' })
  mkdirSync(SCREENSHOTS, { recursive: true })
  return {
    url,
    db: database.db,
    /**
     * Back to the demo data (as of `at`, by default the server's clock), on the same server:
     * every table emptied and seeded again. The public cache hears the truncation (its trigger
     * notifies on TRUNCATE) and forgets what it kept.
     */
    async reset(at: Date = clock) {
      const { rows } = await database.db.execute<{ name: string }>(
        sql`SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
      )
      const tables = rows.map((row) => row.name).join(', ')
      await database.db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`))
      clock = at
      await seedDemoData(database.db, clock)
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** The databases a browser file's server may run on: PGlite (always), or a PostgreSQL server. */
export type Database = 'pglite' | 'postgres'

/** A fresh copy of the run's migrated template on `database`; fails when no PostgreSQL answers. */
async function testDatabase(database: Database): Promise<TestDb> {
  if (database === 'pglite') return openTestDb()
  const db = await openTestDb('postgres')
  if (!db) throw new Error('No PostgreSQL server answered when the run started')
  return db
}

async function migratedInMemory(): Promise<TestDb> {
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  return database
}

/** The demo account's wallets in the database (for a test's checks; no login stores them). */
export interface StoredWallets {
  walletId: string | null
  communityWalletId: string | null
}

/**
 * Signs a demo account in as the magic-link page would: a live session row, and exactly the keys
 * /verify stores (userID, authToken, userEmail, userName and, when the account has one,
 * userNumber), written before the window's first page runs. Nothing more: the app reads the
 * wallets itself, as it must after a real login. Each new tab is seeded once, so a reload or a
 * logout in that tab keeps what the app left. `target`: a window, a page, or a turn of a reused
 * tab (`openTab`), whose next turn signs out. Answers the account's wallets, for the test's checks.
 */
export async function signInBrowser(
  target: Pick<BrowserContext, 'addInitScript'>,
  { db, now }: { db: Db; now: Date },
  email: string,
): Promise<StoredWallets> {
  const [account] = await db
    .select({
      id: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      phone: accounts.phone,
    })
    .from(accounts)
    .where(eq(accounts.email, email))
  if (!account) throw new Error(`No demo account ${email}`)
  const stored: Record<string, string> = {
    userID: account.id,
    authToken: await signIn({ db, now }, email),
    userEmail: email,
    userName: `${account.firstName} ${account.lastName}`,
    ...(account.phone ? { userNumber: account.phone } : {}),
  }
  const seed = (values: Record<string, string>) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
  }
  await target.addInitScript(seed, stored)
  return walletsOf(db, account.id, email)
}

/** The wallets of an account in the database: its own, and its community's. */
export async function walletsOf(db: Db, accountId: string, email: string): Promise<StoredWallets> {
  const [wallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.accountId, accountId))
  const [membership] = await db
    .select({ communityId: communityMembers.communityId })
    .from(communityMembers)
    .where(eq(communityMembers.email, email))
  const [communityWallet] = membership
    ? await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(eq(wallets.communityId, membership.communityId))
    : []
  return { walletId: wallet?.id ?? null, communityWalletId: communityWallet?.id ?? null }
}

/** The keys /verify stores at login (src/verify/verify-page.tsx), and only those. */
export const LOGIN_KEYS = ['authToken', 'userID', 'userEmail', 'userName', 'userNumber'] as const

/**
 * Logs in as a person does: the login page, 'Send Login Link', the link of the e-mail (read from
 * the development outbox at `url`) opened in the same window, then /verify signs in and moves on
 * (/staff for staff, /menu for an active member, else /bye-laws). Answers the browser's storage after it.
 */
export async function logInByLink(
  page: Page,
  url: string,
  email: string,
): Promise<Record<string, string>> {
  const before = new Set((await outboxTo(url, email)).map((mail) => mail.text))
  await page.goto(`${url}/login`)
  await hydrated(page)
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('button', { name: 'Send Login Link' }).click()
  await page.waitForURL('**/login-sent**')
  let link: string | undefined
  await expect
    .poll(async () => {
      const mail = (await outboxTo(url, email)).find((entry) => !before.has(entry.text))
      link = /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail?.text ?? '')?.[0]
      return link
    })
    .toBeDefined()
  const address = new URL(link ?? '')
  await page.goto(url + address.pathname + address.search)
  await page.waitForURL(/\/(menu|bye-laws|staff)$/)
  return page.evaluate(() => ({ ...localStorage }))
}

/** An e-mail as the dev outbox lists it (no SMTP server in tests: the server keeps the mail). */
export interface OutboxEntry {
  to: string
  subject: string
  text: string
  attachments: { filename: string }[]
}

/** The e-mails the server at `url` kept for an address, newest first, as /api/dev/outbox lists them. */
export async function outboxTo(url: string, email: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${url}/api/dev/outbox`)
  const body = (await response.json()) as { data: OutboxEntry[] }
  return body.data.filter((entry) => entry.to.toLowerCase().includes(email.toLowerCase()))
}

/**
 * Answers the sandbox checkout a card payment leads to, with 'Pay' or 'Decline'; when `amount`
 * is given ('₦15,000.00'), waits until the page shows it first.
 */
export async function answerCheckout(
  page: Page,
  answer: 'Pay' | 'Decline' | 'Cancel',
  amount?: string,
) {
  await page.waitForURL('**/sandbox/checkout/**')
  if (amount) await page.getByText(amount).first().waitFor()
  await page.getByRole('button', { name: answer, exact: true }).click()
}

/**
 * Waits until the page has done what a tap or a key asked of it: a frame drawn, then the main
 * thread idle (React done). A call or a page load it started has been reported by then: the
 * browser reports a request before the answer of a script that ran after it. What a fixed sleep
 * guessed, to prove that nothing was sent.
 */
export async function handled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))),
  )
}

/**
 * Waits until React has taken over the server's HTML (the root listens for events). A tap before
 * that is a plain link: a whole page load, not the app's navigation a test may be about.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('_reactListening'))
  })
}

/**
 * Waits until the page's short animations (a panel opening, a colour change) have run: what a
 * fixed sleep guessed before. Endless or long ones (a spinner, the landing's drawing) are left out.
 */
export async function animationsDone(page: Page): Promise<void> {
  const running = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              Number(animation.effect?.getComputedTiming().endTime) <= 1000,
          ).length,
    )
  await expect.poll(running, { timeout: 5000, interval: 50 }).toBe(0)
}

/**
 * Times, on the page's own clock, how long the page stays before it leaves (a reload, another
 * address): `after(ms)` runs that clock `ms` at once, each timer firing at its own time, and
 * answers the milliseconds from the watch's start to the leaving, or null if the page stayed.
 * A delay the app waits for, timed without waiting it out.
 */
export async function watchLeaving(page: Page) {
  const key = 'e2e:leftAt'
  const start = await page.evaluate((key) => {
    sessionStorage.removeItem(key)
    // Fired within reload() or assign() itself, so it reads the timer's own time.
    addEventListener('beforeunload', () => sessionStorage.setItem(key, String(performance.now())))
    return performance.now()
  }, key)
  const leftAt = () => page.evaluate((key) => sessionStorage.getItem(key), key)
  return {
    async after(ms: number): Promise<number | null> {
      await page.clock.runFor(ms)
      // The old document may go under the read: then the new one, once it is there, has the
      // same session storage.
      let left: string | null = null
      for (let tries = 0; ; tries++) {
        try {
          left = await leftAt()
          break
        } catch (error) {
          if (tries >= 50) throw error
          await page.waitForTimeout(100)
        }
      }
      return left === null ? null : Number(left) - start
    },
  }
}

/** Holds back the page's requests to `pattern`, as a slow link would, until the returned function is called. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Whether React owns this element yet: the sections below the shell hydrate after it. */
export const ownedByReact = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))

/**
 * Waits until React owns the element. A tap on a section not hydrated yet may be a plain link
 * (a whole page load), when React cannot hydrate that section at once to take the tap.
 */
export async function hydratedAt(locator: Locator): Promise<void> {
  await expect.poll(() => ownedByReact(locator)).toBe(true)
  // React marks an element while it hydrates it, before it commits; until the commit a tap finds
  // no handler and the link loads a whole page.
  await handled(locator.page())
}

export type AppServer = Awaited<ReturnType<typeof startAppServer>>

/** The worker's app servers, one per database, kept from one browser file to the next. */
const workerServers = new Map<Database, Promise<AppServer>>()

/**
 * The worker's app server on `database`, started by its first browser file; each next file gets
 * it back with the demo data as of its own `now` (a reset takes a fraction of a second, a new
 * server seconds of CPU). It ends with the worker's process.
 */
export async function workerServer(now: Date, database: Database): Promise<AppServer> {
  const running = workerServers.get(database)
  if (running) {
    const server = await running
    await server.reset(now)
    return server
  }
  const starting = startAppServer(now, () => testDatabase(database))
  workerServers.set(database, starting)
  starting.catch(() => workerServers.delete(database))
  return starting
}

/**
 * The worker's app server, with the demo data as of `now` for this file, and the worker's
 * browser, both reading the clock `now`.
 * `open(path, width)` gives a fresh window (its own storage) on that path; `signIn(email, width)`
 * a fresh window where that demo account is signed in (no page opened yet). `tab`, `openInTab`
 * and `signInTab` give the same in the file's one tab, made fresh each time (see `openTab`):
 * quicker, for a test that needs no two windows at once and adds no listener to its page (a
 * listener would stay for the next test).
 */
export function appInBrowser(now: Date, { database = 'pglite' }: { database?: Database } = {}) {
  let server: AppServer
  let browser: Browser
  let shared: Tab | undefined
  const turn = async (width: number) => {
    shared ??= await openTab(browser, now, server.url)
    return { tab: shared, page: await shared.fresh(width) }
  }
  const visit = async (page: Page, path: string) => {
    await page.goto(server.url + path)
    await hydrated(page)
    return page
  }
  beforeAll(async () => {
    server = await workerServer(now, database)
    browser = await workerChromium()
  })
  afterAll(async () => {
    await closeWindows(browser)
  })
  return {
    get url() {
      return server.url
    },
    get db() {
      return server.db
    },
    /** A fresh window on `path`, once the app has taken over the page (see `hydrated`). */
    async open(path: string, width: number = WIDTHS.desktop): Promise<Page> {
      const context = await openContext(browser, width, now)
      return visit(await context.newPage(), path)
    },
    newContext: (
      width: number = WIDTHS.desktop,
      options?: { serviceWorkers?: 'allow' | 'block' },
    ) => openContext(browser, width, now, options),
    /** The file's tab, as a fresh window's (no app page opened yet). */
    tab: async (width: number = WIDTHS.desktop): Promise<Page> => (await turn(width)).page,
    /** `open`, in the file's tab. */
    openInTab: async (path: string, width: number = WIDTHS.desktop): Promise<Page> =>
      visit((await turn(width)).page, path),
    /** `signIn`, in the file's tab: its page, no app page opened yet. */
    async signInTab(
      email: string,
      width: number = WIDTHS.desktop,
    ): Promise<StoredWallets & { page: Page }> {
      const { tab, page } = await turn(width)
      return { page, ...(await signInBrowser(tab, { db: server.db, now }, email)) }
    },
    /**
     * The file's tab, as a fresh window where the demo account has logged in by the link of its
     * e-mail (see `logInByLink`), and is on the page the link led to. Answers what the login stored.
     */
    async logInTab(
      email: string,
      width: number = WIDTHS.desktop,
    ): Promise<{ page: Page; stored: Record<string, string> }> {
      const { page } = await turn(width)
      return { page, stored: await logInByLink(page, server.url, email) }
    },
    async signIn(
      email: string,
      width: number = WIDTHS.desktop,
    ): Promise<StoredWallets & { context: BrowserContext }> {
      const context = await openContext(browser, width, now)
      return { context, ...(await signInBrowser(context, { db: server.db, now }, email)) }
    },
    outboxTo: (email: string) => outboxTo(server.url, email),
  }
}
