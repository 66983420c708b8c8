import { and, eq, inArray } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingPlaces, bookings } from '../../server/db/schema'
import { seriousViolations } from '../support/a11y'
import { type BookingInput, DAYS, poetry, requestCodeIn } from '../support/bookings'
import { appInBrowser, logInByLink, outboxTo, SCREENSHOTS, WIDTHS } from '../support/browser'
import { layoutProblems } from '../support/layout'

// The waitlist, from where people meet it. A Tuesday, 10:00 in Lagos: Poetry & Palm Wine, free,
// 40 places on Thursday 4pm - 8pm, fills up: the people of one office book through the API (as
// the app books them, from one address). A guest finds it sold out and joins the waitlist at
// 320 px; Chiamaka cancels her place from her receipt's link; the offer reaches the guest by
// e-mail, and its link books the place: the event is full again, and nobody is over capacity.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)
const EVENT = 'poetry-and-palm-wine'
const SLOT = '4pm - 8pm'

const WAITING = {
  name: 'Oluwaseun Adebayo-Ogunleye',
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  phone: '0803 555 0199',
}
const CHIAMAKA = 'chiamaka.nwachukwu-eze@yabatechhub.com.ng'

async function book(body: BookingInput): Promise<Response> {
  return fetch(`${app.url}/api/bookings/rsvp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/**
 * A visitor's free ticket as a person gets it: booked at once, or, once visitors' tickets hold
 * their share of the places (decision 040), by opening the link the server e-mails.
 */
async function bookInPerson(body: BookingInput): Promise<Response> {
  const answer = await book(body)
  if (answer.status !== 202) return answer
  const [mail] = await app.outboxTo(body.Email)
  const code = requestCodeIn(mail?.text)
  if (!code) throw new Error(`No link to take the place in the mail to ${body.Email}`)
  return fetch(`${app.url}/api/bookings/requests/${code}`, { method: 'POST' })
}

/** Chiamaka books, then the people of one office (one address) take every place left. */
async function fillPoetry(): Promise<void> {
  const hers = await book(
    poetry({ Email: CHIAMAKA, Name: 'Chiamaka Nwachukwu-Eze', Phone: '0809 555 0142' }),
  )
  expect(hers.status, await hers.text()).toBe(201)
  for (let person = 1; person <= 40; person++) {
    const answer = await bookInPerson(
      poetry({
        Email: `colleague${person}@lagoscreatives.com.ng`,
        Name: `Colleague ${person} of Lagos Creatives`,
      }),
    )
    if (answer.status === 409) return
    expect(answer.status, await answer.text()).toBe(201)
  }
  throw new Error('Poetry & Palm Wine never filled up')
}

/** The places taken on Thursday's slot, as the counter row keeps them, and the bookings' sum. */
async function placesTaken(): Promise<{ counter: number; booked: number }> {
  const [counter] = await app.db
    .select({ taken: bookingPlaces.taken })
    .from(bookingPlaces)
    .where(
      and(
        eq(bookingPlaces.thing, EVENT),
        eq(bookingPlaces.date, DAYS.poetry),
        eq(bookingPlaces.timeSlot, SLOT),
      ),
    )
  const rows = await app.db
    .select({ visitors: bookings.visitors })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, EVENT),
        eq(bookings.date, DAYS.poetry),
        inArray(bookings.status, ['confirmed', 'held']),
      ),
    )
  return {
    counter: counter?.taken ?? 0,
    booked: rows.reduce((sum, row) => sum + 1 + row.visitors, 0),
  }
}

/** The link an e-mail to `email` carries, matching `pattern`, once it has come. */
async function linkIn(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      for (const mail of await outboxTo(app.url, email)) {
        link ??= pattern.exec(mail.text)?.[0]
      }
      return link
    })
    .toBeDefined()
  const address = new URL(link ?? '')
  return address.pathname
}

/** Nothing overflows at its width, axe finds nothing serious, and a screenshot is kept. */
async function shot(page: Page, name: string) {
  expect(await layoutProblems(page)).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

describe('the waitlist of a sold-out event', () => {
  it('offers a freed place to the guest waiting, whose link books it: full again, nobody over', async () => {
    await fillPoetry()
    const capacity = 40
    expect(await placesTaken()).toEqual({ counter: capacity, booked: capacity })

    // A guest at 320 px finds it sold out, and joins the waitlist.
    const page = await app.open(`/event/${EVENT}`, 320)
    await page.getByRole('button', { name: 'Sold out' }).first().waitFor()
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    const form = page.getByRole('region', { name: 'Join the waitlist' })
    const join = form.getByRole('button', { name: 'Join the waitlist' })
    await form.getByLabel('Email Address').fill(WAITING.email)
    await form.getByLabel('Name', { exact: true }).fill(WAITING.name)
    await form.getByLabel('Phone Number').fill('0803')
    await form.getByLabel('Email Address').focus()
    // The phone the server would refuse is said in the form's words, and Join waits for it.
    await form.getByText('To continue, correct your phone number.').waitFor()
    await expect(join.isDisabled()).resolves.toBe(true)
    await form.getByLabel('Phone Number').fill(WAITING.phone)
    await shot(page, 'waitlist-join-320')
    await join.click()
    const joined = page.getByRole('region', { name: "You're on the waitlist" })
    await joined.getByText('Number 1 in line for Thursday, November 26, 2026 · 4pm - 8pm').waitFor()
    await joined.getByText(WAITING.email, { exact: false }).waitFor()
    await shot(page, 'waitlist-joined-320')

    // The front desk sees who waits, and that one more place would sell.
    const desk = await (await app.newContext(WIDTHS.desktop)).newPage()
    await logInByLink(desk, app.url, 'staff@example.com')
    await desk.goto(`${app.url}/staff/events/${EVENT}`)
    const waitlist = desk.getByRole('region', { name: 'Waitlist' })
    await waitlist.getByText('1 waiting · 40 of 40 booked', { exact: false }).waitFor()
    await waitlist.getByText(WAITING.name).waitFor()
    await waitlist.scrollIntoViewIfNeeded()
    await shot(desk, 'staff-event-waitlist-1280')

    // Its e-mail's link says where they stand.
    const entryPath = await linkIn(WAITING.email, /https?:\/\/\S+\/waitlist\/[A-Za-z0-9_-]+/)
    await page.goto(app.url + entryPath)
    await page.getByRole('heading', { name: "You're on the waitlist" }).waitFor()
    await page.getByText("You're next in line.", { exact: false }).waitFor()

    // Chiamaka cannot come: she cancels from her receipt's 'Manage your booking' link.
    const managePath = await linkIn(CHIAMAKA, /https?:\/\/\S+\/manage\/[A-Za-z0-9_-]+/)
    const hers = await app.open(managePath, WIDTHS.desktop)
    await hers.getByRole('heading', { name: 'Poetry & Palm Wine' }).waitFor()
    await hers.getByText('You can cancel until 4pm on Wednesday, November 25, 2026.').waitFor()
    await hers.getByRole('button', { name: 'Cancel this booking' }).click()
    const asked = hers.getByRole('region', { name: 'Cancel this booking' })
    await asked.getByText('Nothing was paid, so there is nothing to refund.').waitFor()
    await shot(hers, 'manage-booking-asked-1280')
    await asked.getByRole('button', { name: 'Yes, cancel it' }).click()
    await hers
      .getByRole('status')
      .getByText('Cancelled. Nothing was paid, so there is nothing to refund.')
      .first()
      .waitFor()
    await shot(hers, 'manage-booking-cancelled-1280')

    // The place went to the guest waiting, at once: the event is still full for everyone else.
    expect(await placesTaken()).toEqual({ counter: capacity, booked: capacity })
    expect((await book(poetry({ Email: 'late.comer@example.com' }))).status).toBe(409)

    // The offer reaches the guest by e-mail; its link shows the place held, and books it.
    await expect
      .poll(async () =>
        (await outboxTo(app.url, WAITING.email)).some((mail) => /is yours until/.test(mail.text)),
      )
      .toBe(true)
    await page.goto(app.url + entryPath)
    await page.getByRole('heading', { name: 'A place is yours to book' }).waitFor()
    await page.getByText('A place is held for you until', { exact: false }).waitFor()
    await shot(page, 'waitlist-offer-320')
    await page.getByRole('button', { name: 'Book my place' }).click()
    await page.waitForURL(`**/event/${EVENT}/registered?**`)
    await page.getByRole('heading', { level: 1, name: 'Poetry & Palm Wine' }).waitFor()

    // Full again, nobody over; the entry says booked.
    expect(await placesTaken()).toEqual({ counter: capacity, booked: capacity })
    await page.goto(app.url + entryPath)
    await page.getByRole('heading', { name: "You're booked" }).waitFor()
  })
})

/** Whether the sticky bar (or anything else) covers the element's middle, where a tap lands. */
const coveredBy = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    if (top && (element === top || element.contains(top))) return null
    return top?.closest('[data-sticky-bar]') ? 'the sticky bar' : (top?.tagName ?? 'off screen')
  })

/** Whatever places of Poetry & Palm Wine are left go to the people of another office. */
async function fillTheRest(): Promise<void> {
  for (let person = 1; person <= 40; person++) {
    const answer = await bookInPerson(
      poetry({
        Email: `neighbour${person}@yabaworkshops.com.ng`,
        Name: `Neighbour ${person} of Yaba Workshops`,
      }),
    )
    if (answer.status === 409) return
    expect(answer.status, await answer.text()).toBe(201)
  }
}

describe('joining the waitlist on a phone (issue 51, point 10)', () => {
  // Phones as a person holds them: a 320 x 568 one, and a 390 px one whose browser's own bars
  // leave 664 px of page.
  it.each([
    [320, 568, 'ngozi.okonkwo-adeyemi@surulerecreatives.com.ng', 'Ngozi Okonkwo-Adeyemi'],
    [390, 664, 'babatunde.olaniyan-bakare@ikoyiprintworks.com.ng', 'Babatunde Olaniyan-Bakare'],
  ])(
    'at %i x %i px, the sold-out bar leaves the form in sight; joined, the confirmation is focused, and a reload keeps it',
    async (width, height, email, name) => {
      await fillTheRest()
      const page = await app.openInTab(`/event/${EVENT}`, width)
      await page.setViewportSize({ width, height })
      await page.getByRole('button', { name: 'Sold out' }).first().waitFor()
      await page.getByRole('button', { name: 'Join the waitlist' }).click()
      const form = page.getByRole('region', { name: 'Join the waitlist' })
      const join = form.getByRole('button', { name: 'Join the waitlist' })
      await form.getByLabel('Email Address').fill(email)
      await form.getByLabel('Name', { exact: true }).fill(name)
      await form.getByLabel('Phone Number').fill('0803 555 0172')
      // From the top of the page, by the keyboard: each field the browser scrolls to, and then
      // the button, shows above the bar.
      await page.evaluate(() => window.scrollTo(0, 0))
      await form.getByLabel('Email Address').focus()
      for (const field of ['Name', 'Phone Number']) {
        await page.keyboard.press('Tab')
        const input = form.getByLabel(field, { exact: true })
        await expect.poll(() => input.evaluate((i) => i === document.activeElement)).toBe(true)
        expect(await coveredBy(input), field).toBeNull()
      }
      await page.keyboard.press('Tab')
      await expect
        .poll(() => join.evaluate((button) => button === document.activeElement))
        .toBe(true)
      expect(await coveredBy(join)).toBeNull()
      await page.screenshot({ path: `${SCREENSHOTS}waitlist-join-button-${width}.png` })

      await page.keyboard.press('Enter')
      const joined = page.getByRole('region', { name: "You're on the waitlist" })
      const heading = joined.getByRole('heading', { name: "You're on the waitlist" })
      await joined.getByText(email, { exact: false }).waitFor()
      // The confirmation has the focus, in sight above the bar.
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
      expect(await coveredBy(heading)).toBeNull()
      expect(await coveredBy(joined.getByRole('status'))).toBeNull()
      await page.screenshot({ path: `${SCREENSHOTS}waitlist-joined-focused-${width}.png` })

      // A reload still says they are waiting, and where.
      await page.reload()
      await joined
        .getByRole('status')
        .getByText('in line for Thursday, November 26, 2026')
        .waitFor()
      await joined.getByText(email, { exact: false }).waitFor()
      expect(await page.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0)
      await shot(page, `waitlist-joined-reloaded-${width}`)
    },
  )
})
