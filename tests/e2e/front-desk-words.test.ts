import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatMinor } from '../../machines/rules/money'
import type { components } from '../../openapi/schema'
import { bookings } from '../../server/db/schema'
import { DEMO_STAFF, LONG_NAMED_APPLICANT, LONG_NAMED_MEMBER } from '../../server/db/seed'
import { seriousViolations } from '../support/a11y'
import { bearer, signIn } from '../support/api-app'
import { appInBrowser, SCREENSHOTS, viewportOf, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// The front desk as staff meet it (issue 51, points 9 and 10): the login link opens the day, not
// the bye-laws, with no member's banner; the day leads with what is on and folds the spaces
// nobody booked into a line; the audit log names people, records and money as people say them;
// the development outbox shows its QR codes and fits a 320 px phone.

// A Tuesday, 10:00 in Lagos: Rooftop Jazz is on today.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
const GUEST = {
  name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
  email: 'chukwuemeka.adebayo-nwachukwu@lagosprintmakers.com.ng',
}

/** A staff call to the server at `path`, as the front desk's phone would make it. */
async function staffCall<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await signIn({ db: app.db, now: NOW }, DEMO_STAFF)
  const response = await fetch(`${app.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...bearer(token),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300)
  return (await response.json()) as T
}

/** Staff acts, as the desk does through the day: a check-in, an approval, a refund, an extension. */
async function aDayAtTheDesk(): Promise<{ refunded: string }> {
  const [ticket] = await app.db
    .insert(bookings)
    .values({
      email: GUEST.email,
      name: GUEST.name,
      phone: '+234 803 555 0177',
      eventId: 'rooftop-jazz',
      type: 'event',
      venue: 'Rooftop Terrace',
      date: '2026-11-24',
      timeSlot: '4pm - 8pm',
      paidWith: 'free',
    })
    .returning()
  await staffCall('/staff/check-ins', { method: 'POST', body: { code: ticket?.ticketCode } })

  const { applications } = await staffCall<{
    applications: components['schemas']['StaffApplication'][]
  }>('/staff/applications')
  const applicant = applications.find((a) => a.email === LONG_NAMED_APPLICANT)
  await staffCall(`/staff/applications/${applicant?.id}/approve`, { method: 'POST' })

  const { payments } = await staffCall<{ payments: components['schemas']['StaffPayment'][] }>(
    '/staff/payments?q=ada@example.com',
  )
  const payment = payments.find((p) => p.refundable)
  if (!payment) throw new Error('Ada has no payment to refund')
  await staffCall(`/staff/payments/${payment.id}/refund`, {
    method: 'POST',
    body: { method: payment.method, reason: 'The session moved to Sunday; we are sorry.' },
  })

  const { members } = await staffCall<{ members: components['schemas']['StaffMember'][] }>(
    `/staff/members?q=${LONG_NAMED_MEMBER}`,
  )
  await staffCall(`/staff/members/${members[0]?.id}/extension`, {
    method: 'POST',
    body: { until: '2028-01-31', reason: 'Two months for the photo walks he led.' },
  })
  return { refunded: formatMinor(payment.amountMinor, payment.currency) }
}

const entryOf = (page: Page, action: string) =>
  page.getByRole('region', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: action })

describe('the front desk, from the login link', () => {
  it('lands staff on the day, not the bye-laws, and their menu asks them to activate nothing', async () => {
    const { page } = await app.logInTab(DEMO_STAFF, WIDTHS.phone)
    expect(new URL(page.url()).pathname).toBe('/staff')
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor()
    await page.goto(`${app.url}/menu`)
    await page.getByRole('link', { name: 'Front desk: today and check-in' }).waitFor()
    await expect(page.getByText('Your membership is inactive').count()).resolves.toBe(0)
    await expect(page.getByRole('link', { name: 'Activate' }).count()).resolves.toBe(0)
  })

  it('leads the day with the event; the co-working and studio sessions nobody booked are one line each', async () => {
    const { page } = await app.logInTab(DEMO_STAFF, 320)
    const sessions = page.getByRole('region', { name: 'Sessions' })
    const cards = sessions.getByRole('list').first().getByRole('listitem')
    await cards.filter({ hasText: 'Rooftop Jazz' }).first().waitFor()
    // Nobody booked co-working or the studio today: no empty cards above the event.
    await expect(cards.first().innerText()).resolves.toContain('Rooftop Jazz')
    await expect(cards.filter({ hasText: 'Co-working' }).count()).resolves.toBe(0)
    const quiet = page.getByRole('list', { name: 'Open, nothing booked' })
    await quiet.getByText('No co-working bookings').waitFor()
    await quiet.getByText('No print studio bookings').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}staff-today-quiet-320.png`, fullPage: true })
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await page.screenshot({ path: `${SCREENSHOTS}staff-today-quiet-1280.png`, fullPage: true })
  })

  it('names in the audit log the guest, applicant, payer and member, money in naira, staff by name', async () => {
    const { refunded } = await aDayAtTheDesk()
    const { page } = await app.logInTab(DEMO_STAFF, WIDTHS.phone)
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()

    const checkIn = entryOf(page, 'Checked a ticket in')
    await checkIn.getByText(GUEST.name, { exact: true }).waitFor()
    await checkIn
      .getByText('Ticket for Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm')
      .waitFor()
    await checkIn.getByText('Checked in by').waitFor()
    await checkIn.getByText(STAFF_NAME, { exact: true }).waitFor()
    await checkIn.getByText(`Nov 24, 2026, 10am · ${STAFF_NAME} · ${DEMO_STAFF}`).waitFor()

    const approval = entryOf(page, 'Approved an application')
    await approval.getByText('Chukwuemekaoluwaseun Adebayo-Nwachukwu', { exact: true }).waitFor()
    await approval.getByText(`Community application · ${LONG_NAMED_APPLICANT}`).waitFor()
    await approval.getByText('Waiting for a decision → Approved').waitFor()

    const refund = entryOf(page, 'Refunded a payment')
    await refund.getByText('Ada Okafor', { exact: true }).waitFor()
    await refund.getByText('Amount refunded').waitFor()
    await refund.getByText(refunded, { exact: true }).first().waitFor()
    await refund.getByText('The session moved to Sunday; we are sorry.').waitFor()

    const extension = entryOf(page, 'Extended a membership')
    await extension.getByText('Oluwaseun Adebayo-Williams', { exact: true }).waitFor()
    await extension.getByText(/→ Jan 31, 2028$/).waitFor()

    // Nothing a developer reads: no stored field names, ids or minor units.
    const log = await page.getByRole('region', { name: 'Audit log' }).innerText()
    expect(log).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(log).not.toMatch(/amountMinor|checkedInBy|accountId|subscriptionExpiry|<[^>]+@/)
    expect(log).not.toMatch(/\b\d{5,}\b/)

    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize(viewportOf(320))
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}staff-audit-words-320.png`, fullPage: true })
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await page.screenshot({ path: `${SCREENSHOTS}staff-audit-words-1280.png`, fullPage: true })
  })
})

describe('the development outbox', () => {
  it("shows a receipt's QR code under its own policy, and fits a 320 px phone", async () => {
    const page = await app.tab(320)
    const blocked: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text())
    })
    // A ticket's receipt with its QR code: Ada's booking of the free Poetry & Palm Wine.
    const booked = await fetch(`${app.url}/api/bookings/rsvp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Email: GUEST.email,
        Name: GUEST.name,
        Phone: '+234 803 555 0177',
        Event: 'poetry-and-palm-wine',
        Type: 'event',
        Venue: 'Courtyard',
        Date: '2026-11-26',
        Amount: 0,
        'Time Slot': '4pm - 8pm',
        'Paid with': 'free',
        'Payment Reference': null,
      }),
    })
    expect(booked.status, await booked.clone().text()).toBe(201)
    await page.goto(`${app.url}/dev/outbox`)
    const qr = page.locator('article').filter({ hasText: GUEST.email }).getByRole('img').first()
    await qr.waitFor()
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(blocked.filter((text) => /Content Security Policy/i.test(text))).toEqual([])
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }))
    expect(scroll).toBeLessThanOrEqual(client)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}dev-outbox-320.png` })
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await page.screenshot({ path: `${SCREENSHOTS}dev-outbox-1280.png` })
  })
})
