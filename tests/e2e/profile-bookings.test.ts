import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { answerCheckout, appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos: Ada's Rooftop Jazz ticket is for today; her film night and
// co-working day are past.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

const row = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(name) }).first()

describe('/profile/bookings', () => {
  it("shows a member's bookings, one row open at a time, and past bookings on demand", async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.phone)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings`)

    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor()
    const jazz = row(page, 'Rooftop Jazz')
    await jazz.waitFor()
    await expect(jazz.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(jazz.innerText()).resolves.toContain('Today')

    // Opening the row shows Event, Type, Date, Time Slot and Venue.
    await jazz.click()
    await expect(jazz.getAttribute('aria-expanded')).resolves.toBe('true')
    const details = page.locator(`#${await jazz.getAttribute('aria-controls')}`)
    const facts = await details.locator('dt').allInnerTexts()
    expect(facts.map((f) => f.toLowerCase())).toEqual(
      expect.arrayContaining(['event', 'type', 'date', 'time slot', 'venue']),
    )
    await expect(details.innerText()).resolves.toMatch(/Rooftop Terrace/)
    await expect(details.innerText()).resolves.toMatch(/4pm - 8pm/)
    await expect(details.innerText()).resolves.toMatch(/₦8,000\.00/)
    await page.screenshot({ path: `${SCREENSHOTS}profile-bookings-390.png`, fullPage: true })

    // Past bookings are not loaded until asked for.
    await expect(page.getByText('Film Night').count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Show past bookings' }).click()
    const film = row(page, 'Film Night')
    await film.waitFor()
    await expect(page.getByText('The Garden Room').count()).resolves.toBeGreaterThan(0)

    // One row expands at a time: opening a past one folds the current one.
    await film.click()
    await expect(film.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(jazz.getAttribute('aria-expanded')).resolves.toBe('false')

    await page.getByRole('button', { name: 'Hide past bookings' }).click()
    await expect(page.getByText('Film Night').count()).resolves.toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}profile-bookings-past-390.png`, fullPage: true })
    await context.close()
  })

  it('tells a member with no bookings how to make one', async () => {
    const { context } = await app.signIn('zainab@example.com', WIDTHS.desktop)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings`)
    await page.getByText('No upcoming bookings').waitFor()
    await expect(
      page.getByRole('link', { name: "See what's on" }).getAttribute('href'),
    ).resolves.toBe('/')
    await context.close()
  })

  it('does not show a list for an address with a payment reference nobody knows', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.desktop)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings?reference=made-up-ref-123`)
    await page.getByRole('heading', { name: "We couldn't find this payment" }).waitFor()
    await expect(page.getByText('Rooftop Jazz').count()).resolves.toBe(0)
    // The way back leaves the reference behind and shows the list.
    await page.getByRole('link', { name: 'See your bookings' }).click()
    await row(page, 'Rooftop Jazz').waitFor()
    await context.close()
  })

  /** Starts a card payment for a print-studio session from the signed-in page, as the panel does. */
  async function startStudioPayment(page: Page, day: string, slot: string): Promise<string> {
    return page.evaluate(
      async ({ day, slot }) => {
        const response = await fetch('/api/payments/initiate', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${localStorage.getItem('authToken')}`,
          },
          body: JSON.stringify({
            callbackUrl: `${location.origin}/profile/bookings`,
            email: 'ada@example.com',
            payment: {
              Amount: 3_000_000,
              Currency: 'NGN',
              Account: [localStorage.getItem('userID')],
              Plan: null,
            },
            booking: {
              Email: 'ada@example.com',
              Name: 'Ada Okafor',
              Event: 'Visit',
              Type: 'print-studio',
              Venue: 'Print Studio',
              Date: day,
              Amount: 3_000_000,
              'Time Slot': slot,
              'Paid with': 'paystack',
              'Payment Reference': null,
              Phone: '+234 803 555 0101',
            },
          }),
        })
        const body = await response.json()
        if (!response.ok) throw new Error(`initiate: ${response.status} ${body.message}`)
        return body.data.authorization_url as string
      },
      { day, slot },
    )
  }

  it('comes back from a paid card payment to the list with the new booking, once', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.phone)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings`)
    await row(page, 'Rooftop Jazz').waitFor()
    await expect(page.getByText('Fri, Nov 27').count()).resolves.toBe(0)

    await page.goto(await startStudioPayment(page, '2026-11-27', '10am - 2pm'))
    await answerCheckout(page, 'Pay')
    await page.waitForURL(/\/profile\/bookings/)

    // Settled, then the list, with the session in it; the address no longer carries the reference.
    await row(page, 'Fri, Nov 27').waitFor()
    await page.waitForURL((url) => !url.search.includes('reference'))
    expect(new URL(page.url()).pathname).toBe('/profile/bookings')
    await expect(page.getByRole('button', { name: /Fri, Nov 27/ }).count()).resolves.toBe(1)

    // A reload shows the same list and makes no second verification.
    const verifications: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/payments/verify/')) verifications.push(request.url())
    })
    await page.reload()
    await row(page, 'Fri, Nov 27').waitFor()
    expect(verifications).toEqual([])
    await context.close()
  })

  it('says so, kindly, when the card payment is declined, and books nothing', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.desktop)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings`)
    await row(page, 'Rooftop Jazz').waitFor()

    await page.goto(await startStudioPayment(page, '2026-11-28', '2pm - 6pm'))
    await answerCheckout(page, 'Decline')
    await page
      .getByText(
        'Your card payment did not go through: nothing was charged and no booking was made.',
      )
      .waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}payment-declined-1280.png` })

    await page.getByRole('link', { name: 'See your bookings' }).click()
    await row(page, 'Rooftop Jazz').waitFor()
    await expect(page.getByText('Sat, Nov 28').count()).resolves.toBe(0)
    await context.close()
  })

  it('sends a visitor to /menu', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/bookings`)
    await page.waitForURL('**/menu')
    await expect(page.getByText('Rooftop Jazz').count()).resolves.toBe(0)
    await context.close()
  })
})
