import { describe, expect, it } from 'vitest'
import { appInBrowser, logInByLink, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// A person cancels their own booking from /profile/bookings, logged in by the link of their
// e-mail, at 390 px against the real server. A Tuesday, 10:00 in Lagos: Ada's Rooftop Jazz is
// tonight (its cut-off, 24 hours before, has passed); Kemi's Risograph workshop is next week.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

async function bookingsOf(email: string) {
  const page = await (await app.newContext(WIDTHS.phone)).newPage()
  await logInByLink(page, app.url, email)
  await page.goto(`${app.url}/profile/bookings`)
  return page
}

describe('cancelling a booking', () => {
  it("refunds Kemi's card payment when she cancels next week's workshop, and the booking leaves her list", async () => {
    const page = await bookingsOf('kemi@example.com')
    await page
      .getByRole('button', { name: /Risograph/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Cancel this booking' }).click()
    const asked = page.getByRole('region', { name: 'Cancel this booking' })
    await asked.getByText('₦10,000.00 goes back to your card.').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-asked-390.png`, fullPage: true })
    await asked.getByRole('button', { name: 'Yes, cancel it' }).click()
    await page
      .getByRole('status')
      .getByText('Cancelled. ₦10,000.00 is on its way back to your card')
      .waitFor()
    // Its ticket no longer shows: it would not check in.
    await expect(page.getByRole('img', { name: /^Ticket for Risograph/ }).count()).resolves.toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}cancel-done-390.png`, fullPage: true })
    // Read again, the booking is gone from her list.
    await page.reload()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await expect(page.getByRole('button', { name: /Risograph/ }).count()).resolves.toBe(0)
  })

  it("refuses Ada's cancellation of tonight's concert, saying when cancellations closed", async () => {
    const page = await bookingsOf('ada@example.com')
    await page
      .getByRole('button', { name: /Rooftop Jazz/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Cancel this booking' }).click()
    await page.getByRole('button', { name: 'Yes, cancel it' }).click()
    await page
      .getByRole('alert')
      .getByText(
        'Cancellations for Rooftop Jazz closed at 4pm on Monday, November 23, 2026, 24 hours before it starts.',
      )
      .waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-refused-390.png`, fullPage: true })
  })
})
