import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts, communities } from '../../server/db/schema'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A community application never lowers anyone, in Chromium against the real server: Kemi, an
// active member (12 days left), logs in by the e-mailed link as a person does, applies for a
// community, and is still an active member on the menu, her profile and her wallet, before and
// after her next login. The 'All done' page and the e-mail say the same: the community is set up
// and waits for its payment.

// A Tuesday, 10:00 in Lagos.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)
const KEMI = 'kemi@example.com'
const INACTIVE = 'Your membership is inactive'

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${SCREENSHOTS}community-application-member-${name}.png`,
    fullPage: true,
  })

const h1 = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor()

/** A choice chip: the label around its radio. */
const chip = (page: Page, name: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) })

/** Logs in from the login page with the link the server e-mailed (the dev outbox lists it). */
async function logInByLink(page: Page, email: string, landing: string) {
  await page.goto(`${app.url}/login`)
  await h1(page, 'Log in')
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('button', { name: 'Send Login Link' }).click()
  await page.waitForURL('**/login-sent?email=*')
  const mail = (await app.outboxTo(email)).find(
    (entry) => entry.subject === 'Your login link for Friends of 16',
  )
  const link = /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`No login link e-mailed to ${email}`)
  const address = new URL(link)
  await page.goto(app.url + address.pathname + address.search)
  await page.waitForURL(`**${landing}`)
}

/** The menu's member card once it has read Kemi's community (her creator's star shows). */
async function expectActiveMenu(page: Page) {
  await page.goto(`${app.url}/menu`)
  const card = page.getByRole('region', { name: 'Your membership' })
  await card.getByText('Kemi Adeyemi').waitFor()
  await card.getByRole('img', { name: 'Community creator' }).waitFor()
  // Active: her own renewal warning (yellow), not the red inactive banner.
  await page.getByText('Your membership expires in 12 days').waitFor()
  await expect(page.getByText(INACTIVE).count()).resolves.toBe(0)
  await expect(card.getByRole('img', { name: 'Active member' }).count()).resolves.toBe(1)
  await expect(card.getByRole('img', { name: 'Membership inactive' }).count()).resolves.toBe(0)
  await expect(card.getByText('Inactive', { exact: true }).count()).resolves.toBe(0)
}

describe('an active member applies for a community', () => {
  it('Kemi (active) applies for a community: still active afterwards, menu not red', async () => {
    const [before] = await app.db.select().from(accounts).where(eq(accounts.email, KEMI))
    expect(before?.subscriptionStatus).toBe('Active')

    // She logs in: an active member lands on the menu.
    const page = await app.tab(WIDTHS.phone)
    await logInByLink(page, KEMI, '/menu')
    await page.getByText('Your membership expires in 12 days').waitFor()

    // Signed in, the application asks only for the community.
    await page.goto(`${app.url}/membership/community-application`)
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await page.getByLabel('Community name').fill('Yaba Zine Club')
    await chip(page, '4 people').click()
    await page
      .getByLabel('What does your community do?')
      .fill('Zine makers meeting monthly to print and swap.')
    await page.getByLabel('What does it aim to achieve?').fill('A zine library open to students.')
    await chip(page, 'No').click()
    await page.getByRole('button', { name: 'Submit', exact: true }).click()

    // 'All done' says what is true for her: set up, waiting for its payment, hers unchanged.
    await page.waitForURL(
      /\/membership\/application\/received\?email=kemi%40example\.com&community=set-up$/,
    )
    await h1(page, 'All done')
    await page.getByText('Community set up').waitFor()
    await page.getByText(/Your community is set up: there is nothing more to review/).waitFor()
    await page.getByText(/Until then your own membership stays as it is/).waitFor()
    await expect(page.getByText(/has been read/).count()).resolves.toBe(0)
    await expect(
      page.getByRole('link', { name: 'Pay for your community' }).getAttribute('href'),
    ).resolves.toBe('/profile/payment')
    await shot(page, 'received-390')

    // The e-mail says the same.
    const mail = (await app.outboxTo(KEMI)).find((entry) =>
      entry.subject.includes('Yaba Zine Club'),
    )
    expect(mail?.subject).toBe("Your community 'Yaba Zine Club' is set up")
    expect(mail?.text).toContain(
      'is set up: there is nothing more to review, it waits for its payment.',
    )
    expect(mail?.text).toContain('you are an active member, as before.')

    // The community waits for its payment; her account is as it was.
    const [community] = await app.db
      .select()
      .from(communities)
      .where(eq(communities.creatorEmail, KEMI))
    expect(community?.status).toBe('Community - Pending')
    const [after] = await app.db.select().from(accounts).where(eq(accounts.email, KEMI))
    expect(after?.subscriptionStatus).toBe('Active')
    expect(after?.subscriptionExpiry).toEqual(before?.subscriptionExpiry)

    // The menu is not red.
    await page.getByRole('link', { name: 'Open Menu' }).click()
    await page.waitForURL('**/menu')
    await expectActiveMenu(page)
    await shot(page, 'menu-390')

    // Her profile: active, her own expiry, no 'Expired —'.
    await page.goto(`${app.url}/profile`)
    await page
      .getByText(/Yaba Zine Club/)
      .first()
      .waitFor()
    await page.getByText('Expires', { exact: true }).waitFor()
    await page.getByText('Dec 6, 2026').first().waitFor()
    await expect(page.getByText('Expired', { exact: true }).count()).resolves.toBe(0)
    await expect(page.getByText(INACTIVE).count()).resolves.toBe(0)
    await expect(page.getByText('Suspended', { exact: true }).count()).resolves.toBe(0)
    await shot(page, 'profile-390')

    // Her wallet can be funded.
    await page.goto(`${app.url}/profile/wallet`)
    await page.getByRole('button', { name: 'Fund Wallet' }).waitFor()
    await expect(page.getByRole('button', { name: 'Wallet suspended' }).count()).resolves.toBe(0)
    await shot(page, 'wallet-390')

    // Her next login, in a new window: still an active member, so the menu (not the bye-laws).
    const again = await app.tab(WIDTHS.desktop)
    await logInByLink(again, KEMI, '/menu')
    await expectActiveMenu(again)
    await again.goto(`${app.url}/profile/wallet`)
    await again.getByRole('button', { name: 'Fund Wallet' }).waitFor()
    await expect(again.getByRole('button', { name: 'Wallet suspended' }).count()).resolves.toBe(0)
  })
})
