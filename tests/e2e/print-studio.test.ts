import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookings, spaces, wallets } from '../../server/db/schema'
import { balanceOf, bookingsOf } from '../support/bookings'
import {
  animationsDone,
  answerCheckout,
  appInBrowser,
  type OutboxEntry,
  ownedByReact,
  SCREENSHOTS,
  WIDTHS,
} from '../support/browser'

// A Tuesday, 10:00 in Lagos: 'Tomorrow' is Wednesday 2026-11-25.
const NOW = new Date('2026-11-24T09:00:00Z')
const TOMORROW = '2026-11-25'

// Each test in the file's one tab, as in a new window (see appInBrowser).
const app = appInBrowser(NOW)
const { openInTab: open } = app

/** Opens the booking panel from the page's one 'Book' button. */
async function openPanel(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Book', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Book the print studio' })
  await dialog.waitFor()
  return dialog
}

describe('/print-studio', () => {
  it('shows what a session includes, its price, the studio phone and a Book button', async () => {
    const page = await open('/print-studio')
    await page.getByRole('heading', { level: 1, name: 'Print Studio' }).waitFor()
    const main = page.getByRole('main')
    for (const item of [
      'Risoprinting',
      'Linocut printing',
      'Handmade paper-making',
      'Machine tutorial',
      'Screenprinting',
      'Coming soon',
    ]) {
      await expect(main.getByText(item, { exact: true }).isVisible()).resolves.toBe(true)
    }
    await expect(main.getByText('₦30,000').first().isVisible()).resolves.toBe(true)
    await expect(main.getByText('for 4 hours').isVisible()).resolves.toBe(true)
    await expect(main.getByRole('link', { name: /\+234/ }).getAttribute('href')).resolves.toMatch(
      /^tel:\+234\d+$/,
    )
    await main.getByRole('button', { name: 'Book', exact: true }).waitFor()
    // Header: the brand home, and the Menu.
    await expect(
      page.getByRole('link', { name: 'Sixteen, home' }).getAttribute('href'),
    ).resolves.toBe('/')
    await expect(page.getByRole('link', { name: 'Menu' }).getAttribute('href')).resolves.toBe(
      '/menu',
    )
  })

  it('rotates the studio photos every 5 seconds', async () => {
    // The page's clock is paused from the start and moved by hand, so the test reads the
    // carousel's own timing, not how busy the machine is.
    const context = await app.newContext()
    await context.clock.pauseAt(NOW)
    const page = await context.newPage()
    await page.goto(`${app.url}/print-studio`)
    const carousel = page.getByRole('figure', { name: 'Photos of the print studio' })
    // Hydration waits for a timer too: the clock moves 10 ms at a time until React has taken over
    // the carousel (it marks the elements it owns), whose timer starts in an effect right after.
    const pause = carousel.getByRole('button', { name: 'Pause the photos' })
    while (!(await ownedByReact(pause))) await page.clock.runFor(10)
    await page.waitForTimeout(250) // real time, for the effect; the page's clock stands still
    const visibleSrc = () =>
      carousel.locator('img[data-visible]').getAttribute('src', { timeout: 2000 })
    await expect(visibleSrc()).resolves.toBe('/images/studio-1.svg')
    // Still the first photo a little before 5 s...
    await page.clock.runFor(4850)
    await expect(visibleSrc()).resolves.toBe('/images/studio-1.svg')
    // ...the second at 5 s, and the third 5 s later.
    await page.clock.runFor(160)
    await expect(visibleSrc()).resolves.toBe('/images/studio-2.svg')
    await page.clock.runFor(5000)
    await expect(visibleSrc()).resolves.toBe('/images/studio-3.svg')
    await context.close()
  })

  it("offers a greyed 'Not available' when no studio item takes bookings", async () => {
    // The studio stops taking bookings, then a visitor opens the page. (A browser that loaded the
    // studio items before may keep them a minute, by their Cache-Control: server/http/cache/policies.ts.
    // A booking sent from such a page is refused by the server with a message.)
    await app.db.update(spaces).set({ coworking: false }).where(eq(spaces.kind, 'print-studio'))
    const page = await open('/print-studio')
    try {
      const action = page.getByRole('button', { name: 'Not available' })
      await action.waitFor()
      await expect(action.isDisabled()).resolves.toBe(true)
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Book', exact: true }).count(),
      ).resolves.toBe(0)
    } finally {
      await app.db.update(spaces).set({ coworking: true }).where(eq(spaces.kind, 'print-studio'))
    }
  })

  it('lets a guest book and pay by card, and the booking exists once with its receipt', async () => {
    const email = 'tolu.guest@example.com'
    const page = await open('/print-studio', WIDTHS.phone)
    const dialog = await openPanel(page)

    // Nothing is preselected: both hints show and every way to pay waits.
    await dialog.getByText('*select a day').waitFor()
    await dialog.getByText('*choose a timeslot').waitFor()
    const book = dialog.getByRole('button', { name: 'Book', exact: true })
    await expect(book.isDisabled()).resolves.toBe(true)
    // A guest pays by card only.
    await expect(dialog.getByRole('button', { name: /Pay via/ }).count()).resolves.toBe(0)

    await dialog.getByLabel('Day').selectOption({ label: 'Tomorrow' })
    await expect(dialog.getByText('*select a day').count()).resolves.toBe(0)
    await dialog.getByText('2pm - 6pm', { exact: true }).click()
    await expect(dialog.getByText('*choose a timeslot').count()).resolves.toBe(0)
    await expect(book.isDisabled()).resolves.toBe(true) // the guest's details are still missing

    await dialog.getByLabel('Email Address').fill('tolu.guest@example')
    await dialog.getByText('Please enter a valid email address.').waitFor()
    await dialog.getByLabel('Email Address').fill(email)
    await dialog.getByLabel('Name').fill('Tolu Bankole')
    await dialog.getByLabel('Phone Number').fill('0805 222 3333')
    await expect(book.isEnabled()).resolves.toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}print-studio-panel-filled-phone.png` })

    await book.click()
    await answerCheckout(page, 'Pay', '₦30,000.00')

    await page.waitForURL(/\/booked-printstudio\?/)
    await page.getByRole('status').getByText('Booked', { exact: true }).waitFor()
    await page.getByText("We've sent you a receipt at").waitFor()
    await expect(page.getByRole('main').innerText()).resolves.toContain(email)
    await expect(page.getByRole('main').innerText()).resolves.toContain('2pm - 6pm')
    const query = new URL(page.url()).searchParams
    expect(query.get('type')).toBe('print-studio')
    expect(query.get('day')).toBe(TOMORROW)
    expect(query.get('name')).toBe('Tolu Bankole')
    expect(query.get('phone')).toBe('0805 222 3333')
    expect(query.get('reference')).toBeNull() // settled, then taken out of the address
    await page.screenshot({ path: `${SCREENSHOTS}booked-printstudio-paid-phone.png` })

    const rows = await bookingsOf(app.db, email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      type: 'print-studio',
      venue: 'Print Studio',
      date: TOMORROW,
      timeSlot: '2pm - 6pm',
      amountMinor: 3_000_000,
      status: 'confirmed',
      name: 'Tolu Bankole',
    })

    // The receipt is in the outbox (sent right after the payment settles).
    let receipts: OutboxEntry[] = []
    for (let i = 0; i < 20 && receipts.length === 0; i++) {
      receipts = await app.outboxTo(email)
      if (receipts.length === 0) await new Promise((r) => setTimeout(r, 250))
    }
    expect(receipts.length).toBeGreaterThan(0)

    // The banner goes after 6 s, on the page's clock.
    await page.clock.fastForward(6000)
    await page
      .getByRole('status')
      .getByText('Booked', { exact: true })
      .waitFor({ state: 'detached', timeout: 8000 })
  })
})

describe('/booked-printstudio', () => {
  const bookedPath =
    '/booked-printstudio?email=bola%40example.com&name=Bola%20Ade&day=2026-11-25&type=print-studio&phone=&time=2pm%20-%206pm'

  it("keeps the rebook form's Book disabled until every field is valid, then goes to the card page", async () => {
    const page = await open(bookedPath)
    await page.getByRole('button', { name: 'Book again' }).click()
    const dialog = page.getByRole('dialog', { name: 'Book again' })
    await dialog.waitFor()
    const book = dialog.getByRole('button', { name: 'Book', exact: true })
    await book.waitFor()
    // Name and e-mail come from the booking just made; day, time and phone are still missing.
    await expect(dialog.getByLabel('Email Address').inputValue()).resolves.toBe('bola@example.com')
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Bola Ade')
    const disabled = () => book.isDisabled()
    await expect(disabled()).resolves.toBe(true)

    await dialog.getByLabel('Day').selectOption({ label: 'Thursday, November 26' })
    await expect(disabled()).resolves.toBe(true)
    await dialog.getByText('10am - 2pm', { exact: true }).click()
    await expect(disabled()).resolves.toBe(true)
    await dialog.getByLabel('Phone Number').fill('0809 111 2222')
    await expect(disabled()).resolves.toBe(false)

    await dialog.getByLabel('Email Address').fill('bola@example')
    await expect(disabled()).resolves.toBe(true)
    await dialog.getByLabel('Email Address').fill('bola@example.com')
    await expect(disabled()).resolves.toBe(false)
    await dialog.getByLabel('Name').fill('  ')
    await expect(disabled()).resolves.toBe(true)
    await dialog.getByLabel('Name').fill('Bola Ade')
    await dialog.getByLabel('Phone Number').fill('')
    await expect(disabled()).resolves.toBe(true)
    await dialog.getByLabel('Phone Number').fill('0809 111 2222')
    await expect(disabled()).resolves.toBe(false)
    await page.screenshot({ path: `${SCREENSHOTS}booked-printstudio-rebook-filled-desktop.png` })

    await book.click()
    await page.waitForURL(/\/sandbox\/checkout\//)
  })

  it('prefills the support message in words: the session, its day and time, and the e-mail', async () => {
    const page = await open(bookedPath, WIDTHS.phone)
    await page.getByRole('button', { name: "I didn't get a receipt" }).click()
    const dialog = page.getByRole('dialog', { name: "I didn't get a receipt" })
    await dialog.waitFor()
    const message = await dialog.locator('blockquote').innerText()
    expect(message).toContain(
      "I booked a Print Studio Session for Wednesday, November 25, 2026 (2pm - 6pm) but I didn't get a receipt.",
    )
    expect(message).toContain('Email: bola@example.com')
    expect(message).not.toMatch(/2026-11-25|print-studio/)
    await dialog.getByRole('link', { name: /Send on WhatsApp/ }).waitFor()
    await dialog.getByRole('link', { name: /Send Via Email/ }).waitFor()
    await animationsDone(page) // the opening animation
    await page.screenshot({ path: `${SCREENSHOTS}booked-printstudio-support-phone.png` })
  })

  it('goes back to the menu', async () => {
    const page = await open(bookedPath)
    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(`${app.url}/menu`)
  })
})

describe('paying from a wallet', () => {
  it("books from a community wallet and says 'Booking successful!'", async () => {
    // Femi has no wallet of his own; the panel reads his community's as it opens.
    const { page, communityWalletId } = await app.signInTab('femi@example.com')
    if (!communityWalletId) throw new Error('No community wallet in the demo data')
    const before = await balanceOf(app.db, communityWalletId)

    await page.goto(`${app.url}/print-studio`)
    const dialog = await openPanel(page)
    // Signed in: no guest fields; no wallet of his own (said so, with where to set one up), and
    // his community's with its balance.
    await expect(dialog.getByLabel('Email Address').count()).resolves.toBe(0)
    const pay = dialog.getByRole('button', { name: 'Pay via Community Wallet' })
    await pay.getByText('Balance ₦50,000.00').waitFor()
    const own = dialog.getByRole('button', { name: 'Pay via Wallet' })
    await expect(own.isDisabled()).resolves.toBe(true)
    await own.getByText('No wallet yet').waitFor()
    await expect(
      dialog.getByRole('link', { name: 'Set up your wallet' }).getAttribute('href'),
    ).resolves.toBe('/profile/wallet')
    await expect(pay.isDisabled()).resolves.toBe(true)
    await dialog.getByLabel('Day').selectOption(TOMORROW)
    await dialog.getByText('6pm - 10pm', { exact: true }).click()
    await expect(pay.isEnabled()).resolves.toBe(true)
    await animationsDone(page) // the chosen session's colour change
    await page.screenshot({ path: `${SCREENSHOTS}print-studio-panel-signed-in-desktop.png` })
    await pay.click()

    const overlay = page.getByRole('alertdialog', { name: 'Booking successful!' })
    await overlay.waitFor()
    await expect(overlay.innerText()).resolves.toContain(
      'A spot for a Print Studio Session has been reserved',
    )
    await overlay.getByRole('button', { name: 'View Bookings' }).waitFor()
    await animationsDone(page) // the opening animation
    await page.screenshot({ path: `${SCREENSHOTS}print-studio-booked-overlay-desktop.png` })

    expect(await balanceOf(app.db, communityWalletId)).toBe(before - 3_000_000)
    const rows = await app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.email, 'femi@example.com'), eq(bookings.type, 'print-studio')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ paidWith: 'community-wallet', timeSlot: '6pm - 10pm' })

    await overlay.getByRole('button', { name: 'View Bookings' }).click()
    await page.waitForURL(`${app.url}/profile/bookings`)
  })

  it('says beside the wallet that its balance is short, with a link to top it up', async () => {
    const { page, walletId } = await app.signInTab('ada@example.com')
    if (!walletId) throw new Error('No wallet for Ada in the demo data')
    expect(await balanceOf(app.db, walletId)).toBe(2_500_000) // ₦25,000 for a ₦30,000 session

    await page.goto(`${app.url}/print-studio`)
    const dialog = await openPanel(page)
    await dialog.getByLabel('Day').selectOption(TOMORROW)
    await dialog.getByText('10am - 2pm', { exact: true }).click()
    const pay = dialog.getByRole('button', { name: 'Pay via Wallet' })
    await pay.getByText('Balance ₦25,000.00').waitFor()
    await expect(pay.isDisabled()).resolves.toBe(true)
    await dialog.getByText('Your wallet is ₦5,000.00 short.').waitFor()
    await expect(pay.getAttribute('aria-describedby')).resolves.toBeTruthy()
    const topUp = dialog.getByRole('link', { name: 'Top up' })
    await expect(topUp.getAttribute('href')).resolves.toBe('/profile/wallet')
    // Card payment stays open to her.
    await expect(
      dialog.getByRole('button', { name: 'Book', exact: true }).isEnabled(),
    ).resolves.toBe(true)
    await topUp.click()
    await page.waitForURL(`${app.url}/profile/wallet`)
  })

  it("shows the server's message when the balance went down meanwhile, then reloads", async () => {
    const { page, walletId } = await app.signInTab('ada@example.com')
    if (!walletId) throw new Error('No wallet for Ada in the demo data')
    const before = await balanceOf(app.db, walletId)
    await app.db.update(wallets).set({ balanceMinor: 10_000_000 }).where(eq(wallets.id, walletId))
    try {
      await page.goto(`${app.url}/print-studio`)
      const dialog = await openPanel(page)
      await dialog.getByLabel('Day').selectOption(TOMORROW)
      await dialog.getByText('10am - 2pm', { exact: true }).click()
      const pay = dialog.getByRole('button', { name: 'Pay via Wallet' })
      await pay.getByText('Balance ₦100,000.00').waitFor()
      // Spent elsewhere (another tab, the community's creator) after the panel read it.
      await app.db.update(wallets).set({ balanceMinor: 0 }).where(eq(wallets.id, walletId))
      await pay.click()
      const alert = dialog.getByRole('alert')
      await alert.waitFor()
      await expect(alert.innerText()).resolves.toMatch(/balance|enough|low/i)
      await page.screenshot({ path: `${SCREENSHOTS}print-studio-wallet-failed-desktop.png` })
      expect(await balanceOf(app.db, walletId)).toBe(0)

      // After 5 s (on the page's clock) the page reloads: the panel is gone and the page is fresh.
      const reloaded = page.waitForEvent('load', { timeout: 8000 })
      await page.clock.fastForward(5000)
      await reloaded
      await page.getByRole('heading', { level: 1, name: 'Print Studio' }).waitFor()
      await expect(page.getByRole('dialog').count()).resolves.toBe(0)
    } finally {
      await app.db.update(wallets).set({ balanceMinor: before }).where(eq(wallets.id, walletId))
    }
  })
})

// The page and its panel are photographed by the print studio's replays; the booked page's
// 'Book again' has no replay of its own.
describe('screenshots', () => {
  it.each(Object.entries(WIDTHS))(
    'of the booked page and its Book again at %s width',
    async (name, width) => {
      const booked = await open(
        '/booked-printstudio?email=bola%40example.com&name=Bola%20Ade&day=2026-11-25&type=print-studio&phone=0809%20111%202222&time=2pm%20-%206pm',
        width,
      )
      await booked.getByRole('button', { name: 'Book again' }).waitFor()
      await booked.screenshot({ path: `${SCREENSHOTS}booked-printstudio-${name}.png` })
      await booked.getByRole('button', { name: 'Book again' }).click()
      await booked.getByRole('dialog', { name: 'Book again' }).getByLabel('Day').waitFor()
      await animationsDone(booked)
      await booked.screenshot({ path: `${SCREENSHOTS}booked-printstudio-rebook-${name}.png` })
    },
  )
})
