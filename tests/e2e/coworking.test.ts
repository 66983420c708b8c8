import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { spaces } from '../../server/db/schema'
import { balanceOf, bookingsOf } from '../support/bookings'
import {
  animationsDone,
  answerCheckout,
  appInBrowser,
  hydrated,
  SCREENSHOTS,
  WIDTHS,
} from '../support/browser'

// A Tuesday, 10:00 in Lagos, as in the other browser tests: Monday is 2026-11-30.
const NOW = new Date('2026-11-24T09:00:00Z')

// Each test in the file's one tab, as in a new window (see appInBrowser).
const app = appInBrowser(NOW)
const { openInTab: open } = app

/** Ada's co-working bookings for one day. */
const adaSpotsOn = async (date: string) =>
  (await bookingsOf(app.db, 'ada@example.com')).filter((b) => b.type === 'spot' && b.date === date)

/** Opens 'Book now' from the page's Book button. */
async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Book now' })
  await dialog.waitFor()
  await animationsDone(page) // the opening animation
  return dialog
}

/** Picks a day or space chip by its text (the radio inside is visually hidden). */
const choose = (dialog: Locator, text: string) =>
  dialog.locator('label').filter({ hasText: text }).first().click()

const radios = (dialog: Locator, group: 'Day' | 'Space') =>
  dialog.getByRole('radiogroup', { name: group }).getByRole('radio')

async function labelsOf(dialog: Locator, group: 'Day' | 'Space'): Promise<string[]> {
  const inputs = radios(dialog, group)
  const labels: string[] = []
  for (let i = 0; i < (await inputs.count()); i++) {
    labels.push(
      (
        await inputs
          .nth(i)
          .evaluate(
            (input) =>
              input.getAttribute('aria-label') ?? input.closest('label')?.textContent ?? '',
          )
      )
        .replace(/\s+/g, ' ')
        .trim(),
    )
  }
  return labels
}

describe('the co-working page', () => {
  it("says what is included, the hours, and offers 'Book'", async () => {
    const page = await open('/co-working', WIDTHS.phone)
    await page.getByRole('heading', { level: 1, name: 'Book a spot' }).waitFor()
    for (const item of [
      'Communal seating',
      'Internet access',
      'Global network of creatives',
      'Honesty bar',
    ]) {
      await page.getByText(item, { exact: true }).waitFor()
    }
    await page.getByText('Tuesday to Sunday', { exact: true }).waitFor()
    await page.getByText('10am — 10pm', { exact: true }).waitFor()
    await page.getByText('N/A', { exact: true }).waitFor()
    const book = page.getByRole('button', { name: 'Book', exact: true })
    await expect(book.isEnabled()).resolves.toBe(true)
  })
})

describe('without a co-working space', () => {
  it("shows a disabled 'Not available' instead of 'Book'", async () => {
    await app.db.update(spaces).set({ coworking: false }).where(eq(spaces.kind, 'coworking'))
    try {
      const page = await open('/co-working', WIDTHS.phone)
      const unavailable = page.getByRole('button', { name: 'Not available' })
      await unavailable.waitFor()
      await expect(unavailable.isDisabled()).resolves.toBe(true)
      await expect(page.getByRole('button', { name: 'Book', exact: true }).count()).resolves.toBe(0)
    } finally {
      await app.db.update(spaces).set({ coworking: true }).where(eq(spaces.kind, 'coworking'))
    }
  })
})

