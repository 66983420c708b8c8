import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { communities } from '../../server/db/schema'
import { answerCheckout, appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos. Ada is active (5 months left), Kemi active with 12 days left, Tunde
// inactive, Zainab the creator of an active community, Femi a member of it with no payments.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

/** `path` where that demo account is signed in, in the file's one tab (see appInBrowser). */
async function signedIn(email: string, path: string, width: number = WIDTHS.desktop) {
  const { page } = await app.signInTab(email, width)
  await page.goto(app.url + path)
  return page
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key)

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

describe('the member menu', () => {
  it("shows an active member's avatar, name and role, no banner, and the links with Log out", async () => {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      const page = await signedIn('ada@example.com', '/menu', width)
      const card = page.getByRole('region', { name: 'Your membership' })
      await card.getByText('Ada Okafor').waitFor()
      await expect(card.innerText()).resolves.toContain('AO')
      await expect(card.innerText()).resolves.toContain('Member')
      await expect(card.getByRole('img', { name: 'Active member' }).count()).resolves.toBe(1)
      await expect(page.getByRole('alert').count()).resolves.toBe(0)
      for (const name of [
        'Calendar',
        'About',
        'Friends of 16',
        'Reservations',
        'Contact us',
        'Log out',
      ]) {
        await expect(
          page.getByRole('navigation', { name: 'Menu' }).getByText(name, { exact: true }).count(),
        ).resolves.toBe(1)
      }
      await page.getByText('Book a spot', { exact: true }).waitFor()
      await expect(page.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0)
      if (width >= 1024) {
        // The house's picture is framed like the menu beside it: as far from the right edge as
        // the menu is from the left.
        const [menuLeft, pictureRight] = await page.evaluate(() => [
          document.querySelector('nav[aria-label="Menu"]')?.getBoundingClientRect().left ?? 0,
          document.querySelector('aside img')?.parentElement?.getBoundingClientRect().right ?? 0,
        ])
        expect(Math.abs(width - pictureRight - menuLeft)).toBeLessThanOrEqual(4)
      }
      await shoot(page, `member-menu-${width}`)
    }
  })

  it('shows an inactive member the red banner, whose Activate leads to the plans', async () => {
    const page = await signedIn('tunde@example.com', '/menu', WIDTHS.phone)
    const banner = page.getByRole('alert').filter({ hasText: 'Your membership is inactive' })
    await banner.waitFor()
    await expect(
      page.getByRole('region', { name: 'Your membership' }).innerText(),
    ).resolves.toContain('Inactive')
    await shoot(page, 'member-menu-inactive-390')
    await banner.getByRole('link', { name: 'Activate' }).click()
    await page.waitForURL('**/profile/payment')
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor()
  })

  it('warns an active member whose membership ends within 30 days, with Renew', async () => {
    const page = await signedIn('kemi@example.com', '/menu', WIDTHS.desktop)
    const banner = page.getByRole('alert').filter({ hasText: 'Your membership expires in 12 days' })
    await banner.waitFor()
    await expect(banner.getByRole('link', { name: 'Renew' }).getAttribute('href')).resolves.toBe(
      '/profile/payment',
    )
    await shoot(page, 'member-menu-expiring-1280')
  })

  it("marks a community's creator with a star, and no other member of it", async () => {
    const creator = await signedIn('zainab@example.com', '/menu', WIDTHS.phone)
    const card = creator.getByRole('region', { name: 'Your membership' })
    await card.getByRole('img', { name: 'Community creator' }).waitFor()
    await expect(card.innerText()).resolves.toContain('Community Member')
    await shoot(creator, 'member-menu-creator-390')

    const member = await signedIn('femi@example.com', '/menu', WIDTHS.phone)
    const memberCard = member.getByRole('region', { name: 'Your membership' })
    await memberCard.getByText('Femi Johnson').waitFor()
    // The community is read alongside the profile: once the calls are done, no star.
    await member.waitForLoadState('networkidle')
    await expect(memberCard.getByRole('img', { name: 'Community creator' }).count()).resolves.toBe(
      0,
    )
  })

  it('logs out to the visitor menu, forgetting the login', async () => {
    const page = await signedIn('ada@example.com', '/menu')
    await page.getByText('Ada Okafor').waitFor()
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('link', { name: 'Login' }).waitFor()
    await expect(stored(page, 'authToken')).resolves.toBeNull()
    await expect(stored(page, 'userID')).resolves.toBeNull()
    expect(new URL(page.url()).pathname).toBe('/menu')
  })

  it('sends broken storage (a user id without a token) to /login, cleared', async () => {
    const context = await app.newContext()
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('userID', '00000000-0000-4000-8000-000000000001')
    })
    const page = await context.newPage()
    await page.goto(`${app.url}/menu`)
    await page.waitForURL('**/login')
    await expect(stored(page, 'userID')).resolves.toBeNull()
    await context.close()
  })

  it('sends a dead token to /login, cleared', async () => {
    const context = await app.newContext()
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('userID', '00000000-0000-4000-8000-000000000001')
      localStorage.setItem('authToken', 'not-a-live-token')
    })
    const page = await context.newPage()
    await page.goto(`${app.url}/menu`)
    await page.waitForURL('**/login')
    await expect(stored(page, 'authToken')).resolves.toBeNull()
    await context.close()
  })

  it('keeps the visitor menu for a visitor, with no hydration warning', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
    })
    await page.goto(`${app.url}/menu`)
    await page.getByRole('link', { name: 'Login' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([])
    await context.close()
  })
})

