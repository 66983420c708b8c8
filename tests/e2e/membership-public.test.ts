import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { communities, communityMembers } from '../../server/db/schema'
import {
  animationsDone,
  appInBrowser,
  holdRequests,
  SCREENSHOTS,
  viewportOf,
  WIDTHS,
  watchLeaving,
} from '../support/browser'

// The public membership screens (issue 6) in Chromium, on the real app and server, each one
// photographed at 390 and 1280 px. The tests walk them at 390 px, one after another in one tab.

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

/**
 * Photographs the screen at 390 px, then widened to 1280 px, and gives it back at 390 px as it
 * was: these screens' layout follows the width alone (CSS). Widened, the screen is seen from its
 * top, as a desktop shows it (nothing there needs scrolling to), once the animations that the
 * wider layout starts anew (a panel's opening) are over.
 */
async function shot(page: Page, name: string, fullPage = true) {
  const path = (width: number) => `${SCREENSHOTS}membership-public/${name}-${width}.png`
  await page.screenshot({ path: path(WIDTHS.phone), fullPage })
  const scrolled = await page.evaluate(() => scrollY)
  await page.setViewportSize(viewportOf(WIDTHS.desktop))
  await page.evaluate(async () => {
    scrollTo(0, 0)
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(ending.map((animation) => animation.finished.catch(() => {})))
  })
  await page.screenshot({ path: path(WIDTHS.desktop), fullPage })
  await page.setViewportSize(viewportOf(WIDTHS.phone))
  await page.evaluate((y) => scrollTo(0, y), scrolled)
}

const h1 = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor()

/** The login link the server e-mailed to an address (the newest), from the dev outbox. */
async function loginLinkFor(email: string): Promise<string> {
  const [mail] = await app.outboxTo(email)
  const link = /https?:\/\/\S+\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`No login link e-mailed to ${email}`)
  return new URL(link).pathname + new URL(link).search
}

