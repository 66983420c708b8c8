import { and, eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { syncScans } from '../../server/check-in/sync'
import { accounts, bookings, doorScans, events, payments } from '../../server/db/schema'
import { refundPayment } from '../../server/payments/staff-payments'
import { seriousViolations } from '../support/a11y'
import { appInBrowser, logInByLink, SCREENSHOTS, viewportOf, WIDTHS } from '../support/browser'
import { allowCamera, fakeCamera, holdUpToCamera, takeAwayFromCamera } from '../support/door-camera'
import { layoutProblems } from '../support/layout'

// The door (/staff/check-in) as the front desk meets it on a small phone, against the real
// server: logged in by the link of their e-mail, the camera on, guests holding up tickets. Every
// network cut is the browser's own offline switch. A Tuesday, 10:00 in Lagos.
const NOW = new Date('2026-11-24T09:00:00Z')
const TODAY = '2026-11-24'

const app = appInBrowser(NOW)

/** The smallest phone the door is used on: an iPhone SE's first screen. */
const SMALL = { width: 320, height: 568 }

/** A guest of today's Rooftop Jazz, with a ticket of the code given (else the database's). */
async function jazzGuest(
  name: string,
  fields: Partial<typeof bookings.$inferInsert> = {},
): Promise<{ id: string; code: string }> {
  const [row] = await app.db
    .insert(bookings)
    .values({
      email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      name,
      phone: '+234 803 555 0142',
      type: 'event',
      eventId: 'rooftop-jazz',
      venue: 'Rooftop Terrace',
      date: TODAY,
      timeSlot: '4pm - 8pm',
      paidWith: 'free',
      ...fields,
    })
    .returning({ id: bookings.id, code: bookings.ticketCode })
  if (!row) throw new Error('no booking made')
  return row
}

/** The front desk's phone, `width` wide, logged in by the link of the staff's e-mail, at the door. */
async function door(size: { width: number; height?: number } = SMALL): Promise<Page> {
  const page = await (await app.newContext(size.width)).newPage()
  await fakeCamera(page)
  await logInByLink(page, app.url, 'staff@example.com')
  await page.setViewportSize({ ...viewportOf(size.width), ...size })
  await page.goto(`${app.url}/menu`)
  await page.getByRole('link', { name: 'Front desk: today and check-in' }).click()
  await page.getByRole('link', { name: 'Check in guests' }).click()
  await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor()
  return page
}

/** The camera on, as the door person turns it on and allows it. */
async function cameraOn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Scan with the camera' }).click()
  await allowCamera(page)
  await page.getByRole('button', { name: 'Stop the camera' }).waitFor()
}

/** A guest holds their ticket's QR code up to the door's camera. */
const holdUp = async (page: Page, code: string) =>
  holdUpToCamera(page, await QRCode.toBuffer(code, { margin: 4, width: 300 }))

const answerOf = (page: Page) => page.getByRole('region', { name: 'Answer' }).getByRole('status')

/** Types the code at the door and answers the answer's card. */
async function typeCode(page: Page, code: string): Promise<Locator> {
  await page.getByLabel('Ticket code').fill(code)
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  const answer = answerOf(page)
  await answer.waitFor()
  return answer
}

