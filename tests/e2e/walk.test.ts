import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/a11y'
import { poetry } from '../support/bookings'
import {
  appInBrowser,
  hydrated,
  logInByLink,
  SCREENSHOTS,
  viewportOf,
  WIDTHS,
} from '../support/browser'
import { layoutProblems } from '../support/layout'

// The smaller defects of issue 51's walk (point 10), each from where the person meets it. A
// Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

/** Nothing overflows at its width, axe finds nothing serious, and a screenshot is kept. */
async function shot(page: Page, name: string) {
  expect(await layoutProblems(page)).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

/** The screen at phone and laptop width, each checked and kept. */
async function shots(page: Page, name: string) {
  for (const width of [320, WIDTHS.desktop]) {
    await page.setViewportSize(viewportOf(width))
    await shot(page, `${name}-${width}`)
  }
}

describe("the event editor's 'fields need a change'", () => {
  it('takes staff to the first field that needs one, at 320 px', async () => {
    const { page } = await app.logInTab('staff@example.com', 320)
    await page.goto(`${app.url}/staff/events/new`)
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: 'New event' }).waitFor()
    // Some fields right, the first few wrong: the title is the first to mend.
    await page.getByLabel('Venue in the hotel', { exact: true }).fill('Print Studio')
    await page.getByRole('button', { name: 'Create the event' }).click()
    await page
      .getByRole('alert')
      .getByText(/fields? needs? a change before saving/)
      .waitFor()
    const title = page.getByLabel('Title', { exact: true })
    await expect.poll(() => title.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await title.getAttribute('aria-invalid')).toBe('true')
    await page.getByText('Give the event a title.').waitFor()

    // With the title given, the next field that needs a change is the one Save goes to.
    await title.fill('Adire Indigo Workshop with Mama Oluwaseyi Adeyemi-Okafor')
    await page.getByRole('button', { name: 'Create the event' }).click()
    const firstDay = page.getByLabel('First day', { exact: true })
    await expect
      .poll(() => firstDay.evaluate((input) => input === document.activeElement))
      .toBe(true)
    expect(await firstDay.isVisible()).toBe(true)
    await shots(page, 'staff-event-editor-problems')
  })
})

describe("the receipt e-mail's HTML", () => {
  it("links its 'Manage your booking' and the calendar: a tap opens them", async () => {
    const email = 'adaeze.okonkwo-nwosu@lekkiartscollective.com.ng'
    const answer = await fetch(`${app.url}/api/bookings/rsvp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(poetry({ Email: email, Name: 'Adaeze Okonkwo-Nwosu' })),
    })
    expect(answer.status, await answer.text()).toBe(201)
    let html: string | null = null
    await expect
      .poll(async () => {
        const response = await fetch(`${app.url}/api/dev/outbox`)
        const { data } = (await response.json()) as {
          data: { to: string; subject: string; html: string | null }[]
        }
        html =
          data.find((mail) => mail.to === email && /You're booked/.test(mail.subject))?.html ?? null
        return html
      })
      .not.toBeNull()

    // The mail as a mail app shows its HTML part, on a phone.
    const page = await app.tab(320)
    await page.setContent(html ?? '')
    const manage = page.getByRole('link', { name: /\/manage\// })
    await manage.waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}receipt-mail-html-320.png`, fullPage: true })
    await page.getByRole('link', { name: `${app.url}/`, exact: true }).waitFor()
    await manage.click()
    await page.waitForURL('**/manage/**')
    await page.getByRole('heading', { name: 'Poetry & Palm Wine' }).waitFor()
    await page.getByRole('button', { name: 'Cancel this booking' }).waitFor()
  })
})

describe('/profile/payments', () => {
  it('says what each payment was for and how it was paid, in the words staff see', async () => {
    const staff = await (await app.newContext(WIDTHS.desktop)).newPage()
    await logInByLink(staff, app.url, 'staff@example.com')
    await staff.goto(`${app.url}/staff/payments`)
    await staff.getByLabel('Reference, e-mail or name').fill('ada@example.com')
    await staff.getByRole('button', { name: 'Search', exact: true }).click()
    const found = staff.getByRole('region', { name: 'Payments found' }).getByRole('listitem')
    const staffSees = async (reference: string) =>
      (await found.filter({ hasText: reference }).innerText()).replace(/\s+/g, ' ')

    const { page } = await app.logInTab('ada@example.com', 320)
    await page.goto(`${app.url}/profile/payments`)
    await hydrated(page)
    const card = (reference: string) => page.getByRole('listitem').filter({ hasText: reference })
    await card('demo-jazz-ada').waitFor()
    const seen = async (reference: string) =>
      (await card(reference).innerText()).replace(/\s+/g, ' ')

    // The ticket: its event, not 'PLAN —'; paid by card, as staff say.
    const ticket = await seen('demo-jazz-ada')
    expect(ticket).toContain('Rooftop Jazz')
    expect(ticket).not.toMatch(/Plan —/i)
    expect(ticket).toMatch(/Paid by Card/i)
    expect(await staffSees('demo-jazz-ada')).toContain('Rooftop Jazz')
    expect(await staffSees('demo-jazz-ada')).toMatch(/Card · /)
    // The top-up: a wallet top-up, paid the way the provider said, in the same word for both.
    const topUp = await seen('demo-topup-ada')
    expect(topUp).toContain('Wallet top-up')
    expect(topUp).toMatch(/Paid by Bank transfer/i)
    expect(await staffSees('demo-topup-ada')).toContain('Wallet top-up')
    expect(await staffSees('demo-topup-ada')).toMatch(/Bank transfer · /)
    // The plan.
    expect(await seen('demo-membership-ada')).toContain('Individual · 6 months')
    await shots(page, 'profile-payments')
    await staff.context().close()
  })
})
