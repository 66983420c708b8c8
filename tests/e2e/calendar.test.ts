import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appInBrowser, hydratedAt, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos: the demo's 'today' event (16:00-23:00) has not ended.
const NOW = new Date('2026-11-24T09:00:00Z')

// Each test in the file's one tab, as in a new window (see appInBrowser).
const app = appInBrowser(NOW)
const open = app.openInTab

const card = (page: Page, name: string) => page.locator('article', { hasText: name })

/**
 * Where a card stands once it has stood still for ten frames: the window scrolls smoothly, and
 * the page below the first screen may still be hydrating.
 */
async function settledBox(page: Page, name: string) {
  const box = await card(page, name).evaluate(
    (element) =>
      new Promise<{ y: number; height: number }>((resolve) => {
        let last = Number.NaN
        let still = 0
        const check = () => {
          const { y, height } = element.getBoundingClientRect()
          still = y === last ? still + 1 : 0
          last = y
          if (still >= 10) resolve({ y, height })
          else requestAnimationFrame(check)
        }
        check()
      }),
  )
  return box
}

describe('the calendar', () => {
  it('shows the demo events in calendar order with the right badge and one action each', async () => {
    const page = await open('/')
    const names = await page.locator('article h3').allInnerTexts()
    expect(names[0]).toBe('Rooftop Jazz') // today first
    expect(names.at(-1)).toBe('Film Night') // ended last

    const expectations: [string, 'Paid' | 'Free', string][] = [
      ['Rooftop Jazz', 'Paid', 'RSVP'],
      ['Poetry & Palm Wine', 'Free', 'RSVP'],
      ['Risograph Workshop', 'Paid', 'RSVP'],
      ['Supper Club', 'Paid', 'Booking closed'],
      ['Friends of 16 Brunch', 'Paid', 'Members only'],
      ['Film Night', 'Paid', 'Closed'],
    ]
    for (const [name, badge, action] of expectations) {
      const article = card(page, name)
      await expect(article.getByText(badge, { exact: true }).count()).resolves.toBe(1)
      const actions = article.getByText(/^(RSVP.*|Sold out|Booking closed|Members only|Closed)$/)
      await expect(actions.allInnerTexts()).resolves.toEqual([action])
    }
  })

  it('paints from the events the HTML carried, without a second request', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    const eventCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') eventCalls.push(request.url())
    })
    await page.goto(`${app.url}/`)
    await page.locator('article h3').first().waitFor()
    expect(eventCalls).toEqual([])
    await context.close()
  })

  it('shows the promo banner to visitors', async () => {
    const page = await open('/')
    await expect(
      page
        .getByText('Applications for Individuals & Communities are now open!')
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    await expect(
      page.getByRole('link', { name: 'Apply', exact: true }).getAttribute('href'),
    ).resolves.toBe('/membership')
  })

  it('follows the event in view with the date label while scrolling', async () => {
    const page = await open('/', WIDTHS.phone)
    const label = page.getByTestId('calendar-date-label')
    await expect(label.textContent()).resolves.toBe('Today')
    await card(page, 'Risograph Workshop').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.waitForFunction(
      () => document.querySelector('[data-testid="calendar-date-label"]')?.textContent !== 'Today',
    )
    await expect(label.textContent()).resolves.not.toBe('Today')
  })

  it("opens the event page when an event is clicked, from the card's data without asking again", async () => {
    const page = await open('/')
    const rsvp = card(page, 'Risograph Workshop').getByRole('link', { name: 'RSVP' })
    await hydratedAt(rsvp)
    const asked: string[] = []
    const listen = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/events/')) asked.push(request.url())
    }
    page.on('request', listen)
    try {
      await rsvp.click()
      await page.waitForURL('**/event/risograph-workshop')
      await page.getByRole('heading', { level: 1, name: 'Risograph Workshop' }).waitFor()
      await page.getByRole('button', { name: 'Buy Ticket' }).waitFor()
      await page.waitForLoadState('networkidle')
      expect(asked).toEqual([])
    } finally {
      page.off('request', listen)
    }
  })

  it('brings Back from an event to the card that was opened, not higher up', async () => {
    const page = await open('/', WIDTHS.phone)
    const studio = card(page, 'Open Studio Weekend')
    await studio.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }))
    const before = await settledBox(page, 'Open Studio Weekend')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
    await studio.getByRole('link', { name: 'Open Studio Weekend' }).click()
    await page.getByRole('heading', { level: 1, name: 'Open Studio Weekend' }).waitFor()

    await page.goBack()
    await page.waitForURL(`${app.url}/`)
    await studio.waitFor()
    const after = await settledBox(page, 'Open Studio Weekend')
    const viewport = page.viewportSize()
    if (!viewport) throw new Error('the window has no size')
    expect(after.y).toBeGreaterThanOrEqual(0)
    expect(after.y + after.height).toBeLessThanOrEqual(viewport.height)
    // Where it was, give or take the 2 px the card lifts by while the pointer rests on it.
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(3)
  })

  it('refreshes the list in the background on the way back, without the skeleton', async () => {
    // A window of its own: the function it exposes to the page would stay in the file's tab.
    const page = await app.open('/', WIDTHS.phone)
    // The app's navigation, not a page load: the card must be hydrated when it is tapped.
    const rsvp = card(page, 'Risograph Workshop').getByRole('link', { name: 'RSVP' })
    await hydratedAt(rsvp)
    await page.evaluate(() => Object.assign(window, { beforeTheTap: true }))
    await rsvp.click()
    await page.waitForURL('**/event/risograph-workshop')
    // The app went there, no page load: a whole page's way back is the browser's, not the app's.
    await expect(page.evaluate(() => 'beforeTheTap' in window)).resolves.toBe(true)
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events')
    const skeletons: number[] = []
    await page.exposeFunction('sawSkeleton', () => skeletons.push(1))
    await page.evaluate(() => {
      new MutationObserver(() => {
        const w = window as unknown as { sawSkeleton: () => void }
        if (document.querySelector('[aria-label="Loading events"]')) w.sawSkeleton()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.goBack()
    await page.waitForURL(`${app.url}/`)
    expect((await refreshed).status()).toBe(200)
    await expect(page.locator('article h3').count()).resolves.toBe(10)
    expect(skeletons).toEqual([])
    await page.context().close()
  })

  it('shows the whole call to apply on a phone when motion is reduced', async () => {
    const context = await app.newContext(360)
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`${app.url}/`)
    const banner = page.getByRole('link', { name: /Apply now/ })
    await expect(banner.getAttribute('href')).resolves.toBe('/membership')
    const shown = await banner.evaluate((link) => {
      const outside: string[] = []
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const r of range.getClientRects()) {
          if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight) {
            outside.push(node.textContent ?? '')
          }
        }
      }
      const box = link.getBoundingClientRect()
      return {
        text: (link as HTMLElement).innerText,
        outside,
        inView: box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
        cut: link.scrollWidth > link.clientWidth,
      }
    })
    expect(shown.text).toContain('Applications for Individuals & Communities are now open!')
    expect(shown.text).toContain('Apply now')
    expect(shown).toMatchObject({ outside: [], inView: true, cut: false })
    // The banner covers nothing at the end of the page: the last card ends above it, once the
    // app has the page (its code starts after the first paint; the end of the page is measured
    // as it stays).
    await hydratedAt(banner)
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    )
    const last = await page.locator('article').last().boundingBox()
    const bannerBox = await banner.boundingBox()
    expect(last && bannerBox && last.y + last.height <= bannerBox.y).toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}promo-reduced-motion-360.png` })
    await context.close()
  })

  it.each(Object.entries(WIDTHS))(
    'looks right at %s width (screenshot kept)',
    async (name, width) => {
      const page = await open('/', width)
      await page.locator('article img').first().waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}calendar-${name}.png`, fullPage: true })
    },
  )
})

describe('the route table', () => {
  it('shows Page Not Found for an unknown path', async () => {
    const page = await open('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(
      true,
    )
    await page.screenshot({ path: `${SCREENSHOTS}not-found-desktop.png` })
  })

  it('sends /profile without a login to /menu', async () => {
    const page = await open('/profile')
    await page.waitForURL('**/menu')
  })

  it('redirects /memberships to /membership', async () => {
    const page = await open('/memberships')
    await page.waitForURL('**/membership')
  })

  it('shows the menu for /menu/{id}', async () => {
    const page = await open('/menu/ada')
    await page.waitForURL('**/menu')
    await page.getByRole('link', { name: /Book a spot/ }).waitFor()
  })
})
