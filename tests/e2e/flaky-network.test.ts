import { eq } from 'drizzle-orm'
import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from '../../server/db/schema'
import { balanceOf, bookingsOf } from '../support/bookings'
import { appInBrowser, SCREENSHOTS, WIDTHS, walletsOf } from '../support/browser'

// A Lagos mobile network: the request reaches the server, the server acts, and the answer is
// lost on the way back. The app sends the same write again with the same Idempotency-Key, and
// the person ends up with one booking (docs/decisions/015).

const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

interface Cut {
  /** The Idempotency-Key of every attempt that reached the server, in order. */
  keys: (string | null)[]
  /** The statuses the server answered, including those the browser never saw. */
  statuses: number[]
}

/**
 * Stands between the page and the server for one call: the first `lose` answers are dropped
 * after the server has acted (the connection is reset), the rest go through.
 */
async function loseAnswers(page: Page, method: string, path: string, lose: number): Promise<Cut> {
  const cut: Cut = { keys: [], statuses: [] }
  await page.route(`**${path}`, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback()
    cut.keys.push(route.request().headers()['idempotency-key'] ?? null)
    const response = await route.fetch()
    cut.statuses.push(response.status())
    if (cut.statuses.length <= lose) return route.abort('connectionreset')
    return route.fulfill({ response })
  })
  return cut
}

describe('an answer lost after the server acted', () => {
  it('books a free ticket once, though the first answer never came back', async () => {
    const guest = {
      email: 'oluwaseun.adebayo-okonkwo@lagosstatecreativecollective.org.ng',
      name: 'Oluwaseun Oluwadamilare Adebayo-Okonkwo',
      phone: '0803 555 0142',
    }
    const page = await app.openInTab('/event/poetry-and-palm-wine', WIDTHS.phone)
    const cut = await loseAnswers(page, 'POST', '/api/bookings/rsvp', 1)
    await page.getByRole('button', { name: 'Get Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email Address').fill(guest.email)
    await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
    await dialog.getByLabel('Phone Number').fill(guest.phone)
    await dialog.getByRole('button', { name: 'Get Ticket' }).click()

    await page.waitForURL('**/event/poetry-and-palm-wine/registered?**')
    await page.getByText("We've sent you a receipt at").waitFor()
    // Two attempts reached the server with one key; it booked on the first and answered the
    // second with the same 201.
    expect(cut.statuses).toEqual([201, 201])
    expect(cut.keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(cut.keys[1]).toBe(cut.keys[0])
    const rows = await bookingsOf(app.db, guest.email)
    expect(rows.map((row) => [row.eventId, row.status])).toEqual([
      ['poetry-and-palm-wine', 'confirmed'],
    ])
    expect(await app.outboxTo(guest.email)).toHaveLength(1)
  })

  it('takes a member’s wallet payment once, though its answer was lost twice', async () => {
    const [ada] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, 'ada@example.com'))
    const { walletId } = await walletsOf(app.db, ada?.id ?? '', 'ada@example.com')
    if (!walletId) throw new Error('Ada has no wallet')
    const before = await balanceOf(app.db, walletId)
    const earlier = new Set((await bookingsOf(app.db, 'ada@example.com')).map((b) => b.id))

    // She logs in as people do, by the e-mailed link, then opens tomorrow's Listening Session.
    const { page } = await app.logInTab('ada@example.com', WIDTHS.phone)
    await page.goto(`${app.url}/event/listening-session`)
    const cut = await loseAnswers(page, 'POST', '/api/wallets/debit/*', 2)
    await page.getByText("Friend's special price").first().waitFor()
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy your ticket' })
    const pay = dialog.getByRole('button', { name: /^Pay via Wallet/ })
    await pay.getByText('Balance ₦25,000.00').waitFor()
    await pay.click()

    await page.getByRole('alertdialog').getByText("You're going!").waitFor()
    // Three attempts with one key: the first debited and booked, the others were told so.
    expect(cut.statuses).toEqual([201, 201, 201])
    expect(new Set(cut.keys).size).toBe(1)
    expect(await balanceOf(app.db, walletId)).toBe(before - 300_000)
    const made = (await bookingsOf(app.db, 'ada@example.com')).filter((b) => !earlier.has(b.id))
    expect(made.map((b) => [b.eventId, b.amountMinor, b.paidWith])).toEqual([
      ['listening-session', 300_000, 'wallet'],
    ])
  })
})

describe('a second booking of the same thing', () => {
  it('tells Ada she holds tonight’s ticket already, links to it, and charges nothing', async () => {
    // The demo data gives Ada a Rooftop Jazz ticket for tonight.
    const earlier = await bookingsOf(app.db, 'ada@example.com')
    const { page } = await app.logInTab('ada@example.com', WIDTHS.phone)
    await page.goto(`${app.url}/event/rooftop-jazz`)
    await page.getByText("Friend's special price").first().waitFor()
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy your ticket' })
    await dialog.getByRole('button', { name: /by card$/ }).click()

    await dialog
      .getByRole('alert')
      .getByText(
        "You're already booked for this: Tuesday, November 24, 4pm - 8pm. To bring someone, book with their e-mail.",
      )
      .waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}already-booked-phone.png` })
    expect(await bookingsOf(app.db, 'ada@example.com')).toHaveLength(earlier.length)
    await dialog.getByRole('link', { name: 'View booking' }).click()
    await page.waitForURL('**/profile/bookings')
    await page.getByRole('main').getByText('Rooftop Jazz').first().waitFor()
  })
})
