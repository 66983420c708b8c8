import { describe, expect, it } from 'vitest'
import { appInBrowser, logInByLink, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// Tuesday, 9:30pm in Lagos: Ada's Rooftop Jazz ticket (4pm - 8pm, today) is over. Logged in by
// the link of her e-mail at 390 px, her list must not call it 'Today' under Upcoming (issue 51).
const NOW = new Date('2026-11-24T20:30:00Z')
const app = appInBrowser(NOW)

describe('/profile/bookings after an evening event', () => {
  it("says the concert that ended tonight has 'Ended', and offers no Cancel", async () => {
    const page = await (await app.newContext(WIDTHS.phone)).newPage()
    await logInByLink(page, app.url, 'ada@example.com')
    await page.goto(`${app.url}/profile/bookings`)
    const jazz = page.getByRole('button', { name: /Rooftop Jazz/ }).first()
    await jazz.waitFor()
    await expect(jazz.innerText()).resolves.toContain('Ended · 4pm - 8pm')
    await expect(jazz.innerText()).resolves.not.toContain('Today')
    await jazz.click()
    await page.getByText('Cancellations closed at 4pm on Monday, November 23, 2026.').waitFor()
    await expect(page.getByRole('button', { name: 'Cancel this booking' }).count()).resolves.toBe(0)
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}bookings-ended-390.png`, fullPage: true })
  })
})
