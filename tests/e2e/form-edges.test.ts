import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// The membership forms at their edges, in Chromium on the real app: a phone of four digits, a
// name pasted 5,000 characters long, an e-mail without its dot-ending. Each form says why beside
// the field, in its own words, keeps Next or Submit closed and sends nothing; the server's
// validation wording ('body/... must NOT have fewer than 5 characters') never reaches the page.

// A Tuesday, 10:00 in Lagos.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

const LONG_NAME = 'Oluwaseun'.repeat(556).slice(0, 5000)
const SHORT_PHONE = '0803'
const NO_DOT_EMAIL = 'oluwaseun.adebayowilliams@gmail'

const TOO_LONG = 'Use at most 120 characters; this has 5,000.'
const PHONE_SHORT = 'Enter a phone number with at least 5 digits.'
const EMAIL_INVALID = 'Please enter a valid email address.'
/** How the server's schema validation words a refusal; a person must never read it. */
const SERVER_WORDING = /must NOT have|must match|body\//

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const chip = (page: Page, text: string) =>
  page.locator('label', { hasText: new RegExp(`^${text}$`) }).first()
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })

/** The message tied to a field through aria-describedby. */
async function describedText(page: Page, label: string): Promise<string> {
  const ids = (await field(page, label).getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  )
  return texts.join(' ')
}

/** Types a value and leaves the field, as a person tabbing on does. */
async function type(page: Page, label: string, value: string) {
  await field(page, label).fill(value)
  await field(page, label).blur()
}

/** Counts the calls a form makes to `path` from now on. */
function callsTo(page: Page, path: string) {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls += 1
  })
  return () => calls
}

async function expectNoServerWording(page: Page) {
  expect(await page.locator('body').innerText()).not.toMatch(SERVER_WORDING)
}

/** Enter in a field (the form's own submit) and a tap on the disabled button: nothing is sent. */
async function trySending(page: Page, label: string, buttonName: string) {
  await expect(button(page, buttonName).isDisabled()).resolves.toBe(true)
  await field(page, label).press('Enter')
  await button(page, buttonName).click({ force: true })
  // Time for a call to start, had the form sent one.
  await page.waitForTimeout(300)
}