describe('a guest', () => {
  it('finds the panel open with what was typed after a reload, and loses it once the panel is closed', async () => {
    const page = await open('/co-working', WIDTHS.phone)
    let dialog = await openPanel(page)
    await choose(dialog, 'Tomorrow')
    await choose(dialog, 'Library')
    await dialog.getByLabel('Email Address').fill('oluwaseun.adebayowilliams@example.org')
    await dialog.getByLabel('Name', { exact: true }).fill('Oluwaseun Adebayo-Williams')
    await dialog.getByLabel('Phone Number').fill('0803 555 0142')
    await dialog.getByRole('button', { name: 'Add a guest' }).click()
    await dialog.getByLabel("Guest 1's name").fill('Chiamaka Eze-Okonkwo')

    // A tap on reload (or a phone putting the tab away): the panel is open again, as it was.
    await page.reload()
    dialog = page.getByRole('dialog', { name: 'Book now' })
    await dialog.waitFor()
    await expect
      .poll(() => dialog.getByLabel("Guest 1's name").inputValue())
      .toBe('Chiamaka Eze-Okonkwo')
    await expect(dialog.getByLabel('Email Address').inputValue()).resolves.toBe(
      'oluwaseun.adebayowilliams@example.org',
    )
    await expect(dialog.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      'Oluwaseun Adebayo-Williams',
    )
    await expect(dialog.getByLabel('Phone Number').inputValue()).resolves.toBe('0803 555 0142')
    await expect(dialog.getByRole('radio', { name: 'Tomorrow' }).isChecked()).resolves.toBe(true)
    await expect(dialog.getByRole('radio', { name: /Library/ }).isChecked()).resolves.toBe(true)
    await dialog.getByText('₦10,000', { exact: true }).waitFor()
    await expect(
      dialog.getByRole('button', { name: 'Book', exact: true }).isEnabled(),
    ).resolves.toBe(true)
    await animationsDone(page)
    await page.screenshot({ path: `${SCREENSHOTS}coworking-reloaded-panel-phone.png` })

    // Closed by the person: a reload shows the page, the panel closed.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('button', { name: 'Book', exact: true }).waitFor()
    await hydrated(page)
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
  })

  it('books with two extra guests, sees ₦15,000 before paying, pays by card and lands on the booked page', async () => {
    const guest = { email: 'kunle.cowork@example.com', name: 'Kunle Bello', phone: '0803 555 0142' }
    const page = await open('/co-working', WIDTHS.phone)
    const dialog = await openPanel(page)
    const book = dialog.getByRole('button', { name: 'Book', exact: true })

    // Section 5: Book waits for a day and a space, and says so.
    await expect(book.isDisabled()).resolves.toBe(true)
    await dialog.getByText('Choose a day and a space, then add').waitFor()
    await choose(dialog, 'Tomorrow')
    await choose(dialog, 'Library')
    await dialog.getByLabel('Email Address').fill('kunle.cowork@')
    await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
    await dialog.getByLabel('Phone Number').fill(guest.phone)
    await expect(book.isDisabled()).resolves.toBe(true)
    await dialog.getByText('Add a valid email address.').waitFor()
    await dialog.getByLabel('Email Address').fill(guest.email)
    await expect(book.isEnabled()).resolves.toBe(true)

    // The counter never goes below 0; each extra guest gets a name input.
    const remove = dialog.getByRole('button', { name: 'Remove a guest' })
    const add = dialog.getByRole('button', { name: 'Add a guest' })
    await expect(remove.isDisabled()).resolves.toBe(true)
    await dialog.getByText('₦5,000', { exact: true }).waitFor()
    await add.click()
    await add.click()
    await dialog.getByLabel("Guest 1's name").fill('Efe Okoro')
    await dialog.getByLabel("Guest 2's name").fill('Femi Ade')
    await dialog.getByText('₦15,000', { exact: true }).waitFor()
    await dialog.getByText('3 people × ₦5,000', { exact: false }).waitFor()
    await dialog.getByLabel('Remember me').check()

    await book.click()
    await answerCheckout(page, 'Pay', '₦15,000.00')

    await page.waitForURL('**/booked-coworking?**')
    const url = new URL(page.url())
    expect(
      Object.fromEntries(
        [...url.searchParams].filter(([key]) => key !== 'reference' && key !== 'trxref'),
      ),
    ).toEqual({
      email: guest.email,
      name: guest.name,
      day: '2026-11-25',
      time: '10am - 10pm',
      type: 'spot',
      phone: guest.phone,
    })
    await page.getByRole('heading', { level: 1, name: 'Your co-working spot' }).waitFor()
    await page.getByRole('status').getByText('Booked').waitFor()
    await page.getByText("We've sent you a receipt at").waitFor()
    await page.getByText(guest.email).first().waitFor()
    await page.waitForFunction(() => !location.search.includes('reference='))

    const rows = await bookingsOf(app.db, guest.email)
    expect(
      rows.map((b) => [
        b.type,
        b.venue,
        b.date,
        b.amountMinor,
        b.visitors,
        b.namesOfVisitors,
        b.status,
      ]),
    ).toEqual([['spot', 'Library', '2026-11-25', 1_500_000, 2, 'Efe Okoro, Femi Ade', 'confirmed']])
    // 'Remember me' kept the details for next time.
    await expect(page.evaluate(() => localStorage.getItem('email'))).resolves.toBe(guest.email)
    await page.screenshot({ path: `${SCREENSHOTS}coworking-booked-phone.png` })

    // The 'Booked' banner goes after 6 s, on the page's clock.
    await page.clock.fastForward(6000)
    await page.getByRole('status').getByText('Booked').waitFor({ state: 'detached', timeout: 8000 })

    // 'Book again' is prefilled from the address; the support panel has the message ready.
    await page.getByRole('button', { name: 'Book again' }).click()
    const again = page.getByRole('dialog', { name: 'Book again' })
    await again.waitFor()
    await expect(again.getByLabel('Email Address').inputValue()).resolves.toBe(guest.email)
    await expect(again.getByLabel('Phone Number').inputValue()).resolves.toBe(guest.phone)
    await expect(again.getByRole('radio', { name: 'Tomorrow' }).isChecked()).resolves.toBe(true)
    await again.getByText('10am - 10pm', { exact: false }).first().waitFor()
    await page.keyboard.press('Escape')
    await again.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: "I didn't get a receipt" }).click()
    const support = page.getByRole('dialog', { name: "I didn't get a receipt" })
    // The message in words, the day written out: never '2026-11-25' nor 'Type: spot'.
    const message = await support.locator('blockquote').innerText()
    expect(message).toContain(
      "I booked a co-working spot for Wednesday, November 25, 2026 (10am - 10pm) but I didn't get a receipt.",
    )
    expect(message).toContain(`Email: ${guest.email}`)
    expect(message).not.toMatch(/2026-11-25|spot\n|Type:/)
    const whatsApp = await support
      .getByRole('link', { name: /Send on WhatsApp/ })
      .getAttribute('href')
    expect(decodeURIComponent(whatsApp?.split('?text=')[1] ?? '')).toBe(message)
    await support.getByRole('link', { name: /Send Via Email/ }).waitFor()
  })

  it("is never offered the '8th Floor' nor a Monday", async () => {
    const page = await open('/co-working', WIDTHS.desktop)
    const dialog = await openPanel(page)
    const spaces = await labelsOf(dialog, 'Space')
    expect(spaces).toEqual(['The Garden Room', 'Library', 'Courtyard'])
    const days = await labelsOf(dialog, 'Day')
    expect(days.length).toBeGreaterThan(5)
    expect(days.slice(0, 2)).toEqual(['Today', 'Tomorrow'])
    expect(days.filter((day) => day.startsWith('Monday'))).toEqual([])
    // Monday 30 November is between Sunday 29 and Tuesday 1 December, and left out.
    expect(days).toContain('Sunday, November 29')
    expect(days).toContain('Tuesday, December 1')
  })
})

