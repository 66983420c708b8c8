import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { events, wallets } from '../../server/db/schema'
import { balanceOf, bookingsOf } from '../support/bookings'
import {
  animationsDone,
  answerCheckout,
  appInBrowser,
  handled,
  SCREENSHOTS,
  WIDTHS,
  watchLeaving,
} from '../support/browser'
import { coveredBy, layoutProblems } from '../support/layout'

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')

// Each test in the file's one tab, as in a new window (see appInBrowser).
const app = appInBrowser(NOW)
const { openInTab: open } = app

async function signInAda(width: number) {
  const { page, walletId } = await app.signInTab('ada@example.com', width)
  if (!walletId) throw new Error('Ada has no wallet')
  return { page, walletId }
}

/** Opens the RSVP panel from the event page's action button. */
async function openPanel(page: Page, action: 'Get Ticket' | 'Buy Ticket') {
  await page.getByRole('button', { name: action, exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await animationsDone(page) // the opening animation
  return dialog
}

async function fillGuest(page: Page, guest: { email: string; name: string; phone: string }) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email Address').fill(guest.email)
  await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
  await dialog.getByLabel('Phone Number').fill(guest.phone)
}

describe('a guest', () => {
  it('gets a free ticket and lands on the registered page, with the receipt in the outbox', async () => {
    const guest = {
      email: 'chukwuemeka.adebayo-okafor@example.com',
      name: 'Chukwuemeka Adebayo-Okafor',
      phone: '0803 555 0199',
    }
    const page = await open('/event/poetry-and-palm-wine', WIDTHS.phone)
    // Read down to the About first, as people do before they tap the sticky action.
    await page.evaluate(() => window.scrollTo(0, 430))
    const dialog = await openPanel(page, 'Get Ticket')
    const book = dialog.getByRole('button', { name: 'Get Ticket' })

    // Section 5: disabled until the name, a valid e-mail and the phone are there.
    await expect(book.isDisabled()).resolves.toBe(true)
    await dialog.getByText('To continue, enter your name').waitFor()
    await fillGuest(page, { ...guest, email: 'chukwuemeka.adebayo-okafor@' })
    await expect(book.isDisabled()).resolves.toBe(true)
    await dialog.getByText('Please enter a valid email address.').waitFor()
    await dialog.getByLabel('Email Address').fill(guest.email)
    await expect(book.isEnabled()).resolves.toBe(true)
    // The first (only) day and slot are chosen already.
    await expect(dialog.getByRole('radio', { name: '4pm - 8pm' }).isChecked()).resolves.toBe(true)
    await expect(dialog.getByText('Free', { exact: true }).isVisible()).resolves.toBe(true)

    // The event page stayed where the guest had read to, the app's start notwithstanding.
    expect(await page.evaluate(() => window.scrollY)).toBe(430)
    await book.click()
    await page.waitForURL('**/event/poetry-and-palm-wine/registered?**')
    const url = new URL(page.url())
    for (const key of ['email', 'name', 'time', 'date', 'address', 'imgUrl', 'starts', 'ends']) {
      expect(url.searchParams.get(key), key).not.toBe('')
    }
    expect(url.searchParams.get('timeslots')).toBe('["4pm - 8pm"]')
    await page.getByText('Registered', { exact: true }).waitFor()
    await page.getByRole('heading', { level: 1, name: 'Poetry & Palm Wine' }).waitFor()
    await page.getByText("We've sent you a receipt at").waitFor()
    await page.getByText(guest.email).first().waitFor()
    // The page opens at its top, the title on screen, and the banner covers nothing.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const title = await page.getByRole('heading', { level: 1 }).boundingBox()
    expect(title && title.y >= 56 && title.y + title.height <= 844).toBe(true)
    expect(await coveredBy(page.getByRole('status').getByText('Registered'))).toEqual([])
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}registered-opened-phone.png` })

    const rows = await bookingsOf(app.db, guest.email)
    expect(rows.map((b) => [b.eventId, b.paidWith, b.amountMinor, b.timeSlot, b.status])).toEqual([
      ['poetry-and-palm-wine', 'free', 0, '4pm - 8pm', 'confirmed'],
    ])
    const mail = await app.outboxTo(guest.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true)
  })

  it("closes the booking drawer with the phone's Back and stays on the event, where it was", async () => {
    const page = await open('/event/risograph-workshop', WIDTHS.phone)
    await page.evaluate(() => window.scrollTo(0, 300))
    const dialog = await openPanel(page, 'Buy Ticket')
    await fillGuest(page, { email: 'bisi@example.com', name: 'Bisi', phone: '0803 555 0110' })
    await page.goBack()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/event/risograph-workshop')
    await page.getByRole('heading', { level: 1, name: 'Risograph Workshop' }).waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(300)
    // Its close button takes its entry away too: Back then leaves the event as usual.
    const again = await openPanel(page, 'Buy Ticket')
    await again.getByRole('button', { name: 'Close' }).click()
    await again.waitFor({ state: 'detached' })
    await page.waitForFunction(() => !(history.state?.usr as { panel?: string } | null)?.panel)
    expect(new URL(page.url()).pathname).toBe('/event/risograph-workshop')
  })

  it('buys a paid ticket through the checkout: booked once though the webhook and the return both report it', async () => {
    const guest = { email: 'tolu.paid@example.com', name: 'Tolu Paid', phone: '0803 555 0101' }
    const page = await open('/event/risograph-workshop', WIDTHS.desktop)
    const dialog = await openPanel(page, 'Buy Ticket')
    await fillGuest(page, guest)
    // Two slots: the first is chosen; pick the second.
    await dialog.getByText('4pm - 8pm', { exact: true }).click()
    await dialog.getByText('₦15,000', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Pay ₦15,000 by card' }).click()

    await answerCheckout(page, 'Pay', '₦15,000.00')

    await page.waitForURL('**/event/risograph-workshop/registered?**')
    await page.getByRole('heading', { level: 1, name: 'Risograph Workshop' }).waitFor()
    await page.getByText("We've sent you a receipt at").waitFor()
    // The second slot was booked: the first is the other session.
    await page.getByText('Other sessions: 12pm - 4pm').waitFor()
    // The reference is gone from the address once settled: a reload does not verify again.
    await page.waitForFunction(() => !location.search.includes('reference='))

    const rows = await bookingsOf(app.db, guest.email)
    expect(rows.map((b) => [b.eventId, b.amountMinor, b.timeSlot, b.status])).toEqual([
      ['risograph-workshop', 1_500_000, '4pm - 8pm', 'confirmed'],
    ])
    expect(await app.outboxTo(guest.email)).toHaveLength(1)
  })

  it('is told a declined payment made no booking, and gets no receipt', async () => {
    const guest = { email: 'tolu.declined@example.com', name: 'Tolu No', phone: '0803 555 0102' }
    const page = await open('/event/risograph-workshop', WIDTHS.phone)
    const dialog = await openPanel(page, 'Buy Ticket')
    await fillGuest(page, guest)
    await dialog.getByRole('button', { name: 'Pay ₦15,000 by card' }).click()
    await answerCheckout(page, 'Decline')

    await page.waitForURL('**/event/risograph-workshop/registered?**')
    await page
      .getByText(
        'Your card payment did not go through: nothing was charged and no booking was made.',
      )
      .waitFor()
    await expect(page.getByText("We've sent you a receipt at").count()).resolves.toBe(0)
    const rows = await bookingsOf(app.db, guest.email)
    expect(rows.filter((b) => b.status !== 'cancelled')).toEqual([])
    expect(await app.outboxTo(guest.email)).toEqual([])
  })
})

describe('an active member', () => {
  it("pays the friends' price from her wallet; the balance drops by exactly that", async () => {
    const { page, walletId } = await signInAda(WIDTHS.desktop)
    const before = await balanceOf(app.db, walletId)
    const earlier = new Set((await bookingsOf(app.db, 'ada@example.com')).map((b) => b.id))
    // Tomorrow's Listening Session (she holds a ticket for tonight's Rooftop Jazz already).
    await page.goto(`${app.url}/event/listening-session`)
    // Her membership is read from the profile: the friends' price shows once it is.
    await page.getByText("Friend's special price").first().waitFor()
    const dialog = await openPanel(page, 'Buy Ticket')
    await dialog.getByText('₦3,000', { exact: true }).waitFor()
    await expect(dialog.getByRole('radio', { name: 'Tomorrow' }).isChecked()).resolves.toBe(true)
    // No guest details asked: she books with her stored ones.
    await expect(dialog.getByLabel('Email Address').count()).resolves.toBe(0)
    await dialog.getByText('Ada Okafor').waitFor()

    // Her wallet, read as the panel opened (the login stored none), with its balance.
    const pay = dialog.getByRole('button', { name: 'Pay via Wallet' })
    await pay.getByText('Balance ₦25,000.00').waitFor()
    await pay.click()
    const overlay = page.getByRole('alertdialog')
    await overlay.getByText("You're going!").waitFor()
    await overlay.getByRole('button', { name: 'View Bookings' }).waitFor()
    await overlay.getByRole('button', { name: 'Close' }).waitFor()
    await animationsDone(page) // the opening animation
    await page.screenshot({ path: `${SCREENSHOTS}rsvp-member-success-desktop.png` })

    expect(before).toBeDefined()
    expect(await balanceOf(app.db, walletId)).toBe(before - 300_000)
    const made = (await bookingsOf(app.db, 'ada@example.com')).filter((b) => !earlier.has(b.id))
    expect(
      made.map((b) => [b.eventId, b.amountMinor, b.paidWith, b.paymentReference, b.status]),
    ).toEqual([['listening-session', 300_000, 'wallet', 'Wallet transaction', 'confirmed']])

    await overlay.getByRole('button', { name: 'Close' }).click()
    await overlay.waitFor({ state: 'detached' })
  })
})

describe('the panel', () => {
  it('works from the keyboard alone', async () => {
    const page = await open('/event/risograph-workshop', WIDTHS.desktop)
    const action = page.getByRole('button', { name: 'Buy Ticket' })
    await action.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Buy your ticket' })
    await dialog.waitFor()
    // The slots are one radio group: arrows move the choice.
    await dialog.getByRole('radio', { name: '12pm - 4pm' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByRole('radio', { name: '4pm - 8pm' }).isChecked()).resolves.toBe(true)
    await dialog.getByLabel('Email Address').focus()
    await page.keyboard.type('keys@example.com')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Kay Board')
    await page.keyboard.press('Tab')
    await page.keyboard.type('0803 555 0123')
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent)
    expect(focused).toBe('Pay ₦15,000 by card')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect(action.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
  })

  it('gives focus back to its button when used before its first frame is drawn (a busy phone)', async () => {
    const page = await open('/event/risograph-workshop', WIDTHS.phone)
    // The phone draws its next frame half a second late: the panel's focus trap starts then.
    await page.evaluate(() => {
      window.requestAnimationFrame = (draw) => window.setTimeout(() => draw(performance.now()), 500)
      window.cancelAnimationFrame = (frame) => window.clearTimeout(frame)
    })
    const action = page.getByRole('button', { name: 'Buy Ticket' })
    await action.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Buy your ticket' })
    await dialog.waitFor()
    await dialog.getByLabel('Email Address').focus()
    // A frame asked for now comes after the panel's (the page's frames are its late ones): then
    // the focus trap has started.
    await handled(page)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect(action.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
  })
})

describe('a member of a community', () => {
  it('is offered her community wallet too, at 360 px', async () => {
    const { page, communityWalletId } = await app.signInTab('femi@example.com', 360)
    expect(communityWalletId).not.toBeNull()
    await page.goto(`${app.url}/event/risograph-workshop`)
    await page.getByText("Friend's special price").first().waitFor()
    const dialog = await openPanel(page, 'Buy Ticket')
    const community = dialog.getByRole('button', { name: 'Pay via Community Wallet' })
    await community.waitFor()
    await expect(community.isEnabled()).resolves.toBe(true)
    await community.getByText('Balance ₦50,000.00').waitFor()
    // Her own wallet is not set up: said so beside its button, and the button waits.
    await expect(dialog.getByRole('button', { name: 'Pay via Wallet' }).isDisabled()).resolves.toBe(
      true,
    )
    await dialog.getByText('No wallet yet').waitFor()
    await dialog.getByRole('link', { name: 'Set up your wallet' }).waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    )
    expect(overflow).toBe(false)
    await page.screenshot({ path: `${SCREENSHOTS}rsvp-community-360.png` })
  })
})

describe('when the server refuses', () => {
  it("shows the wallet's refusal, then reloads the page 5 s later, charging nothing", async () => {
    // The panel read enough; the balance fell to ₦1,000 before she paid.
    const { page, walletId } = await signInAda(WIDTHS.phone)
    const before = await balanceOf(app.db, walletId)
    try {
      await page.goto(`${app.url}/event/risograph-workshop`)
      await page.getByText("Friend's special price").first().waitFor()
      const dialog = await openPanel(page, 'Buy Ticket')
      const pay = dialog.getByRole('button', { name: 'Pay via Wallet' })
      await pay.getByText(/^Balance ₦/).waitFor()
      await expect(pay.isEnabled()).resolves.toBe(true)
      // Spent elsewhere after the panel read it: the server has the last word.
      await app.db.update(wallets).set({ balanceMinor: 100_000 }).where(eq(wallets.id, walletId))
      await pay.click()
      const alert = dialog.getByRole('alert')
      await alert.getByText('Your wallet balance is too low for this booking.').waitFor()
      await alert.getByText('This page will reload in 5 seconds.').waitFor()
      const leaving = await watchLeaving(page)
      const reloaded = page.waitForEvent('load', { timeout: 10_000 })
      // The 5 s pass on the page's clock.
      const stayed = await leaving.after(5000)
      await reloaded
      expect(stayed).toBeGreaterThanOrEqual(4000)
      expect(await balanceOf(app.db, walletId)).toBe(100_000)
    } finally {
      await app.db.update(wallets).set({ balanceMinor: before }).where(eq(wallets.id, walletId))
    }
  })

  it('says so when the last place goes while a guest is booking, and lets them close', async () => {
    const page = await open('/event/poetry-and-palm-wine', WIDTHS.desktop)
    const dialog = await openPanel(page, 'Get Ticket')
    await fillGuest(page, { email: 'late@example.com', name: 'Late Comer', phone: '0803 555 0111' })
    await app.db
      .update(events)
      .set({ rsvpOpen: false })
      .where(eq(events.id, 'poetry-and-palm-wine'))
    try {
      await dialog.getByRole('button', { name: 'Get Ticket' }).click()
      await dialog
        .getByRole('alert')
        .getByText('Sold out: the last places went while you were booking.')
        .waitFor()
      // Busy is cleared: the person can change something and try again, or close.
      await expect(dialog.getByRole('button', { name: 'Get Ticket' }).isEnabled()).resolves.toBe(
        true,
      )
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await bookingsOf(app.db, 'late@example.com')).toEqual([])
    } finally {
      await app.db
        .update(events)
        .set({ rsvpOpen: true })
        .where(eq(events.id, 'poetry-and-palm-wine'))
    }
  })
})

describe('the registered page', () => {
  const query = (rsvp: boolean) =>
    new URLSearchParams({
      email: 'amaka@example.com',
      name: 'Amaka Obi',
      time: '4pm - 8pm',
      date: '2026-11-26',
      address: '16 Akin Olugbade Street, Victoria Island, Lagos',
      imgUrl: '/images/posters/poetry-evening.svg',
      starts: '2026-11-26T15:00:00.000Z',
      ends: '2026-11-26T19:00:00.000Z',
      type: 'event',
      rsvp: String(rsvp),
      price: '0',
      venue: 'Courtyard',
      timeslots: JSON.stringify(['4pm - 8pm']),
    })

  it('shows the banner for 6 s, a calendar file in Lagos time and a prefilled support message', async () => {
    const page = await open(`/event/poetry-and-palm-wine/registered?${query(true)}`, WIDTHS.phone)
    const banner = page.getByRole('status').getByText('Registered', { exact: true })
    await banner.waitFor()
    await page.getByRole('heading', { level: 1, name: 'Poetry & Palm Wine' }).waitFor()

    const again = page.getByRole('link', { name: 'Get another ticket' })
    await expect(again.getAttribute('href')).resolves.toBe('/event/poetry-and-palm-wine')

    const calendar = page.getByRole('link', { name: 'Add to calendar' })
    await expect(calendar.getAttribute('download')).resolves.toBe('Poetry & Palm Wine.ics')
    const ics = await calendar.evaluate(async (a) =>
      (await fetch((a as HTMLAnchorElement).href)).text(),
    )
    expect(ics).toContain('DTSTART;TZID=Africa/Lagos:20261126T160000')
    expect(ics).toContain('DTEND;TZID=Africa/Lagos:20261126T200000')
    expect(ics).toContain('SUMMARY:Poetry & Palm Wine')

    await page.getByRole('button', { name: "I didn't get a receipt" }).click()
    const support = page.getByRole('dialog', { name: "I didn't get a receipt" })
    await support
      .getByText('Poetry & Palm Wine on Thursday, November 26, 2026 (4pm - 8pm)')
      .waitFor()
    await support.getByText('amaka@example.com').waitFor()
    await expect(
      support.getByRole('link', { name: /Send on WhatsApp/ }).getAttribute('href'),
    ).resolves.toMatch(/^https:\/\/wa\.me\/\d+\?text=.*amaka%40example\.com/)
    await expect(
      support.getByRole('link', { name: 'Send Via Email' }).getAttribute('href'),
    ).resolves.toMatch(/^mailto:/)
    await page.keyboard.press('Escape')
    await support.waitFor({ state: 'detached' })

    await page.clock.fastForward(6000) // the banner's 6 s, on the page's clock
    await banner.waitFor({ state: 'detached', timeout: 8000 })
  })

  it("offers a disabled 'Sold out' instead of another ticket when rsvp is off", async () => {
    const page = await open(`/event/poetry-and-palm-wine/registered?${query(false)}`)
    const soldOut = page.getByRole('button', { name: 'Sold out' })
    await soldOut.waitFor()
    await expect(soldOut.isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Get another ticket' }).count()).resolves.toBe(0)
  })
})