describe.each([
  ['phone', WIDTHS.phone],
  ['desktop', WIDTHS.desktop],
] as const)('the membership forms at their edges, on a %s', (name, width) => {
  it('the individual application: each field says why, and nothing is sent', async () => {
    const page = await app.openInTab('/membership/application', width)
    const calls = callsTo(page, '/api/applications/create-application')
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()

    await type(page, 'First name', LONG_NAME)
    await type(page, 'Last name', 'Adebayo-Williams')
    await type(page, 'Date of birth', '1991-03-14')
    await expect(describedText(page, 'First name')).resolves.toBe(TOO_LONG)
    await page.getByText('Correct the first name to continue.').waitFor()
    await trySending(page, 'Last name', 'Next')
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()
    await shot(page, `form-edges-application-name-${width}`)
    await expectNoServerWording(page)

    await type(page, 'First name', 'Oluwaseun')
    await button(page, 'Next').click()
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor()
    await button(page, 'Next').click()
    await page.getByRole('heading', { name: 'Contact', level: 2 }).waitFor()

    await type(page, 'Phone number', SHORT_PHONE)
    await type(page, 'Email address', NO_DOT_EMAIL)
    await type(page, 'Emergency contact phone', SHORT_PHONE)
    await expect(describedText(page, 'Phone number')).resolves.toBe(PHONE_SHORT)
    await expect(describedText(page, 'Emergency contact phone')).resolves.toBe(PHONE_SHORT)
    await expect(describedText(page, 'Email address')).resolves.toBe(EMAIL_INVALID)
    await trySending(page, 'Phone number', 'Submit')
    await shot(page, `form-edges-application-contact-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)

    // Mended, the same form goes: the messages were the only thing in the way.
    await type(page, 'Phone number', '0803 555 0144')
    await type(page, 'Emergency contact phone', '0803 555 0145')
    await type(page, 'Email address', `oluwaseun.${name}@gmail.com`)
    await expect(describedText(page, 'Phone number')).resolves.toBe('')
    await expect(button(page, 'Submit').isDisabled()).resolves.toBe(false)
  })

  it('the community application: each field says why, and nothing is sent', async () => {
    const page = await app.openInTab('/membership/community-application', width)
    const calls = callsTo(page, '/api/communities/create')
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()

    await type(page, 'Community name', LONG_NAME)
    await chip(page, '6 people').click()
    await type(page, 'What does your community do?', 'Monthly readings in Yaba')
    await type(page, 'What does it aim to achieve?', 'A printed anthology')
    await chip(page, 'No').click()
    await expect(describedText(page, 'Community name')).resolves.toBe(TOO_LONG)
    await page.getByText('Shorten community name to continue.').waitFor()
    await trySending(page, 'Community name', 'Next')
    await shot(page, `form-edges-community-name-${width}`)
    await expectNoServerWording(page)

    await type(page, 'Community name', 'Yaba Readers')
    await button(page, 'Next').click()
    await page.getByRole('heading', { name: 'Personal Info', level: 2 }).waitFor()

    await type(page, 'First name', LONG_NAME)
    await type(page, 'Last name', 'Adebayo-Williams')
    await type(page, 'Date of birth', '1991-03-14')
    await type(page, 'Phone number', SHORT_PHONE)
    await type(page, 'Email address', NO_DOT_EMAIL)
    await expect(describedText(page, 'First name')).resolves.toBe(TOO_LONG)
    await expect(describedText(page, 'Phone number')).resolves.toBe(PHONE_SHORT)
    await expect(describedText(page, 'Email address')).resolves.toBe(EMAIL_INVALID)
    await page
      .getByText(/^Correct the first name, phone number and email address to submit\.$/)
      .waitFor()
    await trySending(page, 'Phone number', 'Submit')
    await shot(page, `form-edges-community-personal-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)
  })

  it('member signup: each field says why, and nothing is sent', async () => {
    const page = await app.openInTab(
      '/member-signup?community=00000000-0000-4000-8000-0000000c0001&name=Lagos%20Poets&email=bisi%40example.com',
      width,
    )
    const calls = callsTo(page, '/api/accounts/signup-as-community-member')
    await page.getByRole('heading', { name: 'Your profile', level: 2 }).waitFor()

    await type(page, 'First name', LONG_NAME)
    await type(page, 'Last name', 'Adeyemi')
    await chip(page, 'She/Her').click()
    await type(page, 'Date of birth', '1992-07-30')
    await type(page, 'Occupation', 'Architect')
    await type(page, 'Company name', 'Studio Eko')
    await field(page, 'Nationality').selectOption('Nigerian')
    await type(page, 'Home address', '12 Bourdillon Road, Ikoyi')
    await field(page, 'Country').selectOption('Nigeria')
    await type(page, 'Phone number', SHORT_PHONE)
    await type(page, 'Social link', 'https://instagram.com/bisi')
    await type(page, 'Emergency contact name', 'Tayo Adeyemi')
    await field(page, 'Relationship').selectOption('Sibling')
    await type(page, 'Emergency contact phone', '0803 555 0145')
    await type(page, 'Who referred you?', 'Zainab')
    await expect(describedText(page, 'First name')).resolves.toBe(TOO_LONG)
    await expect(describedText(page, 'Phone number')).resolves.toBe(PHONE_SHORT)
    await page.getByText('Correct the first name and phone number to submit.').waitFor()
    await trySending(page, 'Phone number', 'Submit')
    await shot(page, `form-edges-member-signup-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)

    // The e-mail comes with the invite: one without its dot-ending makes the link incomplete.
    await page.goto(
      `${app.url}/member-signup?community=00000000-0000-4000-8000-0000000c0001&email=${encodeURIComponent(NO_DOT_EMAIL)}`,
    )
    await page.getByText(/This invite link is incomplete/).waitFor()
    await expectNoServerWording(page)
  })
})