/** The parts of a verdict not wholly inside the window, with where they are. */
async function outsideTheScreen(page: Page, parts: Record<string, Locator>): Promise<string[]> {
  const { width, height } = page.viewportSize() ?? SMALL
  const scrolled = await page.evaluate(() => window.scrollY)
  const outside: string[] = []
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox()
    if (!box) {
      outside.push(`${name}: not shown`)
      continue
    }
    // Boxes are where the window shows them; the first screen is the page unscrolled.
    const top = box.y + scrolled
    if (top < 0 || top + box.height > height || box.x < 0 || box.x + box.width > width) {
      outside.push(
        `${name}: ${Math.round(box.x)},${Math.round(top)} ${Math.round(box.width)}x${Math.round(box.height)}`,
      )
    }
  }
  return outside
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}door-${name}.png` })

describe('the verdict on the first screen (issue 51, point 3)', () => {
  it.each([
    [SMALL, 'Admitted'],
    [{ width: 390, height: 844 }, 'Admitted'],
  ])(
    'at %j with the camera on: headline, name, what and Next guest without a scroll',
    async (size) => {
      const name = `Oluwadamilare Chukwuemeka-Babatunde ${size.width}`
      const guest = await jazzGuest(name, {
        visitors: 2,
        namesOfVisitors: 'Tobi Adeyemi, Kemi Bello',
      })
      const page = await door(size)
      await cameraOn(page)
      await holdUp(page, guest.code)
      // A party of three: the door asks how many are here, the whole party first.
      const count = page.getByRole('group', { name: 'How many are coming in now?' })
      await expect(
        outsideTheScreen(page, {
          question: count.getByText('How many are coming in now?'),
          'All 3': count.getByRole('button', { name: 'All 3' }),
        }),
      ).resolves.toEqual([])
      await shot(page, `party-camera-${size.width}`)
      await count.getByRole('button', { name: 'All 3' }).click()
      const answer = answerOf(page)
      await answer.getByText('Admitted', { exact: true }).waitFor()
      await shot(page, `admitted-camera-${size.width}`)
      await expect(
        outsideTheScreen(page, {
          headline: answer.getByText('Admitted', { exact: true }),
          name: answer.getByText(name, { exact: true }),
          what: answer.getByText(/^Rooftop Jazz/),
          'Next guest': answer.getByRole('button', { name: 'Next guest' }),
        }),
      ).resolves.toEqual([])
      // The camera stays on, ready for the next guest.
      await page.getByRole('button', { name: 'Stop the camera' }).waitFor()
      expect(await layoutProblems(page)).toEqual([])
      expect(await seriousViolations(page)).toEqual([])
      // The guest lowers the ticket (else the camera reads it again, red: decision 041), then
      // 'Next guest': the card goes, the camera looks again.
      await takeAwayFromCamera(page)
      await answer.getByRole('button', { name: 'Next guest' }).click()
      await expect.poll(() => answerOf(page).count()).toBe(0)
    },
  )
})

describe('ticket codes people can read and type (issue 51, point 4)', () => {
  it("prints a new ticket's code in groups of four, and the door reads it typed in lower case with spaces", async () => {
    const guest = await (await app.newContext(WIDTHS.phone)).newPage()
    await guest.goto(`${app.url}/event/poetry-and-palm-wine`)
    await guest.getByRole('button', { name: 'Get Ticket' }).first().click()
    const dialog = guest.getByRole('dialog')
    await dialog
      .getByLabel('Email Address')
      .fill('adaeze.okonkwo-ogunleye@lagos-creatives.example.com')
    await dialog.getByLabel('Name', { exact: true }).fill('Adaeze Okonkwo-Ogunleye')
    await dialog.getByLabel('Phone Number').fill('0803 555 0178')
    await dialog.getByRole('button', { name: 'Get Ticket' }).click()
    await guest.waitForURL('**/event/poetry-and-palm-wine/registered?**')
    const printed = guest.getByText(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
    await printed.waitFor()
    const code = await printed.innerText()

    const page = await door()
    const answer = await typeCode(page, code.toLowerCase().replaceAll('-', ' '))
    await answer.getByText('Not for today', { exact: true }).waitFor()
    await answer.getByText('Adaeze Okonkwo-Ogunleye').waitFor()
  })

  it('admits an old ticket of 32 hex digits typed in capitals with a space', async () => {
    const old = 'e3b0c44298fc1c149afbf4c8996fb924'
    await jazzGuest('Chukwuemeka Oluwaseun Adebayo-Nwachukwu', { ticketCode: old })
    const page = await door()
    const answer = await typeCode(page, `${old.slice(0, 16).toUpperCase()} ${old.slice(16)}`)
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await answer.getByText('Chukwuemeka Oluwaseun Adebayo-Nwachukwu').waitFor()
  })

  it('says a typed code of the wrong length is no ticket code, without asking the server', async () => {
    const page = await door()
    await page.getByLabel('Ticket code').fill('K7QM-93XD-2HF')
    await page.getByRole('button', { name: 'Check in', exact: true }).click()
    await page
      .getByText('A ticket code has 16 letters and digits, like K7QM-93XD-2HFR-8NWB; this has 11.')
      .waitFor()
    await expect(answerOf(page).count()).resolves.toBe(0)
  })

  it('says a cancelled ticket is cancelled, and when', async () => {
    const guest = await jazzGuest('Ngozi Chiamaka Eze-Nwachukwu', {
      status: 'cancelled',
      cancelledAt: new Date('2026-11-23T17:30:00Z'),
    })
    const page = await door()
    const answer = await typeCode(page, guest.code)
    await answer.getByText('Cancelled', { exact: true }).waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.toBe('red')
    await answer.getByText('Ngozi Chiamaka Eze-Nwachukwu').waitFor()
    await answer
      .getByText('Cancelled at 6:30pm on Monday, November 23, 2026: not checked in.')
      .waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'cancelled-320')
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await shot(page, 'cancelled-1280')
  })

  it('flags a ticket whose payment staff refunded, and does not check it in', async () => {
    // Ada's Rooftop Jazz ticket (the demo data's), paid by card; staff refund it.
    const [payment] = await app.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.reference, 'demo-jazz-ada'))
    const [staff] = await app.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'staff@example.com'))
    if (!payment || !staff) throw new Error('no demo payment or staff')
    await refundPayment(
      { db: app.db, refunds: null },
      {
        method: 'card',
        id: payment.id,
        reason: 'The quartet cancelled; we are sorry.',
        actor: staff,
        now: new Date('2026-11-24T08:15:00Z'),
        site: app.url,
      },
    )
    const [ada] = await app.db
      .select({ id: bookings.id, code: bookings.ticketCode })
      .from(bookings)
      .where(and(eq(bookings.email, 'ada@example.com'), eq(bookings.eventId, 'rooftop-jazz')))
    const page = await door()
    await cameraOn(page)
    await holdUp(page, ada?.code ?? '')
    const answer = answerOf(page)
    await answer.getByText('Refunded', { exact: true }).waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.not.toBe('green')
    await answer.getByText('Ada Okafor').waitFor()
    await answer
      .getByText(
        'Refunded at 9:15am on Tuesday, November 24, 2026 by Oluwaseun Adebayo-Okonkwo: not checked in.',
      )
      .waitFor()
    const [row] = await app.db
      .select({ checkedInAt: bookings.checkedInAt })
      .from(bookings)
      .where(eq(bookings.id, ada?.id ?? ''))
    expect(row?.checkedInAt).toBeNull()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'refunded-camera-320')
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await shot(page, 'refunded-camera-1280')
  })

  it('admits a ticket of a morning event that ended hours ago, with a note that says so', async () => {
    await app.db.insert(events).values({
      id: 'sunrise-yoga-on-the-rooftop',
      name: 'Sunrise Yoga on the Rooftop',
      address: '16 Military Street, Onikan, Lagos',
      venue: 'Rooftop Terrace',
      startAt: new Date('2026-11-24T05:00:00Z'),
      endAt: new Date('2026-11-24T07:00:00Z'),
      timeSlots: ['6am - 8am'],
      capacity: 20,
    })
    const guest = await jazzGuest('Folasade Temitope Ogunbiyi-Adeyemi', {
      eventId: 'sunrise-yoga-on-the-rooftop',
      timeSlot: '6am - 8am',
    })
    const page = await door()
    const answer = await typeCode(page, guest.code)
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await answer.getByText('Note: it ended at 8am, 2 hours ago.').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'ended-320')
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await shot(page, 'ended-1280')
  })
})

/** The door's line about its phone: the list's freshness and what waits to be sent. */
const phoneLine = (page: Page) => page.getByLabel('This phone')

/** Today's list kept on the phone (read when the door opened). */
async function listKept(page: Page): Promise<void> {
  await phoneLine(page)
    .getByText(/^List of 10am, \d+ tickets$/)
    .waitFor()
}

/** A booking's check-in as the server holds it. */
async function checkedInAt(id: string): Promise<Date | null> {
  const [row] = await app.db
    .select({ at: bookings.checkedInAt })
    .from(bookings)
    .where(eq(bookings.id, id))
  return row?.at ?? null
}

describe('the camera when the network drops (issue 51, point 5)', () => {
  it('decides each new ticket the camera reads on the phone, and sends them all when the network returns', async () => {
    const first = await jazzGuest('Babatunde Olumide Fashola-Williams')
    const second = await jazzGuest('Chiamaka Ifeoma Okonkwo-Obi')
    const page = await door()
    await listKept(page)
    await cameraOn(page)
    await page.context().setOffline(true)
    await holdUp(page, first.code)
    const answer = answerOf(page)
    await answer.getByText('Babatunde Olumide Fashola-Williams').waitFor()
    await answer.getByText('Not yet sent', { exact: true }).waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await shot(page, 'offline-camera-320')
    // The next guest holds up their ticket: decided on the phone too.
    await holdUp(page, second.code)
    await answer.getByText('Chiamaka Ifeoma Okonkwo-Obi').waitFor()
    await phoneLine(page).getByText('2 scans to send').waitFor()
    // The network returns: both are sent by themselves, in one call.
    await page.context().setOffline(false)
    await expect.poll(() => checkedInAt(second.id), { timeout: 10_000 }).not.toBeNull()
    expect(await checkedInAt(first.id)).not.toBeNull()
    await expect(
      phoneLine(page)
        .getByText(/to send/)
        .count(),
    ).resolves.toBe(0)
    expect(await seriousViolations(page)).toEqual([])
  })

  it("pressed offline, 'Scan with the camera' says the scanner could not load, and works once online", async () => {
    const page = await door()
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Scan with the camera' }).click()
    const alert = page.getByRole('alert')
    await alert
      .getByText("The scanner couldn't load: there is no connection.", { exact: false })
      .waitFor()
    await expect(alert.innerText()).resolves.not.toContain('settings')
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'scanner-offline-320')
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await shot(page, 'scanner-offline-1280')
    await page.setViewportSize(SMALL)
    await page.context().setOffline(false)
    await cameraOn(page)
  })
})

describe('the door with no network (issue 46)', () => {
  it("admits a ticket on today's list offline, and the server holds it within 10 s of the network's return", async () => {
    const guest = await jazzGuest('Oluwafunmilayo Temitope Adebanjo-Okafor')
    const page = await door({ width: WIDTHS.phone })
    await listKept(page)
    // The garden: no signal.
    await page.context().setOffline(true)
    const answer = await typeCode(page, guest.code)
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.toBe('green')
    await answer.getByText('Oluwafunmilayo Temitope Adebanjo-Okafor').waitFor()
    await answer.getByText('Not yet sent', { exact: true }).waitFor()
    await phoneLine(page).getByText('1 scan to send').waitFor()
    expect(await checkedInAt(guest.id)).toBeNull()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'offline-admitted-390')
    await page.setViewportSize(viewportOf(WIDTHS.desktop))
    await shot(page, 'offline-admitted-1280')

    await page.context().setOffline(false)
    const back = Date.now()
    await expect.poll(() => checkedInAt(guest.id), { timeout: 10_000 }).not.toBeNull()
    console.log(
      `door: admitted offline, held by the server ${Date.now() - back} ms after the network returned`,
    )
    await expect(phoneLine(page).getByText('1 scan to send').count()).resolves.toBe(0)
    // The same guest again: the server says so, online.
    await page.getByRole('button', { name: 'Next guest' }).click()
    const again = await typeCode(page, guest.code)
    await again.getByText('Already checked in', { exact: true }).waitFor()
  })

  it('decides itself when the answer is slower than 1.5 s, and the server admits the scan once', async () => {
    const guest = await jazzGuest('Temitope Olayinka Bamgbose-Adewale')
    const page = await door({ width: WIDTHS.phone })
    await listKept(page)
    // The rooftop's signal: every answer 2.5 s late (the browser's own network emulation).
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2500,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const pressed = Date.now()
    const answer = await typeCode(page, guest.code)
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await answer.getByText('Not yet sent', { exact: true }).waitFor()
    expect(Date.now() - pressed).toBeLessThan(2500)
    // The queue sends the same scan (its nonce): the server holds one admission, and the door
    // says it is sent, with nothing to report.
    await answer.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 })
    expect(await checkedInAt(guest.id)).toEqual(NOW)
    const scans = await app.db.select().from(doorScans).where(eq(doorScans.bookingId, guest.id))
    expect(scans.filter((scan) => scan.answer?.result === 'admitted')).toHaveLength(1)
    await expect(page.getByRole('region', { name: 'After sync' }).count()).resolves.toBe(0)
    await cdp.detach()
  })

  it('refuses a made-up code offline, and an admitted one shown twice on the phone', async () => {
    const guest = await jazzGuest('Chukwuebuka Nnamdi Obi-Okechukwu')
    const page = await door()
    await listKept(page)
    await page.context().setOffline(true)
    const madeUp = await typeCode(page, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ')
    await madeUp.getByText('Unknown ticket', { exact: true }).waitFor()
    await expect(madeUp.getAttribute('data-tone')).resolves.toBe('red')
    await madeUp.getByText('Decided on this phone', { exact: true }).waitFor()
    await expect(
      phoneLine(page)
        .getByText(/to send/)
        .count(),
    ).resolves.toBe(0)
    await page.getByRole('button', { name: 'Next guest' }).click()
    await (await typeCode(page, guest.code)).getByText('Admitted', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Next guest' }).click()
    const twice = await typeCode(page, guest.code)
    await twice.getByText('Already checked in', { exact: true }).waitFor()
    await twice.getByText('At 10am on this phone.').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await shot(page, 'offline-twice-320')
  })

  it('admits once a ticket let in on two phones offline, and the second phone says so after sync', async () => {
    const guest = await jazzGuest('Adaobi Chinwendu Nwosu-Ikemefuna')
    const garden = await door({ width: WIDTHS.phone })
    const rooftop = await door({ width: WIDTHS.phone })
    await listKept(garden)
    await listKept(rooftop)
    for (const page of [garden, rooftop]) {
      await page.context().setOffline(true)
      await (await typeCode(page, guest.code)).getByText('Admitted', { exact: true }).waitFor()
    }
    await garden.context().setOffline(false)
    await expect.poll(() => checkedInAt(guest.id), { timeout: 10_000 }).not.toBeNull()
    await rooftop.context().setOffline(false)
    const report = rooftop.getByRole('region', { name: 'After sync' }).getByRole('alert')
    await report.getByText('Admitted twice', { exact: true }).waitFor({ timeout: 10_000 })
    await report.getByText('Adaobi Chinwendu Nwosu-Ikemefuna').waitFor()
    await report.getByText("First at 10am on another door (Oluwaseun's phone).").waitFor()
    expect(await layoutProblems(rooftop)).toEqual([])
    expect(await seriousViolations(rooftop)).toEqual([])
    await rooftop.screenshot({ path: `${SCREENSHOTS}door-admitted-twice-390.png`, fullPage: true })
    const [booking] = await app.db
      .select({ at: bookings.checkedInAt })
      .from(bookings)
      .where(eq(bookings.id, guest.id))
    expect(booking?.at).toEqual(NOW)
    await rooftop.getByRole('button', { name: 'Seen' }).click()
    await expect(report.count()).resolves.toBe(0)
  })

  it('reports as refused after sync a ticket cancelled after the list was taken', async () => {
    const guest = await jazzGuest('Ifeanyichukwu Somtochukwu Eze-Anyanwu')
    const page = await door({ width: WIDTHS.phone })
    await listKept(page)
    // The guest cancels on their own phone meanwhile (the door's list does not know yet).
    await app.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(bookings.id, guest.id))
    await page.context().setOffline(true)
    await (await typeCode(page, guest.code)).getByText('Admitted', { exact: true }).waitFor()
    await page.context().setOffline(false)
    const report = page.getByRole('region', { name: 'After sync' }).getByRole('alert')
    await report.getByText('Refused after sync', { exact: true }).waitFor({ timeout: 10_000 })
    await report.getByText('Ifeanyichukwu Somtochukwu Eze-Anyanwu').waitFor()
    await report.getByText(/^Cancelled at 9:59am on Tuesday, November 24, 2026/).waitFor()
    expect(await checkedInAt(guest.id)).toBeNull()
    await shot(page, 'refused-after-sync-390')
  })

  it('lets a party of four in 2 then 2, the rest with no network, and counts 4 in on the server', async () => {
    const party = await jazzGuest('Oluwatoyin Abimbola Adekunle-Nwachukwu', {
      visitors: 3,
      namesOfVisitors: 'Chiamaka Nwachukwu-Obi, Babatunde Olorunfemi, Ifeoluwa Adeyemi-Lawson',
    })
    const placesIn = async () =>
      (
        await app.db
          .select({ places: bookings.checkedInPlaces })
          .from(bookings)
          .where(eq(bookings.id, party.id))
      )[0]?.places
    const page = await door({ width: WIDTHS.phone })
    await listKept(page)
    const ask = async () => {
      await page.getByLabel('Ticket code').fill(party.code)
      await page.getByRole('button', { name: 'Check in', exact: true }).click()
      return page.getByRole('group', { name: 'How many are coming in now?' })
    }
    // Two of them are at the door; the others are parking.
    const first = await ask()
    await first.getByText('A party of 4.').waitFor()
    await page.getByText('Oluwatoyin Abimbola Adekunle-Nwachukwu').waitFor()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'party-count-390')
    await page.setViewportSize(SMALL)
    expect(await layoutProblems(page)).toEqual([])
    await shot(page, 'party-count-320')
    await first.getByRole('button', { name: '2', exact: true }).click()
    const answer = answerOf(page)
    await answer.getByText('Admitted: 2 of 4 in', { exact: true }).waitFor()
    await answer.getByText('2 still to come: scan the ticket again when they arrive.').waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.toBe('green')
    expect(await placesIn()).toBe(2)
    await shot(page, 'party-two-in-320')

    // The other two arrive in the garden, where there is no signal.
    await page.getByRole('button', { name: 'Next guest' }).click()
    await page.context().setOffline(true)
    const rest = await ask()
    await rest.getByText('A party of 4: 2 in already.').waitFor()
    await rest.getByRole('button', { name: 'The other 2' }).click()
    await answer.getByText('Admitted: 4 of 4 in', { exact: true }).waitFor()
    await answer.getByText('The last 2 of the party: all 4 are in.').waitFor()
    await answer.getByText('Not yet sent', { exact: true }).waitFor()
    expect(await placesIn()).toBe(2)
    await page.context().setOffline(false)
    await expect.poll(placesIn, { timeout: 10_000 }).toBe(4)
    // Anyone else with the ticket is one too many.
    await page.getByRole('button', { name: 'Next guest' }).click()
    const again = await typeCode(page, party.code)
    await again.getByText('Already checked in', { exact: true }).waitFor()
  })

  it('leaves no ticket list in the browser once the staff log out', async () => {
    await jazzGuest('Olufunke Abiodun Ogunleye-Bakare')
    const page = await door()
    await listKept(page)
    const stored = () => page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(await stored()).toContain('codeHash')
    await page.goto(`${app.url}/menu`)
    await page
      .getByRole('link', { name: 'Log out' })
      .or(page.getByRole('button', { name: 'Log out' }))
      .click()
    await expect.poll(stored).not.toContain('codeHash')
    expect(await stored()).not.toContain('doorKept')
  })
})

describe('the door role (issue 46, point 5)', () => {
  it('opens the day and check-in, no other tool: their links are not offered and their pages refuse', async () => {
    const guest = await jazzGuest('Nkechinyere Adaeze Obiora-Fashola')
    const page = await (await app.newContext(WIDTHS.phone)).newPage()
    // The door's login link leads to the front desk's day.
    await logInByLink(page, app.url, 'door@example.com')
    await page.waitForURL('**/staff')
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor()
    await page.getByRole('listitem').filter({ hasText: 'Rooftop Jazz' }).first().waitFor()
    await expect(page.getByRole('navigation', { name: 'Front desk tools' }).count()).resolves.toBe(
      0,
    )
    expect(await layoutProblems(page)).toEqual([])
    await shot(page, 'role-today-390')

    // At the door: the guest is let in, as by anyone on the staff.
    await page.getByRole('link', { name: 'Check in guests' }).click()
    await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor()
    const answer = await typeCode(page, guest.code)
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await answer.getByText('Nkechinyere Adaeze Obiora-Fashola').waitFor()

    // A page of another role, opened by its address: refused on the server, said in words.
    await page.goto(`${app.url}/staff/payments`)
    const refused = page.getByRole('alert')
    await refused.getByText("This is for the hotel's staff").waitFor()
    await refused.getByText("Your login can't open this page.", { exact: false }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'role-refused-390')
  })
})

describe("the doors' scans on a booking's page (issue 46, point 3)", () => {
  it('shows the desk each phone that scanned the ticket, and which let the guest in', async () => {
    const guest = await jazzGuest('Oluwakemi Folashade Adegoke-Martins')
    // Two phones in the garden let her in with no network; their queues arrive later. (The
    // phones' queue is the server's call alone so far: its scans are sent as a phone would.)
    const [door] = await app.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'door@example.com'))
    if (!door) throw new Error('no door account')
    for (const [name, minutes] of [
      ['Garden gate', 3],
      ['Rooftop stairs', 2],
    ] as const) {
      await syncScans(
        app.db,
        door,
        name,
        [
          {
            nonce: `${name.replace(/\W/g, '')}-scan-of-oluwakemi`,
            code: guest.code,
            scannedAt: new Date(NOW.getTime() - minutes * 60_000).toISOString(),
            offline: true,
          },
        ],
        NOW,
      )
    }
    const page = await (await app.newContext(WIDTHS.phone)).newPage()
    await logInByLink(page, app.url, 'staff@example.com')
    await page.goto(`${app.url}/staff/bookings/${guest.id}`)
    const atTheDoor = page.getByRole('region', { name: 'At the door' })
    await atTheDoor
      .getByText(
        'Nov 24, 2026, 9:57am · Garden gate · Chidiebube Okwuosa-Adeyemi · Let in, decided offline',
      )
      .waitFor()
    await atTheDoor
      .getByText(
        'Nov 24, 2026, 9:58am · Rooftop stairs · Chidiebube Okwuosa-Adeyemi · Already in: not let in again, decided offline',
      )
      .waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}door-scans-on-booking-390.png`, fullPage: true })
  })
})
