import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/a11y'
import { poetry, requestCodeIn } from '../support/bookings'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// Decision 040, as a guest meets it: a script has booked the visitors' third of Thursday's free
// Poetry & Palm Wine with made-up addresses. A real guest still taps 'Get Ticket' once; the
// registered page asks her to open the e-mail, and its link books her ticket.

const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

const GUEST = {
  email: 'oyinkansola.adeyemi-bankole@lagoscreatives.com.ng',
  name: 'Oyinkansola Adeyemi-Bankole',
  phone: '0803 555 0177',
}

/**
 * A script's RSVPs over HTTP, as any client sends them: made-up people, until the server asks
 * for the e-mail (the visitors' share is taken).
 */
async function scriptTakesTheShare(url: string) {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`${url}/api/bookings/rsvp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        poetry({
          Email: `bot${i}.x7q${Date.now()}@mailbox-${i}.example`,
          Name: `Bot ${i}`,
          Phone: `0800000${i}`,
        }),
      ),
    })
    if (response.status === 202) return
    if (response.status !== 201)
      throw new Error(`The script's RSVP ${i} answered ${response.status}`)
  }
  throw new Error('The script booked every place')
}

/** Opens the event's RSVP panel, fills in the guest, and taps 'Get Ticket' once. */
async function getTicket(page: Page, guest: { email: string; name: string; phone: string }) {
  await page.getByRole('button', { name: 'Get Ticket', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email Address').fill(guest.email)
  await dialog.getByLabel('Name', { exact: true }).fill(guest.name)
  await dialog.getByLabel('Phone Number').fill(guest.phone)
  await dialog.getByRole('button', { name: 'Get Ticket' }).click()
  await page.waitForURL('**/event/poetry-and-palm-wine/registered?**')
}

describe('a guest, after a script took the visitors’ share of a free event', () => {
  it('books a guest in one tap while the visitors’ share has room', async () => {
    const page = await app.openInTab('/event/poetry-and-palm-wine', WIDTHS.phone)
    await getTicket(page, {
      email: 'ngozi.chukwuemeka-eze@gmail.com',
      name: 'Ngozi Chukwuemeka-Eze',
      phone: '0806 555 0123',
    })
    await page.getByText('Ticket confirmed').waitFor()
    await page.getByRole('img', { name: 'Ticket for Poetry & Palm Wine' }).waitFor()
  })

  it.each([
    ['phone', WIDTHS.phone],
    ['narrow phone', 320],
    ['desktop', WIDTHS.desktop],
  ])('taps Get Ticket once, opens the e-mailed link and is booked (%s)', async (_label, width) => {
    await scriptTakesTheShare(app.url)
    const guest = { ...GUEST, email: GUEST.email.replace('@', `+${width}@`) }
    const page = await app.openInTab('/event/poetry-and-palm-wine', width)
    await getTicket(page, guest)

    // The registered page: not a ticket yet, the e-mail to open.
    await page.getByText('Check your e-mail').waitFor()
    await page.getByText(/Open the link we sent to/).waitFor()
    expect(await page.getByRole('img', { name: /Ticket for/ }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0)
    await page.getByRole('button', { name: "I didn't get the e-mail" }).waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({
      path: `${SCREENSHOTS}visitor-share-asked-${width}.png`,
      fullPage: true,
    })

    // Her e-mail, opened as she would: the link alone on its line.
    const [mail] = await app.outboxTo(guest.email)
    expect(mail?.subject).toBe(
      'Open to take your place: Poetry & Palm Wine, Thursday, November 26, 2026, 4pm - 8pm',
    )
    const code = requestCodeIn(mail?.text)
    const link = `${app.url}/confirm/${code}`
    expect(mail?.text).toContain(`\n${link}\n`)
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: "You're booked" }).waitFor()
    await page.getByText('Poetry & Palm Wine · Thursday, November 26, 2026 · 4pm - 8pm').waitFor()
    await page.getByRole('img', { name: 'Ticket for Poetry & Palm Wine' }).waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({
      path: `${SCREENSHOTS}visitor-share-booked-${width}.png`,
      fullPage: true,
    })
    // The receipt follows, as for any ticket.
    const [receipt] = await app.outboxTo(guest.email)
    expect(receipt?.subject).toMatch(/^You're booked: Poetry & Palm Wine/)

    // A reload of the link shows the same ticket: no second place, no error.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: "You're booked" }).waitFor()
  })
})
