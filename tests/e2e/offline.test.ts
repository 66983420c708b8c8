import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { events } from '../../server/db/schema'
import {
  appInBrowser,
  hydrated,
  logInByLink,
  SCREENSHOTS,
  startAppServer,
  WIDTHS,
} from '../support/browser'

// A Tuesday, 10:00 in Lagos: the calendar's 'today' event has not ended.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

let context: BrowserContext | undefined
afterEach(async () => {
  await context?.close()
  context = undefined
})

/** A phone that has been to the calendar before: its service worker is in charge and kept the page. */
async function phoneThatKnowsTheCalendar(url = app.url): Promise<Page> {
  context = await app.newContext(WIDTHS.phone, { serviceWorkers: 'allow' })
  const page = await context.newPage()
  await page.goto(`${url}/`)
  await hydrated(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })
  // The first page came before the worker; the next one passes through it and is kept.
  await page.reload()
  await hydrated(page)
  await expect.poll(() => keptPages(page), { timeout: 10_000 }).toContain('/')
  return page
}

/** The addresses of the pages the service worker keeps. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('pages-'))
    const kept = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    )
    return kept.flat().map((url) => new URL(url).pathname)
  })

/** The booking rows' names, as the list shows them. */
const rowsOf = (page: Page) =>
  page.locator('#upcoming-heading ~ * button[aria-expanded]').allInnerTexts()

const note = (page: Page) => page.locator('#calendar [role="status"]')
const titles = (page: Page) => page.locator('article h3').allInnerTexts()

describe('a second visit', () => {
  it('shows the kept calendar at once, says since when, and brings it up to date in place', async () => {
    const page = await phoneThatKnowsTheCalendar()
    // Staff rename an event meanwhile.
    await app.db
      .update(events)
      .set({ name: 'Film Night: Nollywood Classics' })
      .where(eq(events.name, 'Film Night'))
    // The calendar's call waits, as on a slow network, so the kept page can be seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await context?.route('**/api/events', async (route) => {
      await held
      await route.continue()
    })
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/')
    await page.reload({ waitUntil: 'commit' })
    // The page came from the phone, not the network.
    expect((await answer).fromServiceWorker()).toBe(true)
    await hydrated(page)
    expect(await titles(page)).toContain('Film Night')
    await expect.poll(() => note(page).innerText()).toBe('Updating the calendar you saw at 10am…')
    await page.screenshot({ path: `${SCREENSHOTS}calendar-kept-updating.png` })
    release()
    await expect.poll(() => titles(page)).toContain('Film Night: Nollywood Classics')
    expect(await note(page).innerText()).toBe('')
  })

  it('with the network off, still shows the calendar, says it is what it knew, and updates when back', async () => {
    const page = await phoneThatKnowsTheCalendar()
    await context?.setOffline(true)
    await page.reload()
    await hydrated(page)
    expect((await titles(page)).length).toBe(10)
    await expect
      .poll(() => note(page).innerText())
      .toBe("You're offline. This is the calendar as of 10am; it updates when you're back.")
    await page.screenshot({ path: `${SCREENSHOTS}calendar-offline.png` })
    await context?.setOffline(false)
    await expect.poll(() => note(page).innerText()).toBe('')
    expect((await titles(page)).length).toBe(10)
  })
})

/** The pictures on the page the browser could not show: a broken image's box. */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.alt || img.currentSrc),
  )

describe('the calendar and the menu offline (issue 51, point 10)', () => {
  it('shows no broken poster down the calendar, and the menu keeps every link', async () => {
    const page = await phoneThatKnowsTheCalendar()
    const menuLinks = async () =>
      (await page.getByRole('navigation').getByRole('link').allInnerTexts()).map(
        (text) => text.split('\n')[0],
      )
    await context?.setOffline(true)
    await page.reload()
    await hydrated(page)
    // Down the whole calendar, as a person scrolls: the posters never seen before load now.
    const cards = page.locator('article')
    for (let card = 0; card < (await cards.count()); card++) {
      await cards.nth(card).scrollIntoViewIfNeeded()
    }
    await expect
      .poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete).length))
      .toBe(0)
    expect(await brokenImages(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}calendar-offline-posters-390.png` })

    // The menu, from the calendar's own link, as a person taps it.
    await page.getByRole('link', { name: 'Menu' }).first().click()
    await page.waitForURL('**/menu')
    await page.getByRole('link', { name: /^About/ }).waitFor()
    await expect.poll(menuLinks).toEqual(expect.arrayContaining(['Book a spot', 'Print Studio']))
    expect(await page.getByText('Some links could not load.').count()).toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}menu-offline-390.png`, fullPage: true })
  })
})

