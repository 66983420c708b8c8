import { fileURLToPath } from 'node:url'
import { addSeconds } from 'date-fns'
import type { FastifyInstance } from 'fastify'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { events } from '../../server/db/schema'
import { seedDemoData } from '../../server/db/seed'
import { seriousViolations } from '../support/a11y'
import { UNLIMITED } from '../support/bookings'
import {
  closeWindows,
  openContext,
  outboxTo,
  SCREENSHOTS,
  WIDTHS,
  workerChromium,
} from '../support/browser'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack'
import { freePort } from '../support/instances'
import { openTestDb, type TestDb } from '../support/test-db'

// A payer sees their refunds on /profile/payments: 'Refund pending' while the provider has not
// taken it (the local Paystack refuses it for a while), 'Refunded' once it has. Ada logs in as a
// person does, by the link e-mailed to her; the late payments she made (which the app's own flow
// cannot make: paid after a decline, for a place given back) are made through the API and the
// fake Paystack, and the refund worker's clock is moved and flushed, never waited for.

// A Tuesday, 10:00 in Lagos, the demo data's clock.
const NOW = new Date('2026-11-24T09:00:00Z')
const DAY = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 500_000
const ADA = 'ada@example.com'

let fake: FakePaystack
let database: TestDb
let app: FastifyInstance
let url: string
let browser: Browser
/** The server's clock, which the refund worker's back-off reads. */
let clock = NOW
let serial = 0

beforeAll(async () => {
  fake = await startFakePaystack()
  database = await openTestDb()
  await seedDemoData(database.db, NOW)
  // The browser's address is the server's PUBLIC_URL: Paystack returns the payer there.
  const port = await freePort()
  app = await buildApp({
    db: database.db,
    publicUrl: `http://127.0.0.1:${port}`,
    now: () => clock,
    webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
    rateLimit: UNLIMITED,
  })
  url = await app.listen({ port, host: '127.0.0.1' })
  fake.webhookUrl = `${url}/api/payments/webhook`
  browser = await workerChromium()
})
afterAll(async () => {
  await closeWindows(browser)
  await app?.close()
  await database?.close()
  await fake?.close()
})

/**
 * A ticket paid by card with Ada's address, declined (its place given back), then paid after all
 * on Paystack's page: the money goes back. Returns the payment's reference.
 */
async function latePayment(): Promise<string> {
  serial += 1
  const eventId = `late-night-${serial}`
  await database.db.insert(events).values({
    id: eventId,
    name: `Late night ${serial}`,
    address: '16 Test Street, Lagos',
    venue: 'The Rooftop',
    startAt: new Date(`${DAY}T18:00:00Z`),
    endAt: new Date(`${DAY}T21:00:00Z`),
    timeSlots: [SLOT],
    priceNaira: PRICE_MINOR / 100,
    capacity: 20,
  })
  const started = await app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    payload: {
      callbackUrl: `/event/${eventId}/registered`,
      email: ADA,
      payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
      booking: {
        Email: ADA,
        Name: 'Ada Okafor',
        Phone: '+234 803 555 0101',
        Event: eventId,
        Type: 'event',
        Venue: 'The Rooftop',
        Date: DAY,
        Amount: PRICE_MINOR,
        'Time Slot': SLOT,
        'Paid with': 'paystack',
        'Payment Reference': null,
        Visitors: 0,
      },
    },
  })
  expect(started.statusCode, started.body).toBe(201)
  const { reference } = started.json().data as { reference: string }
  fake.decline(reference)
  const declined = await app.inject({ url: `/api/payments/verify/${reference}` })
  expect(declined.json().data.status).toBe('failed')
  const { webhook } = await fake.pay(reference)
  expect(webhook.attempts).toEqual([200])
  return reference
}

/** Ada logs in as a person does: her e-mail on /login, then the link the e-mail brings. */
async function logInByLink(page: Page): Promise<void> {
  await page.goto(`${url}/login`)
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor()
  await page.getByLabel('Email Address').fill(ADA)
  await page.getByRole('button', { name: 'Send Login Link' }).click()
  await page.waitForURL('**/login-sent?email=*')
  const mail = (await outboxTo(url, ADA)).find(
    (entry) => entry.subject === 'Your login link for Friends of 16',
  )
  const link = /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`No login link e-mailed to ${ADA}`)
  const address = new URL(link)
  await page.goto(url + address.pathname + address.search)
  // An active member lands on the menu.
  await page.waitForURL('**/menu')
}

/** A payment's card on /profile/payments, found by its reference. */
const paymentCard = (page: Page, reference: string): Locator =>
  page
    .getByRole('region', { name: 'Payments' })
    .getByRole('listitem')
    .filter({ hasText: reference })

