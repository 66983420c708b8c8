import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addPeriod } from '../../machines/rules/membership'
import { runAdmin } from '../../server/admin/cli'
import { accounts, applications } from '../../server/db/schema'
import { answerCheckout, appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A whole membership, as a person and the staff live it, in Chromium against the real server: a
// visitor applies, staff approve with the admin command, the visitor logs in by the e-mailed link,
// pays for the 6-month plan in naira through the sandbox checkout and is an active member. And an
// invited person opens their invite and completes their profile.

// A Tuesday, 10:00 in Lagos.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}journey-${name}.png`, fullPage: true })

const heading = (page: Page, name: string | RegExp, level = 1) =>
  page.getByRole('heading', { name, level }).waitFor()

/** The newest login link e-mailed to `email` (a login link's, or a welcome's), as its path and query. */
async function newestLoginLink(email: string): Promise<string> {
  const links = (await app.outboxTo(email)).map(
    (entry) => /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_-]+/.exec(entry.text)?.[0],
  )
  const link = links.find(Boolean)
  if (!link) throw new Error(`No login link e-mailed to ${email}`)
  const address = new URL(link)
  return address.pathname + address.search
}

describe('a membership from the application to the first payment', () => {
  const email = 'amaka.obi@example.com'

  it('applies, is approved by staff, logs in by the link, pays in naira and is active', async () => {
    // The visitor reads about the programme and applies as an individual.
    const page = await app.open('/membership', WIDTHS.phone)
    await heading(page, 'Friends of 16')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await page.getByRole('link', { name: /Individual/ }).click()
    await heading(page, 'Apply for membership')
    await page.getByLabel('First name', { exact: true }).fill('Amaka')
    await page.getByLabel('Last name', { exact: true }).fill('Obi')
    await page.getByLabel('Date of birth', { exact: true }).fill('1992-03-08')
    await page.getByRole('button', { name: 'Next' }).click()
    await heading(page, 'Address', 2)
    await page.getByLabel('Home address').fill('12 Awolowo Road, Ikoyi')
    await page.getByLabel('Country').selectOption('Nigeria')
    await page.getByRole('button', { name: 'Next' }).click()
    await heading(page, 'Contact', 2)
    await page.getByLabel('Phone number').fill('0803 555 0101')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/membership/application/received?email=*')
    await heading(page, 'All done')
    // No account exists until staff approve: no 'Log in' to a red 'Account not found', and the
    // way on leads somewhere that works.
    await expect(page.getByRole('link', { name: 'Log in' }).count()).resolves.toBe(0)
    await page.getByText('Once it is approved, that e-mail brings your link to log in.').waitFor()
    await page.getByRole('link', { name: "See what's on" }).click()
    await page.waitForURL(`${app.url}/`)

    // Staff approve the application from the command line.
    const [application] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.email, email), eq(applications.kind, 'individual')))
    if (!application) throw new Error('The application was not stored')
    const approved = await runAdmin({ db: app.db, now: () => NOW, publicUrl: app.url }, [
      'applications',
      'approve',
      application.id,
    ])
    expect(approved.err).toBe('')
    expect(approved.code).toBe(0)

    // The welcome e-mail brings the login link: not yet a paying member, they land on the
    // bye-laws.
    await page.goto(app.url + (await newestLoginLink(email)))
    await page.waitForURL('**/bye-laws')
    await shot(page, 'bye-laws-390')

    // Their profile says the membership is not active yet (no date to have expired).
    await page.goto(`${app.url}/profile`)
    const dates = page.locator('main dl').first()
    await dates.getByText('Not active yet').waitFor()
    await expect(dates.getByText(/Expired|—/).count()).resolves.toBe(0)
    await shot(page, 'profile-not-paid-390')
    await page.goto(`${app.url}/bye-laws`)

    // They choose the 6-month plan and pay in naira through the sandbox checkout.
    await page.getByRole('link', { name: 'Get started' }).click()
    await heading(page, 'Choose your plan')
    await page.getByRole('button', { name: /6 months/ }).click()
    await page.waitForURL('**/profile/payment/confirm?plan=*')
    await page.getByRole('button', { name: 'Pay ₦250,000 by card' }).click()
    await answerCheckout(page, 'Pay', '₦250,000.00')
    await page.waitForURL('**/profile?paid=membership')

    // The account is active until six months from today, and the profile says so.
    const expiry = addPeriod(NOW, '6 months')
    const [account] = await app.db
      .select({ status: accounts.subscriptionStatus, expiry: accounts.subscriptionExpiry })
      .from(accounts)
      .where(eq(accounts.email, email))
    expect(account).toEqual({ status: 'Active', expiry })
    await page
      .getByText('Payment received. Your membership is active until May 24, 2027.')
      .waitFor()
    await page.locator('main dl').first().getByText('May 24, 2027').waitFor()
    await shot(page, 'profile-paid-390')

    // The menu shows an active member: no inactive banner, no renewal banner.
    await page.goto(`${app.url}/menu`)
    const card = page.getByRole('region', { name: 'Your membership' })
    await card.getByText('Amaka Obi').waitFor()
    await expect(card.getByRole('img', { name: 'Active member' }).count()).resolves.toBe(1)
    await expect(page.getByText('Your membership is inactive').count()).resolves.toBe(0)
    await expect(page.getByText(/Your membership expires in/).count()).resolves.toBe(0)
    await shot(page, 'menu-active-390')
  })
})

describe('an invited person', () => {
  it('opens /invite/{code} and completes their profile', async () => {
    const page = await app.open('/invite/WELCOME16', WIDTHS.desktop)
    await page
      .getByText(/Chioma/)
      .first()
      .waitFor()
    await page.getByRole('link', { name: 'Complete your profile' }).click()
    await page.waitForURL('**/membership/application?*code=WELCOME16*')
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe(
      'Chioma',
    )
    await page.getByLabel('Last name', { exact: true }).fill('Nwosu')
    await page.getByLabel('Date of birth', { exact: true }).fill('1994-09-21')
    await page.getByRole('button', { name: 'Next' }).click()
    await heading(page, 'Address', 2)
    await page.getByRole('button', { name: 'Next' }).click()
    await heading(page, 'Contact', 2)
    await page.getByLabel('Email address').fill('chioma@example.com')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/membership/application/received?email=*')
    await heading(page, 'All done')

    // The code is spent: opening the invite again says so.
    await page.goto(`${app.url}/invite/WELCOME16`)
    await page.getByText('This invite code has been used').waitFor()
    await shot(page, 'invite-used-1280')
  })
})
