import { describe, expect, it } from 'vitest'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// Staff closed the Supper Club for booking with every one of its 12 places free (the demo's
// rsvpOpen: false). A Tuesday, 10:00 in Lagos, at 390 px: the calendar, the event page and its
// sticky bar say 'Booking closed', never 'Sold out', and offer no waitlist (issue 51).
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

describe('an event staff closed for booking', () => {
  it("reads 'Booking closed' on its calendar card", async () => {
    const page = await app.openInTab('/', WIDTHS.phone)
    const card = page.getByRole('article', { name: 'Supper Club' })
    await card.waitFor()
    await card.getByText('Booking closed', { exact: true }).waitFor()
    await expect(card.getByText('Sold out').count()).resolves.toBe(0)
  })

  it("reads 'Booking closed' on its page and sticky bar, with no waitlist", async () => {
    const page = await app.openInTab('/event/supper-club', WIDTHS.phone)
    const action = page.getByRole('button', { name: 'Booking closed', exact: true })
    await action.waitFor()
    await expect(action.isDisabled()).resolves.toBe(true)
    await page.getByText('Not taking bookings.').waitFor()
    await expect(page.getByText('Sold out').count()).resolves.toBe(0)
    await expect(page.getByText('No places left').count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: 'Join the waitlist' }).count()).resolves.toBe(0)
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}booking-closed-390.png`, fullPage: true })
  })
})