/** Ada, logged in by the link on a phone, on her bookings (her Rooftop Jazz ticket listed). */
async function adaOnHerBookings(options?: { serviceWorkers: 'allow' }): Promise<Page> {
  context = await app.newContext(WIDTHS.phone, options)
  const page = await context.newPage()
  await logInByLink(page, app.url, 'ada@example.com')
  await page.goto(`${app.url}/profile/bookings`)
  await page
    .getByRole('button', { name: /Rooftop Jazz/ })
    .first()
    .waitFor()
  return page
}

describe("a member's bookings", () => {
  it('stay readable with the network off, said to be as of the last visit, and are read again once back', async () => {
    const page = await adaOnHerBookings({ serviceWorkers: 'allow' })
    const listed = await rowsOf(page)
    // Once the worker is in charge, the page's outline is kept for the next visit.
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await page
      .getByRole('button', { name: /Rooftop Jazz/ })
      .first()
      .waitFor()
    await expect.poll(() => keptPages(page), { timeout: 10_000 }).toContain('/profile/bookings')

    await context?.setOffline(true)
    await page.reload()
    await page
      .getByText("You're offline. These are your bookings as of Nov 24, 2026, 10am.")
      .waitFor()
    expect(await rowsOf(page)).toEqual(listed)
    await page.screenshot({ path: `${SCREENSHOTS}bookings-offline.png`, fullPage: true })

    await context?.setOffline(false)
    await expect.poll(() => rowsOf(page)).toEqual(listed)
    expect(await page.getByText("You're offline.").count()).toBe(0)
  })

  it('are forgotten with the login: the next person on the phone finds none of them', async () => {
    const page = await adaOnHerBookings()
    expect(await page.evaluate(() => localStorage.getItem('keptBookings'))).toContain(
      'Rooftop Jazz',
    )
    // Her session ends (the server says the token is dead): the login and her list go together.
    await context?.route('**/api/**', (route) =>
      route.fulfill({ status: 401, json: { message: 'Login session has expired' } }),
    )
    await page.reload()
    await page.waitForURL('**/login', { timeout: 10_000 })
    expect(await page.evaluate(() => localStorage.getItem('keptBookings'))).toBeNull()
  })
})

describe('a new version of the app', () => {
  // The phone installs the whole app twice (the release, then the next one).
  it('is offered while the old page works on, and takes over when the person reloads', {
    timeout: 150_000,
  }, async () => {
    // A server of its own, on a copy of the build: the release is changed on its disk.
    const release = mkdtempSync(join(tmpdir(), 'release-'))
    cpSync(fileURLToPath(new URL('../../dist', import.meta.url)), release, {
      recursive: true,
      // What the server serves: no source maps (never served).
      filter: (source) => !source.endsWith('.map'),
    })
    const server = await startAppServer(NOW, undefined, { webRoot: release })
    try {
      const page = await phoneThatKnowsTheCalendar(server.url)
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
      })
      // The next release: its worker differs by a line.
      const worker = join(release, 'sw.js')
      writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next release\n`)
      // The page looks for a new version when it is looked at again (once the app watches: it
      // starts after the first screen, so the tab is looked at until it has).
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'A new version of the app is ready.' })
      // The new worker first keeps every file of the release: on a busy machine, many seconds.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
            return notice.count()
          },
          { timeout: 45_000, interval: 500 },
        )
        .toBe(1)
      await page.screenshot({ path: `${SCREENSHOTS}app-update-offered.png` })
      // The old page works on meanwhile: another page, its code from the old worker. Followed by
      // keyboard: a pointer pressed on a link makes Chromium start a stopped worker ahead of a
      // navigation, and that start holds the old worker busy for up to five minutes, so the takeover
      // waits that long (decision 027; the app reloads when it comes, as the flow's model shows).
      await page.getByRole('link', { name: 'Menu' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForURL('**/menu')
      await hydrated(page)
      // The page loads again (its document committed; what it then loads is not in question here).
      const reloaded = page.waitForEvent('framenavigated', { timeout: 20_000 })
      await notice.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      await hydrated(page)
      expect(new URL(page.url()).pathname).toBe('/menu')
      await expect(notice.count()).resolves.toBe(0)
      // The new worker is in charge, with nothing left waiting.
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        const script = await (await fetch('/sw.js')).text()
        return {
          waiting: registration.waiting !== null,
          controlled: navigator.serviceWorker.controller !== null,
          newScript: script.endsWith('// the next release\n'),
        }
      })
      expect(after).toEqual({ waiting: false, controlled: true, newScript: true })
      expect(problems).toEqual([])
    } finally {
      await server.close()
      rmSync(release, { recursive: true, force: true })
    }
  })
})