describe('/profile', () => {
  it("shows a creator's dates, links and the Community link", async () => {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      const page = await signedIn('zainab@example.com', '/profile', width)
      const nav = page.getByRole('navigation', { name: 'Profile' })
      await nav.getByRole('link', { name: /Community/ }).waitFor()
      for (const name of ['Profile', 'Wallet', 'Bookings', 'Payments']) {
        await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) }).count()).resolves.toBe(
          1,
        )
      }
      await expect(page.getByText('Joined').count()).resolves.toBe(1)
      await expect(page.getByText('Expires').count()).resolves.toBe(1)
      await expect(page.getByRole('img', { name: 'Community creator' }).count()).resolves.toBe(1)
      await shoot(page, `profile-${width}`)
    }
  })

  it("marks an inactive member's wallet Suspended and shows no Community link", async () => {
    const page = await signedIn('tunde@example.com', '/profile', WIDTHS.phone)
    const nav = page.getByRole('navigation', { name: 'Profile' })
    await nav.getByRole('link', { name: /Wallet/ }).waitFor()
    await expect(nav.getByRole('link', { name: /Wallet/ }).textContent()).resolves.toContain(
      'Suspended',
    )
    await expect(nav.getByRole('link', { name: /Community/ }).count()).resolves.toBe(0)
    await expect(page.getByText('Expired').count()).resolves.toBe(1)
  })
})

describe('/profile/info and /profile/edit', () => {
  it('shows the details read-only, with Edit Profile on WhatsApp and the edit page', async () => {
    const page = await signedIn('ada@example.com', '/profile/info', WIDTHS.phone)
    await page.getByText('Date of birth').waitFor()
    await expect(page.getByText('ada@example.com').count()).resolves.toBeGreaterThan(0)
    const edit = page.getByRole('link', { name: /Edit Profile/ })
    await expect(edit.getAttribute('href')).resolves.toMatch(/^https:\/\/wa\.me\//)
    await shoot(page, 'profile-info-390')
    await page.getByRole('link', { name: 'Edit name, phone and picture' }).click()
    await page.waitForURL('**/profile/edit')
  })

  it('saves name and phone for real, and refuses a phone the server cannot read', async () => {
    const page = await signedIn('kemi@example.com', '/profile/edit', WIDTHS.desktop)
    const first = page.getByLabel('First name')
    await first.waitFor()
    const save = page.getByRole('button', { name: 'Save Changes' })
    await expect(save.isDisabled()).resolves.toBe(true)
    await first.fill('Kemisola')
    await save.click()
    await page.getByText('Your details are saved.').waitFor()
    await page.reload()
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Kemisola')
    // An unreadable phone: the form says why and Save stays off.
    await page.getByLabel('Phone').fill('call me maybe')
    await page.getByText('Enter a phone number').waitFor()
    await expect(save.isDisabled()).resolves.toBe(true)
    await shoot(page, 'profile-edit-1280')

    // The next booking is in the new name, not the one she logged in with.
    await page.goto(`${app.url}/co-working`)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Book now' })
    await panel.getByText('Kemisola Adeyemi', { exact: true }).waitFor()
    await expect(panel.getByText('Kemi Adeyemi', { exact: true }).count()).resolves.toBe(0)
  })

  it('uploads and removes a picture, and shows the server refusing a file that is no picture', async () => {
    const page = await signedIn('tunde@example.com', '/profile/edit', WIDTHS.phone)
    await page.getByRole('button', { name: 'Upload picture' }).waitFor()
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 180, g: 90, b: 40 } },
    })
      .png()
      .toBuffer()
    const input = page.locator('input[type=file]')
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await page.getByText('Your new picture is saved.').waitFor()
    await page.getByRole('button', { name: 'Change picture' }).waitFor()
    await shoot(page, 'profile-edit-picture-390')
    // Text dressed as a PNG: the server checks the bytes and says no.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hello'),
    })
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    expect((await refusal.innerText()).length).toBeGreaterThan(5)
    // A type the server does not take is refused before sending.
    await input.setInputFiles({
      name: 'a.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    })
    await page.getByText('Choose a JPEG, PNG or WebP picture.').waitFor()
    await page.getByRole('button', { name: 'Remove picture' }).click()
    await page.getByText('Your picture is removed.').waitFor()
    await page.getByRole('button', { name: 'Upload picture' }).waitFor()
  })
})

