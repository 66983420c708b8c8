import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appInBrowser, SCREENSHOTS, WIDTHS, watchLeaving } from '../support/browser'
import { coveredBy } from '../support/layout'

const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

/** What a guest who ticked 'Remember me' left in this browser. */
const REMEMBERED = {
  email: 'guest@example.com',
  name: 'Tolu Guest',
  phone: '+234 802 555 0199',
  rememberMe: 'true',
}

/** A login as the app stores it, with a token no session has. */
const login = () => ({
  userID: '00000000-0000-4000-8000-000000000001',
  authToken: 'a-token-no-session-has',
  userEmail: 'ada@example.com',
  userName: 'Ada Okafor',
  userNumber: '+234 803 555 0101',
  wallet: '00000000-0000-4000-8000-00000000000a',
})

/** A window whose storage holds `values` when `path` first opens (later pages find what is left). */
async function windowWith(
  values: Record<string, string>,
  path: string,
  width: number = WIDTHS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(width)
  await context.addInitScript(
    ({ values, path }) => {
      if (location.pathname === path && !sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', 'yes')
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      }
    },
    { values, path },
  )
  return { context, page: await context.newPage() }
}

const stored = (page: Page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)))

const expiredBanner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Login session has expired' })

describe('a dead token', () => {
  it('on a public page makes the person a visitor quietly: no banner, no redirect', async () => {
    const { context, page } = await windowWith({ ...login(), ...REMEMBERED }, '/')
    const profile = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/accounts/profile',
    )
    await page.goto(`${app.url}/`)
    expect((await profile).status()).toBe(401)
    // The visitor's layout: the promo banner shows, as for anyone not signed in.
    await page.getByRole('link', { name: 'Apply', exact: true }).waitFor()
    // The link is in the server's HTML: the app reads (and clears) the login once it has started.
    await expect.poll(() => stored(page)).toEqual(REMEMBERED)
    // Longer than the session-expiry flow would wait before sending the person to /login, on the
    // page's clock; then a moment for the navigation it would start.
    await page.clock.fastForward(3500)
    await expect(page.waitForURL('**/login', { timeout: 500 })).rejects.toThrow()
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(expiredBanner(page).count()).resolves.toBe(0)
    await expect(page.locator('article h3').count()).resolves.toBe(10)
    await context.close()
  })

  it("on a protected route says 'Login session has expired', then clears the login and opens /login 3 s later", async () => {
    const { context, page } = await windowWith({ ...login(), ...REMEMBERED }, '/profile')
    await page.goto(`${app.url}/profile`)
    await expiredBanner(page).waitFor()
    // Timed from here: the looks below take their time on a loaded machine, and the page's clock runs.
    const leaving = await watchLeaving(page)
    // Across the top of the page: it covers neither the header's logo nor the page.
    expect(await coveredBy(expiredBanner(page))).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}session-expired.png` })
    expect(new URL(page.url()).pathname).toBe('/profile')
    // The 3 s pass on the page's clock.
    const stayed = await leaving.after(3000)
    await page.waitForURL('**/login')
    expect(stayed).toBeGreaterThanOrEqual(2500)
    // The login is gone; the guest's remembered details are kept for the forms.
    await expect(stored(page)).resolves.toEqual(REMEMBERED)
    await context.close()
  })

  it('treats a stored user id without a token as broken storage: the login is cleared, the remembered details stay', async () => {
    const { authToken: _none, ...broken } = login()
    const { context, page } = await windowWith({ ...broken, ...REMEMBERED }, '/')
    await page.goto(`${app.url}/`)
    await page.getByRole('link', { name: 'Apply', exact: true }).waitFor()
    // The link is in the server's HTML: the app reads (and clears) the login once it has started.
    await expect.poll(() => stored(page)).toEqual(REMEMBERED)
    await context.close()
  })
})

describe('a live session', () => {
  it("shows an active member a FriendsPrice of 0 as 'Free for members', never '₦0'", async () => {
    const { context } = await app.signIn('ada@example.com')
    const page = await context.newPage()
    const profile = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/accounts/profile',
    )
    await page.goto(`${app.url}/event/film-night`)
    expect((await profile).status()).toBe(200)
    const facts = page.locator('dl').filter({ hasText: "Friend's special price" })
    await facts.waitFor()
    await expect(facts.getByText('Free for members', { exact: true }).count()).resolves.toBe(1)
    await expect(facts.getByText('₦3,000', { exact: true }).count()).resolves.toBe(1)
    await expect(facts.innerText()).resolves.not.toContain('₦0')
    await facts.screenshot({ path: `${SCREENSHOTS}event-facts-free-for-members.png` })
    await context.close()
  })
})