describe('an active member', () => {
  it("books alone for free: paid with 'membership', and the success overlay", async () => {
    const { page } = await app.signInTab('ada@example.com', WIDTHS.desktop)
    await page.goto(`${app.url}/co-working`)
    await page.getByText('Free for you').waitFor()
    const dialog = await openPanel(page)
    // She books with her stored details and may choose the 8th Floor.
    await expect(dialog.getByLabel('Email Address').count()).resolves.toBe(0)
    await dialog.getByText('Ada Okafor').waitFor()
    expect(await labelsOf(dialog, 'Space')).toContain('8th Floor Members')
    await dialog.getByText('Free booking', { exact: true }).waitFor()
    // Nothing to pay: no wallet buttons until a second guest costs something.
    await expect(dialog.getByRole('button', { name: /Pay via Wallet/ }).count()).resolves.toBe(0)

    await choose(dialog, 'Today')
    await choose(dialog, '8th Floor')
    await dialog.getByRole('button', { name: 'Book', exact: true }).click()

    const overlay = page.getByRole('alertdialog')
    await overlay.getByText('Booking successful!').waitFor()
    await overlay.getByRole('button', { name: 'View Bookings' }).waitFor()
    await overlay.getByRole('button', { name: 'Close' }).waitFor()
    await animationsDone(page) // the opening animation
    await page.screenshot({ path: `${SCREENSHOTS}coworking-member-booked-desktop.png` })

    const rows = await adaSpotsOn('2026-11-24')
    expect(
      rows.map((b) => [
        b.venue,
        b.amountMinor,
        b.paidWith,
        b.paymentReference,
        b.visitors,
        b.status,
      ]),
    ).toEqual([['8th Floor', 0, 'membership', 'Free booking', 0, 'confirmed']])

    await overlay.getByRole('button', { name: 'View Bookings' }).click()
    await page.waitForURL('**/profile/bookings')
  })
})

describe('a member with two guests', () => {
  it('pays for the second guest from her wallet: the balance drops by ₦5,000', async () => {
    const { page, walletId } = await app.signInTab('ada@example.com', WIDTHS.phone)
    if (!walletId) throw new Error('Ada has no wallet')
    await page.goto(`${app.url}/co-working`)
    await page.getByText('Free for you').waitFor()
    const before = await balanceOf(app.db, walletId)

    const dialog = await openPanel(page)
    const wallet = dialog.getByRole('button', { name: /Pay via Wallet/ })
    await dialog.getByRole('button', { name: 'Add a guest' }).click()
    await dialog.getByRole('button', { name: 'Add a guest' }).click()
    // Section 5: the wallet waits for a day and a space too.
    await expect(wallet.isDisabled()).resolves.toBe(true)
    await choose(dialog, 'Tomorrow')
    await choose(dialog, 'Courtyard')
    await dialog.getByLabel("Guest 1's name").fill('Efe Okoro')
    await dialog.getByLabel("Guest 2's name").fill('  ')
    await dialog.getByText('₦5,000', { exact: true }).waitFor()
    await wallet.click()

    await page.getByRole('alertdialog').getByText('Booking successful!').waitFor()
    expect(await balanceOf(app.db, walletId)).toBe(before - 500_000)
    const rows = await adaSpotsOn('2026-11-25')
    expect(
      rows.map((b) => [
        b.venue,
        b.amountMinor,
        b.paidWith,
        b.paymentReference,
        b.visitors,
        b.namesOfVisitors,
      ]),
    ).toEqual([['Courtyard', 500_000, 'wallet', 'Wallet transaction', 2, 'Efe Okoro']])
  })
})