describe('/profile/payments', () => {
  it('shows a refund as pending while the provider refuses it, and as refunded once sent', async () => {
    // One refund Paystack takes at once, one it refuses for now.
    const sentAtOnce = await latePayment()
    fake.refuseRefunds = 1
    const refused = await latePayment()
    expect(fake.refunds().map((refund) => refund.reference)).toEqual([sentAtOnce])

    const context = await openContext(browser, WIDTHS.phone, NOW)
    try {
      const page = await context.newPage()
      await logInByLink(page)
      await page.goto(`${url}/profile/payments`)
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor()

      const pending = paymentCard(page, refused)
      await pending.getByText('Refund pending', { exact: true }).waitFor()
      await pending.getByText('the refund is on its way', { exact: false }).waitFor()
      const done = paymentCard(page, sentAtOnce)
      await done.getByText('Refunded', { exact: true }).waitFor()
      await done.getByText('sent back to your card', { exact: false }).waitFor()
      await expect(pending.getByText('Refunded', { exact: true }).count()).resolves.toBe(0)
      await page.screenshot({ path: `${SCREENSHOTS}refunds-pending-390.png`, fullPage: true })

      // Thirty seconds later the worker tries again, and Paystack takes it.
      clock = addSeconds(NOW, 30)
      await expect(app.refunds.flush()).resolves.toBe(1)
      expect(fake.refunds().map((refund) => refund.reference)).toEqual([sentAtOnce, refused])

      await page.reload()
      await paymentCard(page, refused).getByText('Refunded', { exact: true }).waitFor()
      await expect(page.getByText('Refund pending', { exact: true }).count()).resolves.toBe(0)
      await page.screenshot({ path: `${SCREENSHOTS}refunds-sent-390.png`, fullPage: true })
    } finally {
      await context.close()
    }
  })
})

describe("a guest's 'Manage your booking' link", () => {
  it('cancels a ticket paid by card, and Paystack is asked for the whole amount back', async () => {
    const guest = {
      email: 'adaeze.okonkwo-balogun@lagosfilmcollective.com.ng',
      name: 'Adaeze Okonkwo-Balogun',
      phone: '0812 555 0177',
    }
    const context = await openContext(browser, WIDTHS.phone, NOW)
    try {
      const page = await context.newPage()
      // Tomorrow's Listening Session, ₦5,000, bought as a guest by card.
      await page.goto(`${url}/event/listening-session`)
      await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Email Address').fill(guest.email)
      await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
      await dialog.getByLabel('Phone Number').fill(guest.phone)
      await dialog.getByRole('button', { name: 'Pay ₦5,000 by card' }).click()
      await page.waitForURL(`${fake.url}/checkout/**`)
      const paid = [...fake.transactions.values()].find((t) => t.email === guest.email)
      if (!paid) throw new Error('No card payment was started')
      const { returnUrl } = await fake.pay(paid.reference)
      await page.goto(returnUrl)
      await page.getByText("We've sent you a receipt at").waitFor()

      // The receipt's link: the booking, until when it can be cancelled, and where the money goes.
      let link: string | undefined
      await expect
        .poll(async () => {
          const mails = await outboxTo(url, guest.email)
          link = mails
            .map((mail) => /https?:\/\/\S+\/manage\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0])
            .find(Boolean)
          return link
        })
        .toBeDefined()
      await page.goto(url + new URL(link ?? '').pathname)
      await page.getByRole('heading', { name: 'Listening Session' }).waitFor()
      await page.getByText('You can cancel until 7pm on Tuesday, November 24, 2026.').waitFor()
      await page.getByRole('img', { name: 'Ticket for Listening Session' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.screenshot({ path: `${SCREENSHOTS}manage-booking-390.png`, fullPage: true })
      await page.getByRole('button', { name: 'Cancel this booking' }).click()
      const asked = page.getByRole('region', { name: 'Cancel this booking' })
      await asked.getByText('₦5,000.00 goes back to your card.').waitFor()
      await asked.getByRole('button', { name: 'Yes, cancel it' }).click()
      await page
        .getByRole('status')
        .getByText('Cancelled. ₦5,000.00 is on its way back to your card', { exact: false })
        .first()
        .waitFor()
      // Paystack was asked for it once, in full; the ticket is gone from the page.
      await expect
        .poll(() => fake.refunds().filter((r) => r.reference === paid.reference))
        .toEqual([{ reference: paid.reference, amount: 500_000 }])
      // The page reads the booking again after the cancellation: its ticket goes once it has.
      await expect.poll(() => page.getByRole('img', { name: /^Ticket for/ }).count()).toBe(0)
      // The e-mail that says so sends a guest, who has no account, to a page that works: the
      // calendar, not /profile/bookings (which sends a visitor to /menu).
      let said = ''
      await expect
        .poll(async () => {
          const mails = await outboxTo(url, guest.email)
          said = mails.find((mail) => mail.subject.startsWith('Cancelled:'))?.text ?? ''
          return said
        })
        .not.toBe('')
      expect(said).not.toContain('/profile/bookings')
      const onward = /See what's on: (\S+)/.exec(said)?.[1] ?? ''
      expect(onward).toBe(`${url}/`)
      await page.goto(onward)
      await page.locator('article').first().waitFor()
      await page.screenshot({
        path: `${SCREENSHOTS}manage-booking-cancelled-390.png`,
        fullPage: true,
      })
    } finally {
      await context.close()
    }
  })
})
