import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookings } from '../../server/db/schema'
import { DEMO_STAFF } from '../../server/db/seed'
import { seriousViolations } from '../support/a11y'
import { signIn } from '../support/api-app'
import { animationsDone, appInBrowser, logInByLink, SCREENSHOTS, WIDTHS } from '../support/browser'
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

/** The wallet's balance on /profile/wallet, shown. */
async function walletBalance(page: Page): Promise<string> {
  await page.goto(`${app.url}/profile/wallet`)
  await page.getByText('Available balance').waitFor()
  const show = page.getByRole('button', { name: 'Show balance' })
  if (await show.isVisible()) await show.click()
  const balance = page.getByText('Available balance').locator('xpath=../following-sibling::p[1]')
  await expect.poll(() => balance.innerText()).not.toContain('*')
  return balance.innerText()
}

describe('cancelling a booking', () => {
  it("credits Ada's wallet back when she cancels a ticket she paid from it", async () => {
    const page = await bookingsOf('ada@example.com')
    const before = await walletBalance(page)
    // Tomorrow's Listening Session, paid from her wallet at the members' price.
    await page.goto(`${app.url}/event/listening-session`)
    await page.getByText("Friend's special price").first().waitFor()
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await animationsDone(page)
    await dialog.getByRole('button', { name: 'Pay via Wallet' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'View Bookings' }).click()
    await page.waitForURL('**/profile/bookings')
    expect(await walletBalance(page)).not.toBe(before)

    await page.goto(`${app.url}/profile/bookings`)
    await page
      .getByRole('button', { name: /Listening Session/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Cancel this booking' }).click()
    const asked = page.getByRole('region', { name: 'Cancel this booking' })
    await asked.getByText('₦3,000.00 goes back to your wallet at once.').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await asked.getByRole('button', { name: 'Yes, cancel it' }).click()
    await page
      .getByRole('status')
      .getByText('Cancelled. ₦3,000.00 is back in your wallet.')
      .waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-wallet-390.png`, fullPage: true })
    // The balance is as it was before she booked.
    expect(await walletBalance(page)).toBe(before)
  })

  it("refunds Kemi's card payment when she cancels next week's workshop; the booking stays in her list, marked, with its refund", async () => {
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
    // Read again, the booking stays in her history (issue 51, point 10): marked Cancelled, when,
    // and where the money went; no ticket and nothing more to cancel.
    await page.reload()
    const row = page.getByRole('button', { name: /Risograph/ }).first()
    await row.getByText('Cancelled', { exact: true }).waitFor()
    await row.getByText(/^Cancelled · /).waitFor()
    await row.click()
    await page
      .getByText('₦10,000.00 is on its way back to your card: banks take 5 to 10 working days.')
      .waitFor()
    await page.getByText(/^Nov 24, 2026, \d{1,2}(:\d\d)?(am|pm)$/).waitFor()
    await expect(page.getByRole('img', { name: /^Ticket for Risograph/ }).count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: 'Cancel this booking' }).count()).resolves.toBe(0)
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-kept-390.png`, fullPage: true })
    await page.setViewportSize({ width: 320, height: 700 })
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-kept-320.png`, fullPage: true })
  })

  it("offers no Cancel for tonight's concert once its cut-off has passed, saying when it closed", async () => {
    const page = await bookingsOf('ada@example.com')
    await page
      .getByRole('button', { name: /Rooftop Jazz/ })
      .first()
      .click()
    // Said in the row, before anything is asked: no question promising the money back.
    await page.getByText('Cancellations closed at 4pm on Monday, November 23, 2026.').waitFor()
    await expect(page.getByRole('button', { name: 'Cancel this booking' }).count()).resolves.toBe(0)
    await expect(page.getByText('goes back to your card').count()).resolves.toBe(0)
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-refused-390.png`, fullPage: true })
  })

  it('offers no Cancel once the ticket was checked in at the door, saying when', async () => {
    // The front desk admits Ada's ticket for tonight (the door's own call, as staff).
    const [jazz] = await app.db
      .select({ ticket: bookings.ticketCode })
      .from(bookings)
      .where(and(eq(bookings.email, 'ada@example.com'), eq(bookings.eventId, 'rooftop-jazz')))
    if (!jazz?.ticket) throw new Error("Ada's Rooftop Jazz ticket is missing")
    const door = await fetch(`${app.url}/api/staff/check-ins`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await signIn({ db: app.db, now: NOW }, DEMO_STAFF)}`,
      },
      body: JSON.stringify({ code: jazz.ticket }),
    })
    expect(door.status).toBe(200)

    const page = await bookingsOf('ada@example.com')
    await page
      .getByRole('button', { name: /Rooftop Jazz/ })
      .first()
      .click()
    await page
      .getByText(
        'Checked in at the door at 10am on Tuesday, November 24, 2026: it can no longer be cancelled.',
      )
      .waitFor()
    await expect(page.getByRole('button', { name: 'Cancel this booking' }).count()).resolves.toBe(0)
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-checked-in-390.png`, fullPage: true })
  })
})
