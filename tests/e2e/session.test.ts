import { describe, expect, it } from 'vitest'
import { appInBrowser, WIDTHS } from '../support/browser'

const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

describe('an expired login', () => {
  it("shows 'Login session has expired', then clears storage and opens /login 3 s later", async () => {
    const context = await app.newContext(WIDTHS.phone)
    await context.addInitScript(() => {
      if (location.pathname === '/') {
        localStorage.setItem('userID', '00000000-0000-4000-8000-000000000001')
        localStorage.setItem('authToken', 'a-token-no-session-has')
        localStorage.setItem('userName', 'Ada Okafor')
      }
    })
    const page = await context.newPage()
    await page.goto(`${app.url}/`)
    const banner = page.getByRole('alert').filter({ hasText: 'Login session has expired' })
    await banner.waitFor()
    const shownAt = Date.now()
    await page.waitForURL('**/login')
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500)
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0)
    await context.close()
  })

  it('treats a stored user id without a token as broken storage: cleared, and a visitor', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    await context.addInitScript(() => {
      if (location.pathname === '/') localStorage.setItem('userID', 'someone')
    })
    const page = await context.newPage()
    await page.goto(`${app.url}/`)
    await page.getByRole('link', { name: 'Apply', exact: true }).waitFor()
    await expect(page.evaluate(() => localStorage.getItem('userID'))).resolves.toBeNull()
    await context.close()
  })
})
