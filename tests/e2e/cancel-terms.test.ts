import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  animationsDone,
  answerCheckout,
  appInBrowser,
  SCREENSHOTS,
  WIDTHS,
} from '../support/browser'
import { layoutProblems } from '../support/layout'

// A Tuesday, 10:00 in Lagos. The booking panel says until when a ticket can be cancelled before
// anyone pays (issue 51): tomorrow's Listening Session until 7pm today; tonight's Rooftop Jazz
// not at all (its cut-off, 24 hours before, has passed), and its receipt says why it has no
// 'Manage your booking' link. A guest on the event page, at 390 px.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await animationsDone(page)
  return dialog
}

describe('the terms of cancelling, before paying', () => {
  it('says until when the ticket can be cancelled free', async () => {
    const page = await app.openInTab('/event/listening-session', WIDTHS.phone)
    const dialog = await openPanel(page)
    await dialog.getByText('Free cancellation until 7pm on Tuesday, November 24, 2026.').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-terms-390.png` })
  })

  it("says a ticket past its cut-off cannot be cancelled; its receipt says why it has no 'Manage' link", async () => {
    const guest = { email: 'late.jazz@example.com', name: 'Oluwaseun Late', phone: '0803 555 0121' }
    const page = await app.openInTab('/event/rooftop-jazz', WIDTHS.phone)
    const dialog = await openPanel(page)
    await dialog
      .getByText(
        'This ticket cannot be cancelled: cancellations closed at 4pm on Monday, November 23, 2026.',
      )
      .waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}cancel-terms-closed-390.png` })

    await dialog.getByLabel('Email Address').fill(guest.email)
    await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
    await dialog.getByLabel('Phone Number').fill(guest.phone)
    await dialog.getByRole('button', { name: 'Pay ₦10,000 by card' }).click()
    await answerCheckout(page, 'Pay', '₦10,000.00')
    await page.waitForURL('**/event/rooftop-jazz/registered?**')
    await page.getByText("We've sent you a receipt at").waitFor()

    const [receipt] = await app.outboxTo(guest.email)
    expect(receipt?.text).not.toContain('Manage your booking (cancel it until')
    expect(receipt?.text).toContain(
      "This booking cannot be cancelled, so it has no 'Manage your booking' link: it was made after cancellations closed at 4pm on",
    )
  })
})
