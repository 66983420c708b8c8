import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts, wallets } from '../../server/db/schema'
import { balanceOf, bookingsOf } from '../support/bookings'
import {
  animationsDone,
  appInBrowser,
  type Database,
  holdRequests,
  hydrated,
  LOGIN_KEYS,
  SCREENSHOTS,
  WIDTHS,
  walletsOf,
} from '../support/browser'
import { postgresAvailable } from '../support/test-db'

// Wallets for a member who has just logged in, wherever there is a price: people log in as they
// do (the login page, the link of the e-mail), and the booking panels read their wallets
// themselves. Each test in the file's one tab, as in a new window (see appInBrowser); the file
// runs on PGlite, and again on PostgreSQL when a server answers.

// A Tuesday, 10:00 in Lagos, as in the other browser tests: 'Tomorrow' is Wednesday 2026-11-25.
const NOW = new Date('2026-11-24T09:00:00Z')
const TOMORROW = '2026-11-25'

const databases: Database[] = ['pglite', 'postgres']

describe.each(databases)('on %s', (database) => {
  describe.skipIf(database === 'postgres' && !postgresAvailable())('the booking panels', () => {
    walletTests(database)
  })
})

function walletTests(database: Database) {
  const app = appInBrowser(NOW, { database })

  /** The wallets of a demo account, from the database (what the page must find by itself). */
  async function walletsOfAccount(email: string) {
    const [account] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, email))
    if (!account) throw new Error(`No demo account ${email}`)
    return walletsOf(app.db, account.id, email)
  }

  /** Sets a wallet's balance (kobo) for one test, and puts it back after. */
  async function withBalance(walletId: string, balanceMinor: number, run: () => Promise<void>) {
    const before = await balanceOf(app.db, walletId)
    await app.db.update(wallets).set({ balanceMinor }).where(eq(wallets.id, walletId))
    try {
      await run()
    } finally {
      await app.db.update(wallets).set({ balanceMinor: before }).where(eq(wallets.id, walletId))
    }
  }

  /** Logs in by the link, then opens `path` at once, as a whole page load. */
  async function logInAndOpen(email: string, path: string, width: number = WIDTHS.desktop) {
    const { page, stored } = await app.logInTab(email, width)
    // The login stored what /verify stores, and no wallet: the page must read them.
    expect(stored.userEmail).toBe(email)
    for (const key of Object.keys(stored)) expect(LOGIN_KEYS).toContain(key)
    await page.goto(app.url + path)
    return page
  }

  /** The event's RSVP panel, once the page knows her membership (the friends' price shows). */
  async function openTicketPanel(page: Page): Promise<Locator> {
    await page.getByText("Friend's special price").first().waitFor()
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy your ticket' })
    await dialog.waitFor()
    await animationsDone(page) // the opening animation
    return dialog
  }

  async function openStudioPanel(page: Page): Promise<Locator> {
    await page.getByRole('main').getByRole('button', { name: 'Book', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Book the print studio' })
    await dialog.waitFor()
    await animationsDone(page)
    return dialog
  }

  async function openSpotPanel(page: Page): Promise<Locator> {
    await page.getByText('Free for you').waitFor()
    await page.getByRole('main').getByRole('button', { name: 'Book', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Book now' })
    await dialog.waitFor()
    await animationsDone(page)
    return dialog
  }

  /** Picks a day or space chip by its text (the radio inside is visually hidden). */
  const choose = (dialog: Locator, text: string) =>
    dialog.locator('label').filter({ hasText: text }).first().click()

  const ownWallet = (dialog: Locator) => dialog.getByRole('button', { name: /^Pay via Wallet/ })
  const communityWallet = (dialog: Locator) =>
    dialog.getByRole('button', { name: /^Pay via Community Wallet/ })

  describe('Ada, who has just logged in by the link', () => {
    it("opens a paid event at once and pays from her wallet: the balance falls by the friends' price", async () => {
      const { walletId } = await walletsOfAccount('ada@example.com')
      if (!walletId) throw new Error('Ada has no wallet')
      const before = await balanceOf(app.db, walletId)
      const earlier = new Set((await bookingsOf(app.db, 'ada@example.com')).map((b) => b.id))

      // Tomorrow's Listening Session (she holds a ticket for tonight's Rooftop Jazz already).
      const page = await logInAndOpen('ada@example.com', '/event/listening-session', WIDTHS.phone)
      const dialog = await openTicketPanel(page)
      await dialog.getByText('₦3,000', { exact: true }).waitFor()
      const pay = ownWallet(dialog)
      await pay.getByText('Balance ₦25,000.00').waitFor()
      await expect(pay.isEnabled()).resolves.toBe(true)
      // No community, no community wallet.
      await expect(communityWallet(dialog).count()).resolves.toBe(0)
      // The panel kept the spec's storage key filled from the read.
      await expect(page.evaluate(() => localStorage.getItem('wallet'))).resolves.toBe(walletId)
      await page.screenshot({ path: `${SCREENSHOTS}wallets-${database}-rsvp-ada-phone.png` })

      await pay.click()
      await page.getByRole('alertdialog').getByText("You're going!").waitFor()
      expect(await balanceOf(app.db, walletId)).toBe(before - 300_000)
      const made = (await bookingsOf(app.db, 'ada@example.com')).filter((b) => !earlier.has(b.id))
      expect(made.map((b) => [b.eventId, b.amountMinor, b.paidWith, b.status])).toEqual([
        ['listening-session', 300_000, 'wallet', 'confirmed'],
      ])

      // Opened again, the panel reads the balance afresh.
      await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click()
      const again = await openTicketPanel(page)
      await ownWallet(again).getByText('Balance ₦22,000.00').waitFor()
    })

    it('books the print studio from her wallet', async () => {
      const { walletId } = await walletsOfAccount('ada@example.com')
      if (!walletId) throw new Error('Ada has no wallet')
      // Topped up to ₦50,000 first: a session is ₦30,000.
      await withBalance(walletId, 5_000_000, async () => {
        const page = await logInAndOpen('ada@example.com', '/print-studio')
        const dialog = await openStudioPanel(page)
        const pay = ownWallet(dialog)
        await pay.getByText('Balance ₦50,000.00').waitFor()
        // Section 5: the wallet waits for a day and a time.
        await expect(pay.isDisabled()).resolves.toBe(true)
        await dialog.getByLabel('Day').selectOption(TOMORROW)
        await dialog.getByText('2pm - 6pm', { exact: true }).click()
        await expect(pay.isEnabled()).resolves.toBe(true)
        await page.screenshot({ path: `${SCREENSHOTS}wallets-${database}-studio-ada-desktop.png` })
        await pay.click()

        const overlay = page.getByRole('alertdialog', { name: 'Booking successful!' })
        await overlay.waitFor()
        expect(await balanceOf(app.db, walletId)).toBe(2_000_000)
        const studio = (await bookingsOf(app.db, 'ada@example.com')).filter(
          (b) => b.type === 'print-studio' && b.date === TOMORROW,
        )
        expect(studio.map((b) => [b.timeSlot, b.amountMinor, b.paidWith])).toEqual([
          ['2pm - 6pm', 3_000_000, 'wallet'],
        ])
      })
    })
  })

  describe('Zainab, creator of a community with a wallet', () => {
    it('is offered the community wallet on co-working, and pays for a guest with it', async () => {
      const { walletId, communityWalletId } = await walletsOfAccount('zainab@example.com')
      expect(walletId).toBeNull()
      if (!communityWalletId) throw new Error('No community wallet in the demo data')
      const before = await balanceOf(app.db, communityWalletId)

      const page = await logInAndOpen('zainab@example.com', '/co-working', WIDTHS.phone)
      const dialog = await openSpotPanel(page)
      await choose(dialog, 'Tomorrow')
      await choose(dialog, 'Courtyard')
      // A member's first guest is free: the second one costs ₦5,000.
      await dialog.getByRole('button', { name: 'Add a guest' }).click()
      await dialog.getByRole('button', { name: 'Add a guest' }).click()
      await dialog.getByLabel("Guest 1's name").fill('Musa Bello')
      await dialog.getByLabel("Guest 2's name").fill('Amina Bello')
      await dialog.getByText('₦5,000', { exact: true }).waitFor()
      const pay = communityWallet(dialog)
      await pay.getByText('Balance ₦50,000.00').waitFor()
      await expect(pay.isEnabled()).resolves.toBe(true)
      // No wallet of her own: said so, with where to set one up.
      await expect(ownWallet(dialog).isDisabled()).resolves.toBe(true)
      await ownWallet(dialog).getByText('No wallet yet').waitFor()
      await expect(
        dialog.getByRole('link', { name: 'Set up your wallet' }).getAttribute('href'),
      ).resolves.toBe('/profile/wallet')
      await expect(page.evaluate(() => localStorage.getItem('communityWallet'))).resolves.toBe(
        communityWalletId,
      )
      await pay.scrollIntoViewIfNeeded()
      await page.screenshot({
        path: `${SCREENSHOTS}wallets-${database}-coworking-zainab-phone.png`,
      })
      await pay.click()

      await page.getByRole('alertdialog').getByText('Booking successful!').waitFor()
      expect(await balanceOf(app.db, communityWalletId)).toBe(before - 500_000)
      const spots = (await bookingsOf(app.db, 'zainab@example.com')).filter(
        (b) => b.type === 'spot',
      )
      expect(spots.map((b) => [b.date, b.amountMinor, b.paidWith, b.visitors])).toEqual([
        [TOMORROW, 500_000, 'community-wallet', 2],
      ])
    })

    it('is offered the community wallet on an event, and pays the friends price with it', async () => {
      const { communityWalletId } = await walletsOfAccount('zainab@example.com')
      if (!communityWalletId) throw new Error('No community wallet in the demo data')
      const before = await balanceOf(app.db, communityWalletId)

      const page = await logInAndOpen('zainab@example.com', '/event/risograph-workshop')
      const dialog = await openTicketPanel(page)
      await dialog.getByText('₦10,000', { exact: true }).waitFor()
      const pay = communityWallet(dialog)
      await pay.getByText(/^Balance ₦/).waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}wallets-${database}-rsvp-zainab-desktop.png` })
      await pay.click()

      await page.getByRole('alertdialog').getByText("You're going!").waitFor()
      expect(await balanceOf(app.db, communityWalletId)).toBe(before - 1_000_000)
      const tickets = (await bookingsOf(app.db, 'zainab@example.com')).filter(
        (b) => b.eventId === 'risograph-workshop',
      )
      expect(tickets.map((b) => [b.amountMinor, b.paidWith])).toEqual([
        [1_000_000, 'community-wallet'],
      ])
    })
  })

  describe('a member whose wallet is lower than the price', () => {
    it('sees why beside the button, and a link to top it up', async () => {
      const { walletId } = await walletsOfAccount('ada@example.com')
      if (!walletId) throw new Error('Ada has no wallet')
      await withBalance(walletId, 100_000, async () => {
        const page = await logInAndOpen('ada@example.com', '/event/risograph-workshop', 320)
        const dialog = await openTicketPanel(page)
        const pay = ownWallet(dialog)
        await pay.getByText('Balance ₦1,000.00').waitFor()
        await expect(pay.isDisabled()).resolves.toBe(true)
        const reason = dialog.getByText('Your wallet is ₦9,000.00 short.')
        await reason.waitFor()
        // The button names its reason for screen readers too.
        const describedBy = await pay.getAttribute('aria-describedby')
        await expect(dialog.locator(`[id="${describedBy}"]`).innerText()).resolves.toContain(
          'short',
        )
        // Card payment stays open to her.
        await expect(
          dialog.getByRole('button', { name: 'Pay ₦10,000 by card' }).isEnabled(),
        ).resolves.toBe(true)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        )
        expect(overflow).toBe(false)
        await page.screenshot({ path: `${SCREENSHOTS}wallets-${database}-rsvp-short-320.png` })

        await dialog.getByRole('link', { name: 'Top up' }).click()
        await page.waitForURL(`${app.url}/profile/wallet`)
        await page.getByRole('button', { name: 'Fund Wallet' }).waitFor()
      })
    })

    it('waits for the balance: the button says it is being read, never a wrong reason', async () => {
      const { page } = await app.logInTab('ada@example.com', WIDTHS.phone)
      const release = await holdRequests(page, '**/api/wallets')
      await page.goto(`${app.url}/event/risograph-workshop`)
      const dialog = await openTicketPanel(page)
      const pay = ownWallet(dialog)
      await expect(pay.getAttribute('aria-busy')).resolves.toBe('true')
      await expect(pay.isDisabled()).resolves.toBe(true)
      await expect(
        dialog.getByText(/short|No wallet yet|Set up your wallet/).count(),
      ).resolves.toBe(0)
      await page.screenshot({ path: `${SCREENSHOTS}wallets-${database}-rsvp-loading-phone.png` })
      release()
      await pay.getByText(/^Balance ₦/).waitFor()
      await expect(pay.getAttribute('aria-busy')).resolves.toBeNull()
    })
  })

  // The panels with wallet buttons, at three widths (PGlite only: the same pages).
  describe.skipIf(database !== 'pglite')('screens', () => {
    it.each([320, WIDTHS.phone, WIDTHS.desktop])(
      'look right at %s px (screenshots kept)',
      async (width) => {
        // Zainab with a wallet of her own (empty: /profile/wallet sets it up) and her community's.
        const zainab = await logInAndOpen('zainab@example.com', '/profile/wallet', width)
        await expect
          .poll(async () => (await walletsOfAccount('zainab@example.com')).walletId, {
            timeout: 15_000,
          })
          .not.toBeNull()
        await zainab.goto(`${app.url}/event/risograph-workshop`)
        const rsvp = await openTicketPanel(zainab)
        await communityWallet(rsvp)
          .getByText(/^Balance ₦/)
          .waitFor()
        await ownWallet(rsvp).getByText('Balance ₦0.00').waitFor()
        await zainab.screenshot({ path: `${SCREENSHOTS}wallets-rsvp-both-${width}.png` })

        await zainab.goto(`${app.url}/print-studio`)
        const studio = await openStudioPanel(zainab)
        await studio.getByLabel('Day').selectOption(TOMORROW)
        await studio.getByText('10am - 2pm', { exact: true }).click()
        await communityWallet(studio)
          .getByText(/^Balance ₦/)
          .waitFor()
        await communityWallet(studio).scrollIntoViewIfNeeded()
        await zainab.screenshot({ path: `${SCREENSHOTS}wallets-studio-both-${width}.png` })

        await zainab.goto(`${app.url}/co-working`)
        const spot = await openSpotPanel(zainab)
        await choose(spot, 'Tomorrow')
        await choose(spot, 'Courtyard')
        await spot.getByRole('button', { name: 'Add a guest' }).click()
        await spot.getByRole('button', { name: 'Add a guest' }).click()
        await communityWallet(spot)
          .getByText(/^Balance ₦/)
          .waitFor()
        await communityWallet(spot).scrollIntoViewIfNeeded()
        await zainab.screenshot({ path: `${SCREENSHOTS}wallets-coworking-both-${width}.png` })
        const overflow = await zainab.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        )
        expect(overflow).toBe(false)

        // A signed-in person's 'Book again' on the booked page: the studio's own panel.
        await zainab.goto(
          `${app.url}/booked-printstudio?email=zainab%40example.com&name=Zainab%20Bello&day=${TOMORROW}&type=print-studio&phone=0809&time=2pm%20-%206pm`,
        )
        await hydrated(zainab)
        await zainab.getByRole('button', { name: 'Book again' }).click()
        const again = zainab.getByRole('dialog', { name: 'Book again' })
        await again.waitFor()
        await communityWallet(again)
          .getByText(/^Balance ₦/)
          .waitFor()
        await animationsDone(zainab)
        await zainab.screenshot({ path: `${SCREENSHOTS}wallets-studio-book-again-${width}.png` })
      },
    )
  })
}