describe('/profile/payments', () => {
  it("lists a member's payments with what each was for, how it was paid, reference, currency, amount and date", async () => {
    const page = await signedIn('ada@example.com', '/profile/payments', WIDTHS.phone)
    await page.getByText('demo-membership-ada').waitFor()
    const text = (await page.locator('main').textContent()) ?? ''
    for (const label of ['Reference', 'Paid by', 'Currency', 'Created at'])
      expect(text).toContain(label)
    expect(text).toContain('Individual · 6 months')
    await shoot(page, 'profile-payments-390')
  })

  it('tells a member with no payments so', async () => {
    const page = await signedIn('femi@example.com', '/profile/payments')
    await page.getByText('No payments yet').waitFor()
  })
})

describe('paying for a plan', () => {
  it('chooses a plan, pays in naira at the checkout and comes back active with the new expiry', async () => {
    const page = await signedIn('tunde@example.com', '/profile/payment', WIDTHS.phone)
    await page.getByRole('button', { name: /^Six months/ }).click()
    await page.waitForURL('**/profile/payment/confirm?plan=individual-6m')
    await page.getByText('Summary').waitFor()
    await shoot(page, 'plan-confirm-390')
    await page.getByRole('button', { name: 'Pay ₦250,000 by card' }).click()
    await answerCheckout(page, 'Pay')
    await page.waitForURL('**/profile?paid=membership')
    await page.getByText(/Payment received\. Your membership is active until/).waitFor()
    await expect(page.getByText('Expires').count()).resolves.toBe(1)
    await shoot(page, 'profile-paid-390')
    await page.goto(`${app.url}/menu`)
    await page.getByRole('region', { name: 'Your membership' }).getByText('Member').waitFor()
    await expect(page.getByText('Your membership is inactive').count()).resolves.toBe(0)
  })

  it('uses the default plan when none is passed', async () => {
    const page = await signedIn('ada@example.com', '/profile/payment/confirm')
    await page.getByRole('button', { name: 'Pay $150 by card' }).waitFor()
    await page.getByRole('button', { name: 'Pay ₦250,000 by card' }).waitFor()
    await shoot(page, 'plan-confirm-1280')
  })

  it("says 'Login session has expired' on a 401, then goes to /login", async () => {
    const page = await signedIn('ada@example.com', '/profile/payment/confirm?plan=individual-12m')
    await page.route('**/api/payments/initiate', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Login session has expired' }),
      }),
    )
    await page.getByRole('button', { name: 'Pay $250 by card' }).click()
    await page.getByText('Login session has expired').first().waitFor()
    await page.clock.fastForward(3000) // the banner's 3 s, on the page's clock
    await page.waitForURL('**/login', { timeout: 8000 })
    await expect(stored(page, 'authToken')).resolves.toBeNull()
  })

  it("says 'Invalid payment response' when the answer has no authorization address", async () => {
    const page = await signedIn('ada@example.com', '/profile/payment/confirm?plan=individual-12m')
    await page.route('**/api/payments/initiate', (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'success', data: {} }),
      }),
    )
    await page.getByRole('button', { name: 'Pay $250 by card' }).click()
    await page.getByText('Invalid payment response').waitFor()
  })
})

describe('/profile/edit-community', () => {
  it('sends an active community to the menu', async () => {
    const page = await signedIn('zainab@example.com', '/profile/edit-community')
    await page.waitForURL('**/menu')
  })

  it('lets the creator of a pending community pick a size, then pay for it', async () => {
    await app.db
      .update(communities)
      .set({ status: 'Community - Pending' })
      .where(eq(communities.creatorEmail, 'zainab@example.com'))
    try {
      const page = await signedIn('zainab@example.com', '/profile/edit-community', WIDTHS.phone)
      const save = page.getByRole('button', { name: 'Save' })
      await save.waitFor()
      await expect(save.isDisabled()).resolves.toBe(true)
      for (const members of [4, 6, 8])
        await page.getByText(`${members} members`, { exact: false }).first().waitFor()
      await expect(page.locator('main').innerText()).resolves.toContain('₦1,600,000')
      await page.getByLabel(/6 members/).check()
      await shoot(page, 'edit-community-390')
      await save.click()
      await page.waitForURL('**/profile/payment?plan=community-6')
    } finally {
      await app.db
        .update(communities)
        .set({ status: 'Active' })
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
    }
  })
})

describe('/tour and /bye-laws', () => {
  it('walks three steps and finishes on the profile', async () => {
    const page = await signedIn('ada@example.com', '/tour', WIDTHS.phone)
    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    await shoot(page, 'tour-390')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { name: 'Your bookings' }).waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { name: 'Your payments' }).waitFor()
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL('**/profile')
  })

  it('shows the rules with their figures and Get started leads to the plans', async () => {
    const page = await signedIn('tunde@example.com', '/bye-laws', WIDTHS.desktop)
    await page.getByText('N5,000', { exact: false }).first().waitFor()
    const text = await page.locator('main').innerText()
    for (const figure of ['21', '15%', 'Monday closed', '10am to 10pm', '12pm to 8pm'])
      expect(text).toContain(figure)
    await shoot(page, 'bye-laws-1280')
    await page.getByRole('link', { name: 'Get started' }).click()
    await page.waitForURL('**/profile/payment')
  })
})
