import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos: the demo's 'today' event (16:00-23:00) has not ended.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)
const open = app.open

const card = (page: Page, name: string) => page.locator('article', { hasText: name })

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
      ['Supper Club', 'Paid', 'Sold out'],
      ['Friends of 16 Brunch', 'Paid', 'Members only'],
      ['Film Night', 'Paid', 'Closed'],
    ]
    for (const [name, badge, action] of expectations) {
      const article = card(page, name)
      await expect(article.getByText(badge, { exact: true }).count()).resolves.toBe(1)
      const actions = article.getByText(/^(RSVP.*|Sold out|Members only|Closed)$/)
      await expect(actions.allInnerTexts()).resolves.toEqual([action])
    }
    await page.context().close()
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
    await page.context().close()
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
    await page.context().close()
  })

  it('opens the event page when an event is clicked', async () => {
    const page = await open('/')
    await card(page, 'Risograph Workshop').getByRole('link', { name: 'RSVP' }).click()
    await page.waitForURL('**/event/risograph-workshop')
    await page.getByRole('heading', { level: 1, name: 'Risograph Workshop' }).waitFor()
    await page.context().close()
  })

  it.each(Object.entries(WIDTHS))(
    'looks right at %s width (screenshot kept)',
    async (name, width) => {
      const page = await open('/', width)
      await page.locator('article img').first().waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}calendar-${name}.png`, fullPage: true })
      await page.context().close()
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
    await page.context().close()
  })

  it('sends /profile without a login to /menu', async () => {
    const page = await open('/profile')
    await page.waitForURL('**/menu')
    await page.context().close()
  })

  it('redirects /memberships to /membership', async () => {
    const page = await open('/memberships')
    await page.waitForURL('**/membership')
    await page.context().close()
  })
})
