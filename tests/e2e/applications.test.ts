import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { communities } from '../../server/db/schema'
import { DEMO_COMMUNITY_NAME } from '../../server/db/seed'
import { appInBrowser, hydrated, SCREENSHOTS, WIDTHS } from '../support/browser'

// The membership applications in Chromium on the real app: the individual wizard (with and
// without an invite code), the community application (signed out and signed in) and member signup.

// A Tuesday, 10:00 in Lagos.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name })
const isDisabled = (page: Page, name: string | RegExp) => button(page, name).isDisabled()
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')
/**
 * Next, then the moment the new step is its own history entry: the router pushes it a moment
 * after the step shows, and the browser's Back pressed before would leave the page.
 */
async function nextAsItsOwnEntry(page: Page) {
  const entries = await page.evaluate(() => history.length)
  await button(page, 'Next').click()
  await page.waitForFunction((before) => history.length > before, entries)
}
const chip = (page: Page, text: string) => page.locator('label', { hasText: text }).first()

/** The error tied to a field through aria-describedby. */
async function describedText(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  )
  return texts.join(' ')
}

async function fillProfile(page: Page, { last = 'Okafor', dob = '1990-04-12' } = {}) {
  await page.getByLabel('Last name', { exact: true }).fill(last)
  await page.getByLabel('Date of birth', { exact: true }).fill(dob)
}

