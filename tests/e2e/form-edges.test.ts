import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { animationsDone, appInBrowser, handled, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// The membership and booking forms at their edges, in Chromium on the real app: a phone of four
// digits, a name pasted 5,000 characters long, an e-mail without its dot-ending. Each form says why
// beside the field, in its own words, keeps Next, Submit or Book closed and sends nothing; the
// server's validation wording ('body/... must NOT have fewer than 5 characters', 'booking › Phone
// must NOT have fewer than 5 characters.') never reaches the page.

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

/** Where a form is: the page, or the booking panel over it. */
type Scope = Page | Locator
const pageOf = (scope: Scope): Page => ('goto' in scope ? scope : scope.page())

const button = (scope: Scope, name: string) => scope.getByRole('button', { name, exact: true })
const field = (scope: Scope, label: string) => scope.getByLabel(label, { exact: true })
const chip = (scope: Scope, text: string) =>
  scope.locator('label', { hasText: new RegExp(`^${text}$`) }).first()
/** A picture of the form, once its panel has finished opening. */
async function shot(page: Page, name: string) {
  await animationsDone(page)
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

/** The message tied to a field through aria-describedby. */
async function describedText(scope: Scope, label: string): Promise<string> {
  const ids = (await field(scope, label).getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => pageOf(scope).locator(`[id="${id}"]`).innerText()),
  )
  return texts.join(' ')
}

/** Types a value and leaves the field, as a person tabbing on does. */
async function type(scope: Scope, label: string, value: string) {
  await field(scope, label).fill(value)
  await field(scope, label).blur()
}

/** Counts the calls a form makes to any of `paths` from now on. */
function callsTo(page: Page, ...paths: string[]) {
  let calls = 0
  page.on('request', (request) => {
    if (paths.includes(new URL(request.url()).pathname)) calls += 1
  })
  return () => calls
}

async function expectNoServerWording(page: Page) {
  expect(await page.locator('body').innerText()).not.toMatch(SERVER_WORDING)
}

/** Enter in a field (the form's own submit) and a tap on the disabled button: nothing is sent. */
async function trySending(scope: Scope, label: string, buttonName: string) {
  await expect(button(scope, buttonName).isDisabled()).resolves.toBe(true)
  await field(scope, label).press('Enter')
  await button(scope, buttonName).click({ force: true })
  // Had the form sent a call, it has started by now.
  await handled(pageOf(scope))
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

/** The calls a booking would make: a card payment, a booking, a wallet debit. */
const BOOKING_CALLS = ['/api/payments/initiate', '/api/bookings/rsvp']

/**
 * A guest's details at their edges, typed into a booking panel, each field saying why: the phone
 * only once the person leaves it ('0803' may be a number still being typed).
 */
async function typeEdgeDetails(dialog: Locator) {
  await type(dialog, 'Email Address', NO_DOT_EMAIL)
  await type(dialog, 'Name', LONG_NAME)
  await field(dialog, 'Phone Number').fill(SHORT_PHONE)
  await expect(
    field(dialog, 'Phone Number').evaluate((el) => el === document.activeElement),
  ).resolves.toBe(true)
  await expect(describedText(dialog, 'Phone Number')).resolves.toBe('')
  await expect(dialog.getByText(PHONE_SHORT).count()).resolves.toBe(0)
  await field(dialog, 'Phone Number').press('Tab')
  await dialog.getByText(PHONE_SHORT).waitFor()
  await expect(describedText(dialog, 'Email Address')).resolves.toBe(EMAIL_INVALID)
  await expect(describedText(dialog, 'Name')).resolves.toBe(TOO_LONG)
  await expect(describedText(dialog, 'Phone Number')).resolves.toBe(PHONE_SHORT)
}

/** The same details mended: the messages were the only thing in the way. */
async function mendDetails(dialog: Locator, name: string) {
  await type(dialog, 'Email Address', `oluwaseun.${name}@gmail.com`)
  await type(dialog, 'Name', 'Oluwaseun Adebayo-Williams')
  await type(dialog, 'Phone Number', '0803 555 0144')
  for (const label of ['Email Address', 'Name', 'Phone Number']) {
    await expect(describedText(dialog, label)).resolves.toBe('')
  }
}

describe.each([
  ['phone', WIDTHS.phone],
  ['desktop', WIDTHS.desktop],
] as const)('the booking forms at their edges, on a %s', (name, width) => {
  it("co-working: each detail and a guest's name say why, and nothing is sent", async () => {
    const page = await app.openInTab('/co-working', width)
    const calls = callsTo(page, ...BOOKING_CALLS)
    await button(page.getByRole('main'), 'Book').click()
    const dialog = page.getByRole('dialog', { name: 'Book now' })
    await dialog.waitFor()
    // The day's card reads 'Tomorrow' over its date.
    await dialog.locator('label').filter({ hasText: 'Tomorrow' }).first().click()
    await chip(dialog, 'Library').click()

    await typeEdgeDetails(dialog)
    await button(dialog, 'Add a guest').click()
    await type(dialog, "Guest 1's name", LONG_NAME)
    await expect(describedText(dialog, "Guest 1's name")).resolves.toBe(TOO_LONG)
    await dialog
      .getByText(
        "Add a valid email address, then correct your name, your phone number and your guests' names.",
        { exact: true },
      )
      .waitFor()
    await trySending(dialog, 'Phone Number', 'Book')
    await shot(page, `form-edges-coworking-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)

    await mendDetails(dialog, name)
    await type(dialog, "Guest 1's name", 'Efe Okoro')
    await expect(describedText(dialog, "Guest 1's name")).resolves.toBe('')
    await expect(button(dialog, 'Book').isDisabled()).resolves.toBe(false)
  })

  it('a paid ticket: each detail and the answers say why, and nothing is sent', async () => {
    const page = await app.openInTab('/event/photo-walk-lagos-island', width)
    const calls = callsTo(page, ...BOOKING_CALLS)
    await button(page.getByRole('main'), 'Buy Ticket').click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()

    await typeEdgeDetails(dialog)
    await type(dialog, 'Instagram handle (optional)', LONG_NAME)
    await expect(describedText(dialog, 'Instagram handle (optional)')).resolves.toBe(
      'Shorten your answers by at least 1,023 characters.',
    )
    await dialog
      .getByText(
        'To continue, enter a valid email address, then correct your name and your phone number, then shorten your answers.',
        { exact: true },
      )
      .waitFor()
    await trySending(dialog, 'Phone Number', 'Pay ₦5,000 by card')
    await shot(page, `form-edges-rsvp-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)

    await mendDetails(dialog, name)
    await type(dialog, 'Instagram handle (optional)', '@oluwaseun')
    await expect(button(dialog, 'Pay ₦5,000 by card').isDisabled()).resolves.toBe(false)
  })

  it('the print studio and its Book again: each detail says why, and nothing is sent', async () => {
    const page = await app.openInTab('/print-studio', width)
    const calls = callsTo(page, ...BOOKING_CALLS)
    await button(page.getByRole('main'), 'Book').click()
    const dialog = page.getByRole('dialog', { name: 'Book the print studio' })
    await dialog.waitFor()
    await field(dialog, 'Day').selectOption({ label: 'Tomorrow' })
    await dialog.getByText('2pm - 6pm', { exact: true }).click()

    await typeEdgeDetails(dialog)
    await trySending(dialog, 'Phone Number', 'Book')
    await shot(page, `form-edges-print-studio-${width}`)
    await expectNoServerWording(page)
    expect(calls()).toBe(0)
    await mendDetails(dialog, name)
    await expect(button(dialog, 'Book').isDisabled()).resolves.toBe(false)

    // 'Book again' on the booked page: the same fields, the same words.
    const booked = await app.openInTab(
      '/booked-printstudio?email=bola%40example.com&name=Bola%20Ade&day=2026-11-25&type=print-studio&phone=&time=2pm%20-%206pm',
      width,
    )
    const rebookCalls = callsTo(booked, ...BOOKING_CALLS)
    await button(booked, 'Book again').click()
    const rebook = booked.getByRole('dialog', { name: 'Book again' })
    await rebook.waitFor()
    await field(rebook, 'Day').selectOption({ label: 'Thursday, November 26' })
    await rebook.getByText('10am - 2pm', { exact: true }).click()
    await typeEdgeDetails(rebook)
    await trySending(rebook, 'Phone Number', 'Book')
    await shot(booked, `form-edges-studio-rebook-${width}`)
    await expectNoServerWording(booked)
    expect(rebookCalls()).toBe(0)
  })
})

describe('a request the server refuses for its contract', () => {
  it("says which answer to check, never the server's validation text (an older app in a tab left open)", async () => {
    const page = await app.openInTab('/co-working', WIDTHS.phone)
    // The app of last week, whose rules let '0803' through: its request reaches today's server.
    await page.route('**/api/payments/initiate', (route) => {
      const body = route.request().postDataJSON() as { booking: { Phone: string } }
      body.booking.Phone = SHORT_PHONE
      return route.continue({ postData: JSON.stringify(body) })
    })
    await button(page.getByRole('main'), 'Book').click()
    const dialog = page.getByRole('dialog', { name: 'Book now' })
    await dialog.locator('label').filter({ hasText: 'Tomorrow' }).first().click()
    await chip(dialog, 'Library').click()
    await type(dialog, 'Email Address', 'oluwaseun.adebayowilliams@example.org')
    await type(dialog, 'Name', 'Oluwaseun Adebayo-Williams')
    await type(dialog, 'Phone Number', '0803 555 0142')
    const refused = page.waitForResponse('**/api/payments/initiate')
    await button(dialog, 'Book').click()
    expect((await refused).status()).toBe(400)
    await dialog.getByText('Please check the phone number and try again.').waitFor()
    await expectNoServerWording(page)
    await expect(page.locator('body').innerText()).resolves.not.toContain('booking ›')
    await animationsDone(page)
    await page.screenshot({ path: `${SCREENSHOTS}form-edges-contract-refusal-phone.png` })
    expect(await layoutProblems(page)).toEqual([])
    await page.unrouteAll()
  })
})

describe('an address that is no one’s, as the HTML standard’s rule for e-mail reads it', () => {
  it('the login form says why for a display name in quotes and brackets, and sends nothing', async () => {
    const page = await app.openInTab('/login', WIDTHS.phone)
    const calls = callsTo(page, '/api/accounts/login')
    await type(page, 'Email Address', '"x"<victim@evil.example>')
    await expect(describedText(page, 'Email Address')).resolves.toBe(EMAIL_INVALID)
    await trySending(page, 'Email Address', 'Send Login Link')
    expect(calls()).toBe(0)
    // A real guest's address, tagged and with an apostrophe, goes.
    await type(page, 'Email Address', "o'brien+friends@example.ie")
    await expect(describedText(page, 'Email Address')).resolves.toBe('')
    await expect(button(page, 'Send Login Link').isDisabled()).resolves.toBe(false)
  })
})
