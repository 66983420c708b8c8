import { createHash } from 'node:crypto'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appInBrowser,
  handled,
  holdRequests,
  hydrated,
  ownedByReact,
  SCREENSHOTS,
  viewportOf,
  WIDTHS,
} from '../support/browser'

// The public pages are rendered by the server: they paint from the HTML before any script runs,
// the browser hydrates them without a difference, and unknown addresses answer a real 404.

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

/** Each public page, and what its first screen shows. */
const PUBLIC_PAGES: [string, (page: Page) => Locator][] = [
  ['/', (page) => page.getByRole('link', { name: /Rooftop Jazz/ }).first()],
  ['/event/rooftop-jazz', (page) => page.getByRole('heading', { level: 1, name: 'Rooftop Jazz' })],
  // The venues ride in the HTML: the booking links are there before any script.
  ['/menu', (page) => page.getByRole('link', { name: /Book a spot/ })],
  ['/about', (page) => page.getByRole('heading', { level: 1 })],
  ['/co-working', (page) => page.getByRole('heading', { level: 1 })],
  ['/print-studio', (page) => page.getByRole('heading', { level: 1, name: 'Print Studio' })],
  ['/membership', (page) => page.getByRole('heading', { level: 1, name: 'Friends of 16' })],
  ['/membership/about', (page) => page.getByRole('heading', { level: 1 })],
  ['/membership/application', (page) => page.getByRole('heading', { level: 1 })],
  ['/membership-program', (page) => page.getByRole('heading', { level: 1, name: 'Friends of 16' })],
  [
    '/login?email=ada%40example.com',
    (page) => page.getByRole('heading', { level: 1, name: 'Log in' }),
  ],
  ['/login-sent?email=ada%40example.com', (page) => page.getByText('ada@example.com')],
  // Without a token there is nothing to spend: the failure is in the HTML.
  ['/verify', (page) => page.getByRole('heading', { level: 1, name: 'Invalid Login Token' })],
  // The invite is checked by the browser: the HTML says it is being checked.
  ['/invite/WELCOME16', (page) => page.getByRole('heading', { level: 1 })],
]

/**
 * A window whose scripts never run: what it shows came in the HTML. Its one tab goes from page to
 * page (a new tab's browser process takes longer to start than the page to load).
 */
let noScript: BrowserContext
let noScriptTab: Page
beforeAll(async () => {
  const context = await app.newContext(WIDTHS.phone)
  const browser = context.browser()
  await context.close()
  if (!browser) throw new Error('no browser')
  noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: WIDTHS.phone, height: 844 },
    timezoneId: 'Africa/Lagos',
  })
  noScriptTab = await noScript.newPage()
})
afterAll(async () => {
  await noScript?.close()
})

/**
 * Console warnings and errors of the app's pages in a window, and their uncaught errors (not
 * those of a new tab's about:blank, where the test's sign-in script cannot reach storage).
 */
function watch(context: BrowserContext) {
  const trouble: string[] = []
  context.on('page', (page) => {
    const report = (text: string) => {
      if (page.url().startsWith(app.url)) trouble.push(`${new URL(page.url()).pathname}: ${text}`)
    }
    page.on('console', (message) => {
      // An unknown address answers 404 on purpose; the browser logs that status of the page.
      const pageNotFound = message.location().url === page.url() && /\b404\b/.test(message.text())
      if (['warning', 'error'].includes(message.type()) && !pageNotFound) {
        report(`${message.type()} ${message.text()}`)
      }
    })
    page.on('pageerror', (error) => report(error.message))
  })
  return trouble
}

/** The code a rendered page starts once painted: the files its `app-code` block lists. */
function appCode(html: string): string[] {
  const block = /<script id="app-code" type="application\/json">(.*?)<\/script>/.exec(html)
  return JSON.parse(block?.[1] ?? '[]')
}

/** Opens a page and waits until React has hydrated it and its requests have settled. */
async function openHydrated(
  context: BrowserContext,
  path: string,
  // A tab already open loads the page sooner than a new one, whose browser process starts first.
  tab?: Page,
): Promise<Page> {
  const page = tab ?? (await context.newPage())
  await page.goto(app.url + path)
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer'),
    ),
  )
  await page.waitForLoadState('networkidle')
  return page
}