describe('/membership/application', () => {
  it('walks Profile, Address and Contact, then sends the application', async () => {
    const page = await app.openInTab('/membership/application?name=Tolu', WIDTHS.phone)
    await page.getByRole('heading', { name: 'Apply for membership', level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()
    // The name in the address prefills the first name; the step indicator marks step 1.
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('Tolu')
    await expect(page.locator('[aria-current="step"]').textContent()).resolves.toMatch(
      /Step 1 of 3.*Profile/s,
    )
    await expect(isDisabled(page, 'Previous')).resolves.toBe(true)
    await expect(isDisabled(page, 'Next')).resolves.toBe(true)
    await expect(
      page.getByText(/Fill in last name and date of birth to continue/).count(),
    ).resolves.toBe(1)

    // A date of birth after today is refused, with the reason tied to the field.
    await page.getByLabel('Last name', { exact: true }).fill('Ade')
    await page.getByLabel('Date of birth', { exact: true }).fill('2026-12-01')
    await expect(describedText(page, 'Date of birth')).resolves.toBe(
      'Date of birth cannot be after today.',
    )
    await expect(isDisabled(page, 'Next')).resolves.toBe(true)
    await shot(page, 'application-profile-error-390')
    await page.getByLabel('Date of birth', { exact: true }).fill('1995-06-15')
    await expect(isDisabled(page, 'Next')).resolves.toBe(false)
    await page.getByLabel(/Company name/).fill('')
    await chip(page, 'They/Them').click()
    await page.getByLabel('Nationality').selectOption('Nigerian')
    await shot(page, 'application-profile-390')

    // Next by keyboard: Enter in a field; focus lands on the new step's heading.
    await page.getByLabel('Occupation').press('Enter')
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor()
    await expect(focusedText(page)).resolves.toBe('Address')
    await expect(isDisabled(page, 'Previous')).resolves.toBe(false)
    await page.getByLabel('Home address').fill('3 Alfred Rewane Road, Ikoyi')
    await page.getByLabel('Country').selectOption('Nigeria')
    // Previous keeps what was typed.
    await button(page, 'Previous').click()
    await expect(focusedText(page)).resolves.toBe('Profile')
    await expect(page.getByLabel('Last name', { exact: true }).inputValue()).resolves.toBe('Ade')
    await button(page, 'Next').click()
    await expect(page.getByLabel('Home address').inputValue()).resolves.toBe(
      '3 Alfred Rewane Road, Ikoyi',
    )
    await button(page, 'Next').click()
    await page.getByRole('heading', { name: 'Contact', level: 2 }).waitFor()

    // Submit needs a valid e-mail.
    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    await page.getByLabel('Email address').fill('tolu@example')
    await page.getByLabel('Phone number').focus()
    await expect(describedText(page, 'Email address')).resolves.toBe(
      'Please enter a valid email address.',
    )
    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    await page.getByLabel('Email address').fill('tolu.ade@example.com')
    await page.getByLabel('Relationship').selectOption('Sibling')
    await shot(page, 'application-contact-390')

    // While sending, the button reads 'Please wait'; the request is held to see it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let body: Record<string, unknown> = {}
    await page.route('**/api/applications/create-application', async (route) => {
      body = route.request().postDataJSON()
      await held
      await route.continue()
    })
    await button(page, 'Submit').click()
    await button(page, 'Please wait').waitFor()
    await expect(isDisabled(page, 'Please wait')).resolves.toBe(true)
    release()
    await page.waitForURL(/\/membership\/application\/received\?email=tolu\.ade%40example\.com$/)
    expect(body).toMatchObject({
      'First Name': 'Tolu',
      'Last Name': 'Ade',
      Pronouns: 'they/them',
      'Date of Birth': '1995-06-15',
      'Company Name': null,
      Nationality: 'Nigerian',
      Country: 'Nigeria',
      'Email Address': 'tolu.ade@example.com',
      'Emergency Contact Relationship': 'Sibling',
    })
    expect(body).not.toHaveProperty('Status')
  })

  it('claims the invite when the address carries a code', async () => {
    const page = await app.openInTab('/membership/application?name=Chioma&code=WELCOME16')
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()
    await fillProfile(page, { last: 'Eze' })
    await button(page, 'Next').click()
    await button(page, 'Next').click()
    await page.getByLabel('Email address').fill('chioma@example.com')
    await shot(page, 'application-contact-1280')
    const request = page.waitForRequest('**/api/invites/claim/WELCOME16')
    await button(page, 'Submit').click()
    expect((await request).method()).toBe('POST')
    await page.waitForURL(/\/membership\/application\/received\?email=chioma%40example\.com$/)
  })

  it('keeps everything typed when the send fails, and says why', async () => {
    const page = await app.openInTab('/membership/application')
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()
    await page.getByLabel('First name', { exact: true }).fill('Ngozi')
    await fillProfile(page)
    await button(page, 'Next').click()
    await button(page, 'Next').click()
    await page.getByLabel('Email address').fill('ngozi@example.com')
    await page.route('**/api/applications/create-application', (route) => route.abort())
    await button(page, 'Submit').click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not send your application' })
      .waitFor()
    await expect(isDisabled(page, 'Submit')).resolves.toBe(false)
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('ngozi@example.com')
    await button(page, 'Previous').click()
    await button(page, 'Previous').click()
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('Ngozi')
  })
  it("follows the browser's Back through its steps, and keeps the step and what was typed through a reload", async () => {
    const page = await app.openInTab('/membership/application', WIDTHS.phone)
    const heading = (name: string) => page.getByRole('heading', { name, level: 2 })
    const field = (label: string) => page.getByLabel(label, { exact: true })
    await heading('Profile').waitFor()
    await field('First name').fill('Oluwaseun')
    await fillProfile(page, { last: 'Adebayo-Williams' })
    await page.getByLabel('Nationality').selectOption('Nigerian')
    await nextAsItsOwnEntry(page)
    await heading('Address').waitFor()

    // The phone's Back on step 2 shows step 1, as it was left; Next goes on again.
    await page.goBack()
    await heading('Profile').waitFor()
    expect(new URL(page.url()).pathname).toBe('/membership/application')
    await expect(field('Last name').inputValue()).resolves.toBe('Adebayo-Williams')
    await button(page, 'Next').click()
    await page.getByLabel('Home address').fill('7 Glover Road, Ikoyi')
    await button(page, 'Next').click()
    await page.getByLabel('Email address').fill('oluwaseun.adebayowilliams@example.org')

    // The phone reloads the page (a tab it had put away, a tap on reload): still step 3, and
    // nothing is lost. The app fills the server's empty form in once it has started.
    await page.reload()
    await heading('Contact').waitFor()
    await expect
      .poll(() => field('Email address').inputValue())
      .toBe('oluwaseun.adebayowilliams@example.org')
    await expect(page.locator('[aria-current="step"]').textContent()).resolves.toMatch(
      /Step 3 of 3/,
    )
    await shot(page, 'application-reloaded-on-contact-390')
    // Previous, twice: the answers of the steps before are there.
    await button(page, 'Previous').click()
    await expect(field('Home address').inputValue()).resolves.toBe('7 Glover Road, Ikoyi')
    await button(page, 'Previous').click()
    await expect(field('First name').inputValue()).resolves.toBe('Oluwaseun')
    await expect(field('Date of birth').inputValue()).resolves.toBe('1990-04-12')
    await expect(field('Nationality').inputValue()).resolves.toBe('Nigerian')
    await button(page, 'Next').click()
    await button(page, 'Next').click()
    await expect(field('Email address').inputValue()).resolves.toBe(
      'oluwaseun.adebayowilliams@example.org',
    )

    await button(page, 'Submit').click()
    await page.waitForURL(
      /\/membership\/application\/received\?email=oluwaseun\.adebayowilliams%40example\.org$/,
    )
    // Sent: the next application starts empty.
    await page.goto(`${new URL(page.url()).origin}/membership/application`)
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor()
    await hydrated(page)
    await expect(field('Last name').inputValue()).resolves.toBe('')
    await expect(page.evaluate(() => sessionStorage.getItem('draft:application'))).resolves.toBe(
      null,
    )
  })
})

describe('/membership/community-application', () => {
  it('asks a visitor for the community, then for themselves, and sends both', async () => {
    const page = await app.openInTab('/membership/community-application', WIDTHS.desktop)
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await expect(page.getByRole('link', { name: 'Menu' }).getAttribute('href')).resolves.toBe(
      '/menu',
    )
    await expect(
      page.getByRole('link', { name: /home/i }).first().getAttribute('href'),
    ).resolves.toBe('/')
    await expect(page.locator('[aria-current="step"]').textContent()).resolves.toMatch(
      /Step 1 of 2.*Community Info/s,
    )
    await expect(isDisabled(page, 'Previous')).resolves.toBe(true)
    await expect(isDisabled(page, 'Next')).resolves.toBe(true)

    await page.getByLabel('Community name').fill('Surulere Sketch Club')
    // More than 8 people: the support address, and no way on.
    await chip(page, 'More than 8').click()
    const support = page.getByText(/contact hello@sixteen\.ng for a customised application/)
    await support.waitFor()
    await page.getByLabel('What does your community do?').fill('Weekly life drawing sessions.')
    await page.getByLabel('What does it aim to achieve?').fill('A group show in 2027.')
    await chip(page, 'No').click()
    await expect(isDisabled(page, 'Next')).resolves.toBe(true)
    await shot(page, 'community-application-support-1280')
    await chip(page, '6 people').click()
    await expect(support.count()).resolves.toBe(0)
    await nextAsItsOwnEntry(page)
    await page.getByRole('heading', { name: 'Personal Info', level: 2 }).waitFor()
    await expect(focusedText(page)).resolves.toBe('Personal Info')
    // The browser's Back on step 2 shows step 1 as it was left; Next goes on again.
    await page.goBack()
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await expect(page.getByLabel('Community name').inputValue()).resolves.toBe(
      'Surulere Sketch Club',
    )
    await button(page, 'Next').click()
    await page.getByRole('heading', { name: 'Personal Info', level: 2 }).waitFor()

    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    await page.getByLabel('First name', { exact: true }).fill('Kunle')
    await fillProfile(page, { last: 'Bakare', dob: '1988-09-09' })
    await chip(page, 'He/Him').click()
    await page.getByLabel('Email address').fill('kunle@example.com')
    await page.getByLabel('Relationship').selectOption('Friend')
    await shot(page, 'community-application-personal-1280')
    const request = page.waitForRequest('**/api/communities/create')
    await button(page, 'Submit').click()
    const sent = (await request).postDataJSON()
    expect(sent).toMatchObject({
      communityName: 'Surulere Sketch Club',
      aboutCommunity: 'Weekly life drawing sessions.',
      communityGoals: 'A group show in 2027.',
      registered: false,
      numberOfMembers: 6,
      creatorEmail: 'kunle@example.com',
      application: {
        'First Name': 'Kunle',
        Pronouns: 'he/him',
        'Date of Birth': '1988-09-09',
        'Emergency Contact Relationship': 'Friend',
        Status: 'Community - Pending',
      },
    })
    await page.waitForURL(/\/membership\/application\/received\?email=kunle%40example\.com$/)
  })

  it('keeps the community’s answers and the person’s through a reload', async () => {
    const page = await app.openInTab('/membership/community-application', WIDTHS.phone)
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await page.getByLabel('Community name').fill('Yaba Zine Club')
    await chip(page, '4 people').click()
    await page.getByLabel('What does your community do?').fill('We make a zine a month.')
    await page.getByLabel('What does it aim to achieve?').fill('A library of Lagos zines.')
    await chip(page, 'Yes').click()
    await button(page, 'Next').click()
    await page.getByLabel('First name', { exact: true }).fill('Funmi')

    await page.reload()
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await expect(page.getByLabel('Community name').inputValue()).resolves.toBe('Yaba Zine Club')
    await expect(page.getByRole('radio', { name: '4 people' }).isChecked()).resolves.toBe(true)
    await expect(page.getByRole('radio', { name: 'Yes' }).isChecked()).resolves.toBe(true)
    await expect(page.getByLabel('What does it aim to achieve?').inputValue()).resolves.toBe(
      'A library of Lagos zines.',
    )
    await button(page, 'Next').click()
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('Funmi')
  })

  it('tells an applicant with an account to log in, then goes to /login 5 s later', async () => {
    const page = await app.openInTab('/membership/community-application', WIDTHS.phone)
    await page.getByLabel('Community name').fill('Ada’s Book Circle')
    await chip(page, '4 people').click()
    await page.getByLabel('What does your community do?').fill('We read.')
    await page.getByLabel('What does it aim to achieve?').fill('We read more.')
    await chip(page, 'Yes').click()
    await button(page, 'Next').click()
    await page.getByLabel('First name', { exact: true }).fill('Ada')
    await fillProfile(page)
    await page.getByLabel('Email address').fill('ada@example.com')
    await button(page, 'Submit').click()
    await page
      .getByText('Account already exists. Log in before applying for community membership.')
      .waitFor()
    await shot(page, 'community-application-account-exists-390')
    // The 5 s pass on the page's clock (the model tests prove the delay).
    await page.clock.fastForward(5000)
    await page.waitForURL(/\/login/, { timeout: 10_000 })
  })

  it('asks a signed-in member only for the community', async () => {
    const { page } = await app.signInTab('ada@example.com', WIDTHS.phone)
    await page.goto(`${app.url}/membership/community-application`)
    await page.getByRole('heading', { name: 'Community Info', level: 2 }).waitFor()
    await expect(page.locator('[aria-current="step"]').count()).resolves.toBe(0)
    await expect(button(page, 'Next').count()).resolves.toBe(0)
    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    await page.getByLabel('Community name').fill('Ikoyi Runners')
    await chip(page, '8 people').click()
    await page.getByLabel('What does your community do?').fill('Saturday 10k.')
    await page.getByLabel('What does it aim to achieve?').fill('The Lagos marathon.')
    await chip(page, 'Yes').click()
    await shot(page, 'community-application-member-390')
    const request = page.waitForRequest('**/api/communities/create')
    await button(page, 'Submit').click()
    const sent = await request
    expect(sent.postDataJSON()).toMatchObject({
      numberOfMembers: 8,
      registered: true,
      creatorEmail: 'ada@example.com',
      application: null,
    })
    expect(sent.headers().authorization).toMatch(/^Bearer /)
    // A signed-in member's community is set up, not reviewed: the page is told so.
    await page.waitForURL(
      /\/membership\/application\/received\?email=ada%40example\.com&community=set-up$/,
    )
    await page.getByText('Community set up').waitFor()
  })
})

describe('/member-signup', () => {
  it('keeps what was typed through a reload, never the e-mail', async () => {
    const path = '/member-signup?community=c-1&name=Lagos+Poets&email=kemi%40example.com'
    const page = await app.openInTab(path, WIDTHS.phone)
    await page.getByRole('heading', { name: 'Complete your profile', level: 1 }).waitFor()
    await page.getByLabel('First name', { exact: true }).fill('Kemi')
    await page.getByLabel('Last name', { exact: true }).fill('Lawal')
    await page.getByLabel('Occupation').fill('Printmaker')

    // The same invitation opened for another address: the draft fills the form, the e-mail is
    // the link's.
    await page.goto(`${app.url}${path.replace('kemi%40', 'kemi.lawal%40')}`)
    await page.getByRole('heading', { name: 'Complete your profile', level: 1 }).waitFor()
    await expect.poll(() => page.getByLabel('Occupation').inputValue()).toBe('Printmaker')
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('Kemi')
    await expect(page.getByLabel('Last name', { exact: true }).inputValue()).resolves.toBe('Lawal')
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(
      'kemi.lawal@example.com',
    )
  })

  it('needs every field, keeps the invited e-mail, and signs up without a token', async () => {
    const [community] = await app.db
      .select({ id: communities.id })
      .from(communities)
      .where(eq(communities.name, DEMO_COMMUNITY_NAME))
    if (!community) throw new Error('The demo community is missing')
    // Someone else is logged in on this browser: the call still carries no token.
    const { page } = await app.signInTab('ada@example.com', WIDTHS.phone)
    await page.goto(
      `${app.url}/member-signup?community=${community.id}&name=${encodeURIComponent(DEMO_COMMUNITY_NAME)}&email=bisi%40example.com`,
    )
    await page.getByRole('heading', { name: 'Complete your profile', level: 1 }).waitFor()
    const email = page.getByLabel('Email address')
    await expect(email.inputValue()).resolves.toBe('bisi@example.com')
    await expect(email.getAttribute('readonly')).resolves.not.toBeNull()
    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    // Unanswered choices start empty, on their 'Choose…' prompt; nothing is picked for them.
    for (const label of ['Relationship', 'Nationality', 'Country']) {
      await expect(page.getByLabel(label).inputValue()).resolves.toBe('')
      await expect(page.getByLabel(label).getAttribute('aria-required')).resolves.toBe('true')
    }

    await page.getByLabel('First name', { exact: true }).fill('Bisi')
    await page.getByLabel('Last name', { exact: true }).fill('Adeyemi')
    await chip(page, 'She/Her').click()
    await page.getByLabel('Date of birth', { exact: true }).fill('1992-07-30')
    await page.getByLabel('Occupation').fill('Architect')
    await page.getByLabel('Nationality').selectOption('Nigerian')
    await page.getByLabel('Home address').fill('12 Bourdillon Road, Ikoyi')
    await page.getByLabel('Country').selectOption('Nigeria')
    await page.getByLabel('Phone number').fill('0803 555 0144')
    await page.getByLabel('Social link').fill('https://instagram.com/bisi')
    await page.getByLabel('Emergency contact name').fill('Tayo Adeyemi')
    await page.getByLabel('Relationship').selectOption('Sibling')
    await page.getByLabel('Emergency contact phone').fill('0803 555 0145')
    await page.getByLabel('Who referred you?').fill('Zainab')
    // The company name is needed too.
    await expect(isDisabled(page, 'Submit')).resolves.toBe(true)
    await expect(page.getByText('Fill in company name to submit.').count()).resolves.toBe(1)
    await page.getByLabel('Company name').fill('Studio Eko')
    await expect(isDisabled(page, 'Submit')).resolves.toBe(false)
    await shot(page, 'member-signup-390')

    const request = page.waitForRequest('**/api/accounts/signup-as-community-member')
    await button(page, 'Submit').click()
    const sent = await request
    expect(sent.headers().authorization).toBeUndefined()
    expect(sent.postDataJSON()).toMatchObject({
      communityId: community.id,
      application: {
        'Email Address': 'bisi@example.com',
        'Company Name': 'Studio Eko',
        Pronouns: 'she/her',
        Status: 'Community - Pending',
      },
    })
    await page.waitForURL(/\/membership\/application\/received\?email=bisi%40example\.com$/)
  })

  it('says so when the link has no community', async () => {
    const page = await app.openInTab('/member-signup?email=bisi%40example.com', WIDTHS.desktop)
    await page.getByText(/does not say which community invited you/).waitFor()
    await expect(page.getByRole('button', { name: 'Submit' }).count()).resolves.toBe(0)
    await shot(page, 'member-signup-invalid-1280')
  })
})