describe('at 390 px', () => {
  const width = WIDTHS.phone
  it('/membership: six benefits, intakes, the rates from the server, and Apply opens a chooser', async () => {
    const page = await app.openInTab('/membership', width)
    await h1(page, 'Friends of 16')
    await expect(page.getByRole('heading', { level: 3 }).count()).resolves.toBeGreaterThanOrEqual(6)
    await page.getByRole('heading', { name: 'Intakes' }).waitFor()
    await page.getByText('$150', { exact: true }).waitFor()
    await page.getByText('₦250,000', { exact: true }).waitFor()
    await page.getByText('$1,500', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'hello@sixteen.ng' }).waitFor()
    await shot(page, 'membership')
    await page.getByRole('link', { name: 'Learn more about the program' }).waitFor()
    await page.getByRole('button', { name: 'Apply' }).first().click()
    const chooser = page.getByRole('dialog', { name: 'Apply for membership' })
    await chooser.waitFor()
    await animationsDone(page)
    await shot(page, 'membership-chooser', false)
    await chooser.getByRole('link', { name: /Community/ }).click()
    await page.waitForURL('**/membership/community-application')
  })

  it('/membership: a failed load of the rates offers Try again, which loads them', async () => {
    const page = await app.tab(width)
    let fail = true
    await page.route('**/api/plans', (route) =>
      fail
        ? route.fulfill({ status: 503, body: '{"status":"error","message":"Down"}' })
        : route.continue(),
    )
    await page.goto(`${app.url}/membership`)
    await page.getByText("We couldn't load the rates").waitFor()
    await shot(page, 'membership-rates-failed')
    fail = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('$250', { exact: true }).waitFor()
  })

  it('/membership/about reads well and leads back to the rates', async () => {
    const page = await app.openInTab('/membership/about', width)
    await h1(page, 'About Friends of 16')
    await page.getByText('15% off hotel rooms and space rental.').waitFor()
    await shot(page, 'membership-about')
    await page.getByRole('link', { name: 'See rates and apply' }).click()
    await page.waitForURL('**/membership')
  })

  it("/membership-program: Subscribe waits for a valid e-mail, then says 'Subscribed'", async () => {
    const page = await app.openInTab('/membership-program', width)
    await page.getByText('Launching in April 2024', { exact: true }).waitFor()
    const subscribe = page.getByRole('button', { name: 'Subscribe' })
    await expect(subscribe.isDisabled()).resolves.toBe(true)
    await page.getByLabel('Email Address').fill('tolu@')
    await page.getByText('Please enter a valid email address.').waitFor()
    await expect(subscribe.isDisabled()).resolves.toBe(true)
    await shot(page, 'membership-program')
    await page.getByLabel('Email Address').fill(`tolu.${width}@example.com`)
    await subscribe.click()
    await page.getByText('Subscribed', { exact: true }).waitFor()
    const leaving = await watchLeaving(page)
    const reloaded = page.waitForEvent('load', { timeout: 10_000 })
    await shot(page, 'membership-program-subscribed')
    // The page reloads 6 s after the banner (on its clock): a fresh form, no banner.
    const stayed = await leaving.after(6000)
    await reloaded
    expect(stayed).toBeGreaterThanOrEqual(5_000)
    await page.getByRole('button', { name: 'Subscribe' }).waitFor()
    await expect(page.getByText('Subscribed', { exact: true }).count()).resolves.toBe(0)
  })

  it("/login: 'Send Login Link' once the e-mail is valid; an unknown one is 'Account not found'", async () => {
    const page = await app.openInTab('/login', width)
    await h1(page, 'Log in')
    const send = page.getByRole('button', { name: 'Send Login Link' })
    await expect(send.isDisabled()).resolves.toBe(true)
    await page.getByRole('link', { name: 'Apply for membership' }).waitFor()
    await page.getByLabel('Email Address').fill('nobody@example.com')
    await send.click()
    await page.getByText('Account not found').waitFor()
    await shot(page, 'login-not-found')
  })

  it('/login?email= prefills and locks the e-mail; sending goes to /login-sent', async () => {
    const page = await app.openInTab('/login?email=tunde%40example.com', width)
    const field = page.getByLabel('Email Address')
    await expect(field.inputValue()).resolves.toBe('tunde@example.com')
    await expect(field.getAttribute('readonly')).resolves.not.toBeNull()
    await shot(page, 'login-locked')
    await page.getByRole('button', { name: 'Send Login Link' }).click()
    await page.waitForURL('**/login-sent?email=tunde%40example.com')
    await h1(page, 'Check your inbox')
    await page.getByText('tunde@example.com').waitFor()
    await shot(page, 'login-sent')
    await page.getByRole('link', { name: 'Go to homepage' }).click()
    await page.waitForURL(`${app.url}/`)
  })

  it('/verify: the e-mailed link logs an active member in and opens the menu', async () => {
    const page = await app.tab(width)
    await page.goto(`${app.url}/login?email=ada%40example.com`)
    await page.getByRole('button', { name: 'Send Login Link' }).click()
    await page.waitForURL('**/login-sent**')
    const link = await loginLinkFor('ada@example.com')
    await page.goto(app.url + link)
    await page.waitForURL('**/menu')
    const stored = await page.evaluate(() => ({
      userID: localStorage.getItem('userID'),
      authToken: localStorage.getItem('authToken'),
      userEmail: localStorage.getItem('userEmail'),
      userName: localStorage.getItem('userName'),
    }))
    expect(stored.userEmail).toBe('ada@example.com')
    expect(stored.userName).toBe('Ada Okafor')
    expect(stored.userID).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored.authToken?.length).toBeGreaterThan(16)
    // The link is spent: opening it again is refused.
    await page.goto(app.url + link)
    await h1(page, 'Invalid Login Token')
  })

  it('/verify: a member who is not active goes to the bye-laws', async () => {
    const page = await app.tab(width)
    await page.goto(`${app.url}/login?email=tunde%40example.com`)
    await page.getByRole('button', { name: 'Send Login Link' }).click()
    await page.waitForURL('**/login-sent**')
    await page.goto(app.url + (await loginLinkFor('tunde@example.com')))
    await page.waitForURL(/\/(bye-laws|menu)$/)
    const status = await page.evaluate(() => localStorage.getItem('userEmail'))
    expect(status).toBe('tunde@example.com')
  })

  it("/verify without a token, or with a bad one: 'Invalid Login Token' and 'Log In'", async () => {
    const page = await app.openInTab('/verify', width)
    await h1(page, 'Invalid Login Token')
    await shot(page, 'verify-invalid')
    await page.goto(`${app.url}/verify?token=${'x'.repeat(43)}`)
    await h1(page, 'Invalid Login Token')
    await page.getByRole('link', { name: 'Log In' }).click()
    await page.waitForURL('**/login')
  })

  it("/verify: a call that fails says 'An error occurred while verifying the token'", async () => {
    const page = await app.tab(width)
    await page.route('**/api/accounts/verify-magic-link**', (route) => route.abort())
    await page.goto(`${app.url}/verify?token=${'y'.repeat(43)}`)
    await h1(page, 'An error occurred while verifying the token')
  })

  it('/invite/{code}: pending greets by name; used and unknown codes say so', async () => {
    const page = await app.openInTab('/invite/WELCOME16', width)
    await h1(page, 'Welcome, Chioma')
    await shot(page, 'invite-pending')
    const complete = page.getByRole('link', { name: 'Complete your profile' })
    await expect(complete.getAttribute('href')).resolves.toBe(
      '/membership/application?code=WELCOME16&name=Chioma',
    )
    await page.goto(`${app.url}/invite/USED16`)
    await h1(page, 'This invite code has been used')
    await shot(page, 'invite-used')
    await page.goto(`${app.url}/invite/NOSUCHCODE`)
    await h1(page, 'This invite code is not valid')
    await shot(page, 'invite-invalid')
  })

  it('/invite/{code} shows the check while it waits', async () => {
    const page = await app.tab(width)
    const release = await holdRequests(page, '**/api/invites/**')
    await page.goto(`${app.url}/invite/WELCOME16`)
    await h1(page, 'Verifying invite code')
    await shot(page, 'invite-verifying')
    release()
    await h1(page, 'Welcome, Chioma')
  })

  it('/join-community: an invited member accepts and lands on the menu', async () => {
    const [community] = await app.db.select().from(communities)
    if (!community) throw new Error('No demo community')
    // Kemi, a member with a login, is invited to the demo community (Bisi, its pending
    // invitee, has no login yet).
    await app.db
      .insert(communityMembers)
      .values({ communityId: community.id, email: 'kemi@example.com', status: 'Pending' })
    const { page } = await app.signInTab('kemi@example.com', width)
    const query = new URLSearchParams({
      community: community.id,
      communityName: community.name,
      email: 'kemi@example.com',
    })
    try {
      await page.goto(`${app.url}/join-community?${query}`)
      await h1(page, `Join ${community.name}`)
      await page.getByText('kemi@example.com').waitFor()
      await page.getByRole('link', { name: 'Maybe later' }).waitFor()
      await shot(page, 'join-idle')
      await page.getByRole('button', { name: 'Accept Invite' }).click()
      await page.waitForURL('**/menu')
      // Joined already: the invite is spent.
      await page.goto(`${app.url}/join-community?${query}`)
      await page.getByRole('button', { name: 'Accept Invite' }).click()
      await h1(page, 'Invalid invite')
      await shot(page, 'join-invalid-invite')
      // A call that cannot reach the server.
      await page.route('**/api/communities/join', (route) => route.abort())
      await page.goto(`${app.url}/join-community?${query}`)
      await page.getByRole('button', { name: 'Accept Invite' }).click()
      await h1(page, 'An error occurred while processing the request')
    } finally {
      await app.db.delete(communityMembers).where(eq(communityMembers.email, 'kemi@example.com'))
    }
  })

  it('/join-community without a login says so and goes to /login with the e-mail', async () => {
    const page = await app.openInTab(
      '/join-community?community=00000000-0000-4000-8000-00000000c001&communityName=Lagos%20Print%20Collective%20of%20Yaba%2C%20Surulere%20and%20Ikoyi%20Creatives&email=bisi%40example.com',
      width,
    )
    await h1(page, 'Log in to accept')
    await shot(page, 'join-needs-login')
    await page.clock.fastForward(3000) // on the page's clock
    await page.waitForURL('**/login?email=bisi%40example.com', { timeout: 15_000 })
  })

  it("/join-community without a community: 'Invalid Community ID' and 'Go Back Home'", async () => {
    const { page } = await app.signInTab('ada@example.com', width)
    await page.goto(`${app.url}/join-community?email=ada%40example.com`)
    await h1(page, 'Invalid Community ID')
    await shot(page, 'join-invalid-community')
    await page.getByRole('link', { name: 'Go Back Home' }).click()
    await page.waitForURL(`${app.url}/`)
  })

  it("/membership/application/received: 'All done' with the e-mail and the way to the calendar, or 'Open Menu'", async () => {
    const page = await app.openInTab(
      '/membership/application/received?email=amaka%40example.com',
      width,
    )
    await h1(page, 'All done')
    await page.getByText('amaka@example.com').waitFor()
    // No account before approval, so no 'Log in': the calendar instead.
    await expect(
      page.getByRole('link', { name: "See what's on" }).getAttribute('href'),
    ).resolves.toBe('/')
    await shot(page, 'application-received')
    const { page: member } = await app.signInTab('ada@example.com', width)
    await member.goto(`${app.url}/membership/application/received?email=ada%40example.com`)
    await member.getByRole('link', { name: 'Open Menu' }).waitFor()
  })
})
