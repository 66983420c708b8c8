import type { Page } from 'playwright-core'
import { INVALID_TOKEN, type VerifyInput, verifyMachine } from '../../../machines/verify/machine'
import { verifyModel } from '../../../machines/verify/model'
import { defineViews } from './shared/define'

// /verify in each state, for the browser replay of the model's paths
// (tests/e2e/paths-verify.test.ts). The links are real: asked for through the API and read from
// the server's development outbox, as a person would open them from the e-mail.
// Only tests import this.

const SHORT = { timeout: 5000 }
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)

/**
 * The address of a fresh login link e-mailed to `email` (its path and query), asked for with the
 * window's own request context, as the login page would.
 */
async function loginLink(page: Page, url: string, email: string): Promise<string> {
  const asked = await page.request.post(`${url}/api/accounts/login`, { data: { email } })
  if (!asked.ok()) throw new Error(`No login link for ${email}: ${asked.status()}`)
  const outbox = (await (await page.request.get(`${url}/api/dev/outbox`)).json()) as {
    data: { to: string; text: string }[]
  }
  const mail = outbox.data.find((entry) => entry.to.includes(email))
  const link = /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`No login link in the mail to ${email}`)
  const address = new URL(link)
  return address.pathname + address.search
}

const ACTIVE = "Ada's login link (an active member)"
const STAFF = "Oluwaseun's login link (the front desk's staff, not a member)"
const INACTIVE = "Tunde's login link (membership expired)"
const SPENT = 'a login link opened before'
const TOKEN: VerifyInput = { token: 'kq3V9xQmT2bZ7yR1pL8sW4nC6dF0hJ5a' }
const statusOf = (output: unknown) =>
  (output as { user?: { subscriptionStatus?: string | null } }).user?.subscriptionStatus
const isStaff = (output: unknown) => (output as { user?: { staff?: boolean } }).user?.staff === true

export const verifyViews = defineViews({
  model: verifyModel,
  machine: verifyMachine,
  starts: {
    [ACTIVE]: {
      input: TOKEN,
      path: '/verify',
      open: async (page, url) => {
        await page.goto(url + (await loginLink(page, url, 'ada@example.com')))
      },
    },
    [STAFF]: {
      input: TOKEN,
      path: '/verify',
      width: 390,
      open: async (page, url) => {
        await page.goto(url + (await loginLink(page, url, 'staff@example.com')))
      },
    },
    [INACTIVE]: {
      input: TOKEN,
      path: '/verify',
      width: 390,
      open: async (page, url) => {
        await page.goto(url + (await loginLink(page, url, 'tunde@example.com')))
      },
    },
    [SPENT]: {
      input: TOKEN,
      path: '/verify',
      open: async (page, url) => {
        const link = await loginLink(page, url, 'kemi@example.com')
        await page.request.get(url + link.replace('/verify', '/api/accounts/verify-magic-link'))
        await page.goto(url + link)
      },
    },
    'a link without a token': { input: { token: null }, path: '/verify', width: 390 },
  },
  events: {
    'xstate.done.actor.verifyMagicLink': {
      accepts: (event, { start }) =>
        (start === STAFF && isStaff(event.output)) ||
        (start === ACTIVE && statusOf(event.output) === 'Active' && !isStaff(event.output)) ||
        (start === INACTIVE && statusOf(event.output) !== 'Active' && !isStaff(event.output)),
      request: '**/api/accounts/verify-magic-link**',
    },
    'xstate.error.actor.verifyMagicLink': {
      accepts: (event, { start }) =>
        start === SPENT && (event.error as { status?: number }).status === 401,
      request: '**/api/accounts/verify-magic-link**',
    },
  },
  states: {
    verifying: async ({ page }) => {
      await heading(page, 'Logging you in…')
    },
    // Staff: the front desk's day opens, whatever their membership.
    toStaff: async ({ page }) => {
      await page.waitForURL('**/staff', SHORT)
      await stored(page, 'staff@example.com')
    },
    // Signed in: the login is stored, and the member's menu opens.
    toMenu: async ({ page }) => {
      await page.waitForURL('**/menu', SHORT)
      await stored(page, 'ada@example.com')
    },
    // Not an active member: the bye-laws, then the payment.
    toByeLaws: async ({ page }) => {
      await page.waitForURL('**/bye-laws', SHORT)
      await stored(page, 'tunde@example.com')
    },
    failed: async ({ page, snapshot }) => {
      await heading(page, snapshot.context.error ?? INVALID_TOKEN)
      await page.getByRole('link', { name: 'Log In' }).waitFor(SHORT)
    },
  },
})

/** The login the page stored: the person's e-mail, a user id and a token. */
async function stored(page: Page, email: string) {
  const keys = await page.evaluate(() => ({
    userEmail: localStorage.getItem('userEmail'),
    userID: localStorage.getItem('userID'),
    authToken: localStorage.getItem('authToken'),
  }))
  if (keys.userEmail !== email || !keys.userID || !keys.authToken) {
    throw new Error(`The login of ${email} is not stored: ${JSON.stringify(keys)}`)
  }
}