describe('the server’s HTML', () => {
  it.each(PUBLIC_PAGES)(
    'shows the first screen of %s before any script runs',
    async (path, first) => {
      const page = noScriptTab
      const response = await page.goto(app.url + path)
      expect(response?.status()).toBe(200)
      await expect(first(page).isVisible()).resolves.toBe(true)
      if (path === '/' || path === '/event/rooftop-jazz') {
        const name = path === '/' ? 'ssr-home-phone' : 'ssr-event-phone'
        await page.screenshot({ path: `${SCREENSHOTS}${name}.png` })
      }
    },
  )

  it('paints the header and the outline of a protected page before any script runs', async () => {
    const page = noScriptTab
    await page.goto(`${app.url}/profile/wallet`)
    await expect(page.getByRole('link', { name: 'Sixteen, home' }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('status').textContent()).resolves.toBe('Loading')
    await expect(page.locator('main[aria-busy="true"]').count()).resolves.toBe(1)
    await page.screenshot({ path: `${SCREENSHOTS}ssr-shell-phone.png` })
  })

  it.each([
    ['/no-such-page', 'Page Not Found'],
    ['/event/no-such-event', 'This event does not exist'],
  ])('answers %s with a 404 and the app’s not-found screen', async (path, heading) => {
    const page = noScriptTab
    const response = await page.goto(app.url + path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: heading }).isVisible()).resolves.toBe(
      true,
    )
  })
})

describe('the server', () => {
  it('inlines the stylesheet, and its policy allows exactly that style', async () => {
    const response = await fetch(`${app.url}/`)
    const html = await response.text()
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(style.length).toBeGreaterThan(1000)
    const hash = createHash('sha256').update(style).digest('base64')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`)
  })

  it('allows exactly its one inline script, the one that starts the code, by its hash', async () => {
    const response = await fetch(`${app.url}/`)
    const html = await response.text()
    const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(html).not.toMatch(/<script type="module"[^>]* src=/)
    const hash = createHash('sha256')
      .update(scripts[0]?.[1] ?? '')
      .digest('base64')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`)
  })

  it('lists the code of the lazy page it renders, to fetch with the rest', async () => {
    const code = appCode(await (await fetch(`${app.url}/menu`)).text())
    expect(code.join(' ')).toMatch(/\/assets\/venues-page-[^ ]+\.js/)
    for (const href of code) expect((await fetch(app.url + href)).status, href).toBe(200)
  })

  it('lists the steps of the app’s start, and no code of a page not on screen', async () => {
    const code = appCode(await (await fetch(`${app.url}/`)).text())
    // The entry (React) first, then the app (router, machines, the calendar), fetched together.
    expect(code[0]).toMatch(/^\/assets\/index-[^ ]+\.js$/)
    expect(code.join(' ')).toMatch(/\/assets\/app-[^ ]+\.js/)
    expect(code.filter((file) => /-page-/.test(file))).toEqual([])
    for (const href of code) expect((await fetch(app.url + href)).status, href).toBe(200)
  })

  it('never serves its own renderer', async () => {
    const response = await fetch(`${app.url}/server/entry-server.mjs`)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('renderToPipeableStream')
  })

  it('serves a protected page as the page shell, with its code named at once', async () => {
    const response = await fetch(`${app.url}/profile/bookings`)
    expect(response.status).toBe(200)
    const html = await response.text()
    // What it shows depends on the stored login: the browser renders it over the shell, so the
    // shell holds no personal data and the code does not wait for a first paint.
    expect(html).toMatch(/<div id="root"><div data-page-shell=""/)
    expect(html).not.toContain('id="app-code"')
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/)
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/bookings-list-page-/)
  })
})

/** The ids (and the attributes naming them) where the page's HTML and React's props disagree. */
async function idsReactChanged(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#root [id]')].every((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactProps')),
    ),
  )
  return page.evaluate(() => {
    const attributes: Record<string, string> = {
      id: 'id',
      htmlFor: 'for',
      name: 'name',
      'aria-labelledby': 'aria-labelledby',
      'aria-describedby': 'aria-describedby',
      'aria-controls': 'aria-controls',
    }
    const out: string[] = []
    for (const element of document.querySelectorAll('#root *')) {
      const key = Object.keys(element).find((k) => k.startsWith('__reactProps'))
      if (!key) continue
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key] ?? {}
      for (const [prop, attribute] of Object.entries(attributes)) {
        const value = props[prop]
        const onPage = element.getAttribute(attribute)
        if (typeof value === 'string' && onPage !== null && value !== onPage) {
          out.push(`<${element.localName}> ${attribute}="${onPage}", React: "${value}"`)
        }
      }
    }
    return out
  })
}

describe('hydration', () => {
  // One walk of the public pages as a guest, two checks on each: the console stays quiet, and
  // React's ids agree with the server's. useId numbers by the place in the tree, so a tree that
  // differs above a form (a sibling more on one side) gives other ids in the browser. React does
  // not rewrite attributes at hydration: a label would name an id its field no longer has in
  // React's view, and Ark's components look their parts up by the ids React gave them.
  it('leaves no warning or error in the console on any public page, and keeps the ids the server gave', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const trouble = watch(context)
    const tab = await context.newPage()
    const differences: string[] = []
    for (const [path, first] of PUBLIC_PAGES) {
      const page = await openHydrated(context, path, tab)
      await expect(first(page).isVisible(), path).resolves.toBe(true)
      differences.push(
        ...(await idsReactChanged(page)).map((difference) => `${path}: ${difference}`),
      )
    }
    await context.close()
    expect(trouble).toEqual([])
    expect(differences).toEqual([])
  })

  it('leaves none for a signed-in member, whose view differs from the server’s', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.phone)
    const trouble = watch(context)
    const tab = await context.newPage()
    for (const [path] of PUBLIC_PAGES) await openHydrated(context, path, tab)
    // The member's view follows hydration: no promo banner on the calendar.
    const home = await openHydrated(context, '/')
    await expect(home.getByRole('link', { name: /Apply now/ }).count()).resolves.toBe(0)
    await context.close()
    expect(trouble).toEqual([])
  })

  it('renders a member’s protected pages over the page shell, with no warning', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.phone)
    const trouble = watch(context)
    const tab = await context.newPage()
    for (const [path, title] of [
      ['/profile', 'Profile'],
      ['/profile/wallet', 'Wallet'],
    ] as const) {
      const page = await openHydrated(context, path, tab)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await expect(page.locator('[data-page-shell]').count(), path).resolves.toBe(0)
    }
    await context.close()
    // React Router warns when it has nothing to show while a page's code loads.
    expect(trouble).toEqual([])
  })

  it('renders the server’s day when the browser’s clock is a day ahead, then the browser’s', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    await context.clock.setFixedTime(new Date(NOW.getTime() + 86_400_000))
    const trouble = watch(context)
    const page = await openHydrated(context, '/event/rooftop-jazz')
    await page.close()
    await context.close()
    expect(trouble).toEqual([])
  })

  it('takes a tap that lands before hydration has run, without a page load', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const trouble = watch(context)
    const page = await context.newPage()
    // React's scheduler posts its work through a MessageChannel: held here, the hydration (a
    // transition, in slices) has not begun when the tap lands, as on a slow phone. Only the
    // app's channels: the test's clock has its own.
    await page.addInitScript(() => {
      const held: (() => void)[] = []
      const hold = window as unknown as { holding: boolean; release: () => void }
      hold.holding = true
      hold.release = () => {
        hold.holding = false
        for (const post of held.splice(0)) post()
      }
      const Native = window.MessageChannel
      window.MessageChannel = class extends Native {
        constructor() {
          super()
          if (!new Error().stack?.includes('/assets/')) return
          const post = this.port2.postMessage.bind(this.port2)
          this.port2.postMessage = (message: unknown) => {
            if (hold.holding) held.push(() => post(message))
            else post(message)
          }
        }
      }
    })
    await page.goto(`${app.url}/event/rooftop-jazz`)
    await hydrated(page)
    // By its tag: the open panel hides the page from the accessibility tree.
    const title = page.locator('main h1', { hasText: 'Rooftop Jazz' })
    await expect(ownedByReact(title)).resolves.toBe(false)
    const loads: string[] = []
    // Page loads only: the open panel's own history entry is not one.
    page.on('load', () => loads.push(page.url()))
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    // React hydrated the page at once to deliver the tap: the app's panel opened.
    await page.getByRole('dialog').waitFor()
    await expect(ownedByReact(title)).resolves.toBe(true)
    await page.evaluate(() => (window as unknown as { release: () => void }).release())
    await page.getByLabel('Email Address').fill('tolu@example.com')
    expect(loads).toEqual([])
    await context.close()
    expect(trouble).toEqual([])
  })

  it('asks for its code only once the first screen is painted', async () => {
    // A window on the machine's own clock: a fixed clock's page reports no timings.
    const context = await noScript.browser()?.newContext({ viewport: viewportOf(WIDTHS.phone) })
    if (!context) throw new Error('no browser')
    const page = await openHydrated(context, '/event/rooftop-jazz')
    // Both on the page's own timeline.
    const { painted, code } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      code: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/'))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }))
    expect(code.length).toBeGreaterThan(2)
    for (const { name, start } of code) expect(start, name).toBeGreaterThan(painted)
    await context.close()
  })

  it.each([
    ['/event/rooftop-jazz', 'Buy Ticket', (page: Page) => page.getByRole('dialog').waitFor()],
    // A form's button: before the app listens it must not submit the form to the server.
    [
      '/login?email=ada%40example.com',
      'Send Login Link',
      (page: Page) => page.waitForURL('**/login-sent**'),
    ],
  ])(
    'keeps a tap on %s’s ‘%s’ that lands before the code has loaded, and the app takes it',
    async (path, button, taken) => {
      const context = await app.newContext(WIDTHS.phone)
      const trouble = watch(context)
      const page = await context.newPage()
      // The code is held back, as on a slow link: the page is the server's HTML, painted.
      const release = await holdRequests(page, '**/assets/*.js')
      const loads: string[] = []
      // A page load is asked for as the tap lands: its request, not its arrival, is counted.
      page.on('request', (request) => {
        if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname)
      })
      await page.goto(app.url + path)
      await page.getByRole('button', { name: button, exact: true }).click()
      await handled(page)
      expect(loads).toEqual([path.split('?')[0]])
      release()
      await taken(page)
      await context.close()
      expect(trouble).toEqual([])
    },
  )

  it('keeps a member’s early tap on ‘Buy Ticket’ until her profile says she is one: then the panel, at her price', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.phone)
    const trouble = watch(context)
    const page = await context.newPage()
    const releaseCode = await holdRequests(page, '**/assets/*.js')
    const releaseProfile = await holdRequests(page, '**/api/accounts/profile')
    await page.goto(`${app.url}/event/rooftop-jazz`)
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    releaseCode()
    // The app has the tap but does not know yet that she is a member: the action waits, and
    // says so; no panel at a visitor's price.
    const waiting = page.getByRole('button', { name: 'Please wait', exact: true })
    await waiting.waitFor()
    await expect(waiting.getAttribute('aria-busy')).resolves.toBe('true')
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}event-member-tap-waiting-390.png` })
    releaseProfile()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('₦8,000', { exact: true }).waitFor()
    await dialog.getByText('Ada Okafor').waitFor()
    await context.close()
    expect(trouble).toEqual([])
  })

  it('gives the app what was typed and ticked before its code loaded', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const trouble = watch(context)
    const page = await context.newPage()
    const release = await holdRequests(page, '**/assets/*.js')
    await page.goto(`${app.url}/membership/application?name=Tolu`)
    const field = (label: string) => page.getByLabel(label, { exact: true })
    await field('Last name').fill('Ade')
    await field('Date of birth').fill('1995-06-15')
    await page.locator('label', { hasText: 'They/Them' }).first().click()
    release()
    await hydrated(page)
    // The wizard's own rule, from its machine: last name and date of birth let it go on.
    const next = page.getByRole('button', { name: 'Next' })
    await expect.poll(() => next.isDisabled()).toBe(false)
    await next.click()
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor()
    // Back on Profile the fields are drawn again from the machine: it has all of it.
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(field('Last name').inputValue()).resolves.toBe('Ade')
    await expect(field('Date of birth').inputValue()).resolves.toBe('1995-06-15')
    await expect(page.getByRole('radio', { name: 'They/Them' }).isChecked()).resolves.toBe(true)
    await context.close()
    expect(trouble).toEqual([])
  })

  it('loads no second copy of the stylesheet it inlined when a page’s code loads', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    const page = await context.newPage()
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
    })
    await openHydrated(context, '/', page)
    await page
      .getByRole('link', { name: /Rooftop Jazz/ })
      .first()
      .click()
    await page.getByRole('heading', { level: 1, name: 'Rooftop Jazz' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(stylesheets).toEqual([])
    await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(0)
    await context.close()
  })

  it('keeps a 404 page working as the app once hydrated', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    const trouble = watch(context)
    const page = await openHydrated(context, '/no-such-page')
    await page.getByRole('link', { name: 'Back to the calendar' }).click()
    await page
      .getByRole('link', { name: /Rooftop Jazz/ })
      .first()
      .waitFor()
    await context.close()
    expect(trouble).toEqual([])
  })
})
