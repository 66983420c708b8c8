import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import jsQR from 'jsqr'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import { bookings } from '../../server/db/schema'
import { auditOf } from '../support/audit'
import { poetry } from '../support/bookings'
import {
  appInBrowser,
  logInByLink,
  outboxTo,
  SCREENSHOTS,
  viewportOf,
  WIDTHS,
} from '../support/browser'
import { allowCamera, fakeCamera, holdUpToCamera } from '../support/door-camera'
import { layoutProblems } from '../support/layout'

// Tickets and the door, at 390 px against the real server: a ticket's QR code is read off the
// guest's screen (a picture of it, decoded here, and held up to the door phone's camera, whose
// scanner reads it), or its code is typed, and the front desk checks it in.
// A Tuesday, 10:00 in Lagos: Ada's Rooftop Jazz ticket is for today.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'

/** What a camera reads off the ticket on the screen: the QR code's text. */
async function readQr(ticket: Locator): Promise<string | null> {
  const picture = await ticket.screenshot()
  const { data, info } = await sharp(picture)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length)
  return jsQR(pixels, info.width, info.height)?.data ?? null
}

/** A phone of its own (with a camera), logged in by the link of its e-mail. */
async function phoneOf(email: string): Promise<Page> {
  const page = await (await app.newContext(WIDTHS.phone)).newPage()
  await fakeCamera(page)
  await logInByLink(page, app.url, email)
  return page
}

/**
 * Presses a spreadsheet's download button in `section` and reads the file the browser saved as
 * a spreadsheet would: checks its name and byte order mark, answers its rows by header.
 */
async function downloadedRows(
  section: Locator,
  button: string,
  fileName: string,
): Promise<Record<string, string>[]> {
  await section.scrollIntoViewIfNeeded()
  const downloaded = section.page().waitForEvent('download')
  await section.getByRole('button', { name: button }).click()
  const download = await downloaded
  expect(download.suggestedFilename()).toBe(fileName)
  await section.getByText(`Downloaded ${fileName}`).waitFor()
  const bytes = readFileSync(await download.path())
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  return parse(bytes, { bom: true, columns: true })
}

/** Types the code at /staff/check-in and answers the answer's card. */
async function checkIn(door: Page, code: string): Promise<Locator> {
  await door.getByLabel('Ticket code').fill(code)
  await door.getByRole('button', { name: 'Check in', exact: true }).click()
  const answer = door.getByRole('region', { name: 'Answer' }).getByRole('status')
  await answer.waitFor()
  return answer
}

describe('tickets at the door', () => {
  it("admits Ada's ticket, scanned off her phone by the door's camera, once: green, then red with when and by whom", async () => {
    const ada = await phoneOf('ada@example.com')
    await ada.goto(`${app.url}/profile/bookings`)
    const jazz = ada.getByRole('button', { name: /Rooftop Jazz/ }).first()
    await jazz.click()
    const ticket = ada.getByRole('img', { name: 'Ticket for Rooftop Jazz: QR code' })
    await ticket.waitFor()
    // The drawing comes with the qrcode package, a moment after the row opens.
    await expect.poll(() => readQr(ticket)).not.toBeNull()
    const code = (await readQr(ticket)) as string
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
    await ada.getByText(formatTicketCode(code), { exact: true }).waitFor()
    expect(await layoutProblems(ada)).toEqual([])
    await ada.screenshot({ path: `${SCREENSHOTS}staff-ticket-in-bookings-390.png`, fullPage: true })

    const door = await phoneOf('staff@example.com')
    await door.goto(`${app.url}/menu`)
    await door.getByRole('link', { name: 'Front desk: today and check-in' }).click()
    await door.getByRole('heading', { level: 1, name: 'Today' }).waitFor()
    const jazzToday = door.getByRole('listitem').filter({ hasText: 'Rooftop Jazz' })
    await jazzToday.waitFor()
    await door.getByRole('link', { name: 'Check in guests' }).click()
    await door.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor()

    // Ada holds her phone up to the door's camera.
    await door.getByRole('button', { name: 'Scan with the camera' }).click()
    await allowCamera(door)
    await door.getByRole('button', { name: 'Stop the camera' }).waitFor()
    await holdUpToCamera(door, await ticket.screenshot())
    const answer = door.getByRole('region', { name: 'Answer' }).getByRole('status')
    await answer.getByText('Admitted', { exact: true }).waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.toBe('green')
    await answer.getByText('Ada Okafor').waitFor()
    expect(await layoutProblems(door)).toEqual([])
    await door.screenshot({ path: `${SCREENSHOTS}staff-check-in-admitted-390.png`, fullPage: true })

    // Her ticket is still in front of the camera when the next guest is called: a second scan.
    await door.getByRole('button', { name: 'Next guest' }).click()
    await answer.getByText('Already checked in', { exact: true }).waitFor()
    await expect(answer.getAttribute('data-tone')).resolves.toBe('red')
    await answer.getByText(`At 10am by ${STAFF_NAME}.`).waitFor()
    await door.screenshot({ path: `${SCREENSHOTS}staff-check-in-already-390.png`, fullPage: true })
    await door.setViewportSize(viewportOf(WIDTHS.desktop))
    await door.screenshot({ path: `${SCREENSHOTS}staff-check-in-already-1280.png` })

    // The day counts her in.
    await door.goto(`${app.url}/staff`)
    const checkedIn = door
      .getByRole('listitem')
      .filter({ hasText: 'Rooftop Jazz' })
      .locator('dt', { hasText: /^In$/ })
      .locator('xpath=following-sibling::dd[1]')
    await expect.poll(() => checkedIn.innerText()).toBe('1')
    await door.screenshot({ path: `${SCREENSHOTS}staff-today-1280.png`, fullPage: true })

    // The log says who let her in.
    await door.getByRole('link', { name: 'Audit log' }).click()
    const entry = door.getByRole('listitem').filter({ hasText: 'Checked a ticket in' }).first()
    await entry.getByText(`Nov 24, 2026, 10am · ${STAFF_NAME} · staff@example.com`).waitFor()
    await entry.getByText('Ada Okafor', { exact: true }).waitFor()
    await entry.getByText('Checked in by').waitFor()
    await door.setViewportSize(viewportOf(WIDTHS.phone))
    expect(await layoutProblems(door)).toEqual([])
    await door.screenshot({ path: `${SCREENSHOTS}staff-audit-390.png`, fullPage: true })
  })

  it("shows a guest's free ticket as a QR code on the registered page; at the door it is for another day", async () => {
    const guest = await (await app.newContext(WIDTHS.phone)).newPage()
    await guest.goto(`${app.url}/event/poetry-and-palm-wine`)
    await guest.getByRole('button', { name: 'Get Ticket' }).first().click()
    const dialog = guest.getByRole('dialog')
    await dialog.getByLabel('Email Address').fill('ngozi.eze-nwachukwu@lagos-creatives.example.com')
    await dialog.getByLabel('Name', { exact: true }).fill('Ngozi Eze-Nwachukwu')
    await dialog.getByLabel('Phone Number').fill('0803 555 0177')
    await dialog.getByRole('button', { name: 'Get Ticket' }).click()
    await guest.waitForURL('**/event/poetry-and-palm-wine/registered?**')
    const ticket = guest.getByRole('img', { name: 'Ticket for Poetry & Palm Wine: QR code' })
    await ticket.waitFor()
    await expect.poll(() => readQr(ticket)).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
    const code = (await readQr(ticket)) as string
    await guest.getByText('Show this QR code at the door').waitFor()
    expect(await layoutProblems(guest)).toEqual([])
    await guest.screenshot({
      path: `${SCREENSHOTS}staff-ticket-registered-390.png`,
      fullPage: true,
    })
    await guest.setViewportSize(viewportOf(WIDTHS.desktop))
    await guest.screenshot({ path: `${SCREENSHOTS}staff-ticket-registered-1280.png` })

    const door = await phoneOf('staff@example.com')
    await door.goto(`${app.url}/staff/check-in`)
    const answer = await checkIn(door, code)
    await expect(answer.getAttribute('data-tone')).resolves.toBe('yellow')
    await answer.getByText('Not for today', { exact: true }).waitFor()
    await answer.getByText('Thursday, November 26, 2026', { exact: true }).waitFor()
    await answer.getByText('Valid on the day it shows, not today: not checked in.').waitFor()
    await door.screenshot({
      path: `${SCREENSHOTS}staff-check-in-elsewhere-390.png`,
      fullPage: true,
    })
  })
})

describe('applications at the front desk', () => {
  it('approves an application: the applicant gets the welcome link and logs in with it; the log says who', async () => {
    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/menu`)
    await desk.getByRole('link', { name: 'Front desk: today and check-in' }).click()
    await desk.getByRole('link', { name: 'Applications' }).click()
    await desk.getByRole('heading', { level: 1, name: 'Applications' }).waitFor()
    // The queue, oldest first: Obinna applied two days ago, before the long name.
    const rows = desk.getByRole('listitem')
    await rows.filter({ hasText: 'Obinna Eze' }).waitFor()
    await expect(rows.first().innerText()).resolves.toContain('Obinna Eze')
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-applications-390.png`, fullPage: true })

    await desk.getByRole('link', { name: /Obinna Eze/ }).click()
    await desk.getByRole('heading', { level: 1, name: 'Obinna Eze' }).waitFor()
    const answers = desk.getByRole('region', { name: 'Answers' })
    await answers.getByText('Software engineer').waitFor()
    await answers.getByText('+234 806 555 0151').waitFor()
    await desk.getByRole('button', { name: 'Approve', exact: true }).click()
    await desk.getByText('Approve Obinna Eze?').waitFor()
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({
      path: `${SCREENSHOTS}staff-application-approve-390.png`,
      fullPage: true,
    })
    await desk.getByRole('button', { name: 'Yes, approve' }).click()
    await desk
      .getByRole('status')
      .getByText(/^Approved\. Obinna Eze has an account now/)
      .waitFor()
    await desk.screenshot({
      path: `${SCREENSHOTS}staff-application-approved-390.png`,
      fullPage: true,
    })

    // Obinna opens the welcome e-mail on his own phone: its link logs him in.
    const welcome = (await outboxTo(app.url, 'obinna@example.com')).find(
      (mail) => mail.subject === 'Welcome to Friends of 16',
    )
    const link = /https?:\/\/\S+?\/verify\?token=[A-Za-z0-9_%-]+/.exec(welcome?.text ?? '')?.[0]
    expect(link).toBeDefined()
    const obinna = await (await app.newContext(WIDTHS.phone)).newPage()
    const address = new URL(link as string)
    await obinna.goto(app.url + address.pathname + address.search)
    await obinna.waitForURL(/\/(menu|bye-laws)$/)
    await expect(obinna.evaluate(() => localStorage.getItem('userEmail'))).resolves.toBe(
      'obinna@example.com',
    )

    // He is no longer waiting; the decided list and the log have him.
    await desk.getByRole('link', { name: 'Back to the applications' }).click()
    await desk.getByRole('heading', { level: 1, name: 'Applications' }).waitFor()
    // The queue read again (the long name still waits), without him.
    await rows.filter({ hasText: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu' }).waitFor()
    await expect(desk.getByRole('link', { name: /Obinna Eze/ }).count()).resolves.toBe(0)
    await desk.getByRole('tab', { name: 'Decided' }).click()
    await desk.getByRole('link', { name: /Obinna Eze/ }).waitFor()
    await desk.goto(`${app.url}/staff/audit`)
    const entry = desk.getByRole('listitem').filter({ hasText: 'Approved an application' })
    await entry.getByText('Obinna Eze', { exact: true }).waitFor()
    await entry.getByText(`${STAFF_NAME} · staff@example.com`, { exact: false }).waitFor()
    await desk.setViewportSize(viewportOf(WIDTHS.desktop))
    await desk.goto(`${app.url}/staff/applications`)
    await desk.getByRole('heading', { level: 1, name: 'Applications' }).waitFor()
    await desk.screenshot({ path: `${SCREENSHOTS}staff-applications-1280.png`, fullPage: true })
  })
})

describe('payments at the front desk', () => {
  it("refunds a payment Ada made from her wallet: her balance returns, with the reason on her wallet's history", async () => {
    // Ada buys tomorrow's Listening Session from her wallet, as a member does.
    const ada = await phoneOf('ada@example.com')
    await ada.goto(`${app.url}/event/listening-session`)
    await ada.getByText("Friend's special price").first().waitFor()
    await ada.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = ada.getByRole('dialog', { name: 'Buy your ticket' })
    const pay = dialog.getByRole('button', { name: /^Pay via Wallet/ })
    await pay.getByText('Balance ₦25,000.00').waitFor()
    await pay.click()
    await ada.getByRole('alertdialog').getByText("You're going!").waitFor()

    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/staff`)
    await desk.getByRole('link', { name: 'Payments' }).click()
    await desk.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
    await desk.getByLabel('Reference, e-mail or name').fill('ADA@example.com')
    await desk.getByRole('button', { name: 'Search', exact: true }).click()
    const row = desk
      .getByRole('region', { name: 'Payments found' })
      .getByRole('listitem')
      .filter({ hasText: 'Listening Session' })
      .filter({ hasText: 'Wallet · ' })
    await row.getByText('₦3,000.00').waitFor()
    await row.getByRole('button', { name: 'Refund', exact: true }).click()
    // No reason, no refund: the payer reads it.
    await row.getByRole('button', { name: 'Yes, refund' }).click()
    await row.getByText('Write the reason for the refund: the payer reads it.').waitFor()
    await row
      .getByLabel('Reason, for the payer')
      .fill('The session moved to Sunday and you told us you cannot come. We are sorry.')
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-payments-refund-390.png`, fullPage: true })
    await row.getByRole('button', { name: 'Yes, refund' }).click()
    await row
      .getByRole('status')
      .getByText(/^Refunded ₦3,000\.00 to the wallet: its balance is ₦25,000\.00\./)
      .waitFor()
    await row.getByText('Refunded', { exact: true }).waitFor()
    await expect(row.getByRole('button', { name: 'Refund', exact: true }).count()).resolves.toBe(0)
    await desk.screenshot({ path: `${SCREENSHOTS}staff-payments-refunded-390.png`, fullPage: true })

    // Ada's wallet has the money back, and says why.
    await ada.goto(`${app.url}/profile/wallet`)
    await ada.getByRole('button', { name: 'Show balance' }).click()
    await ada.getByText('₦25,000.00').first().waitFor()
    await ada.getByText('Refund: Listening Session').first().waitFor()
    await ada.screenshot({
      path: `${SCREENSHOTS}staff-payments-ada-wallet-390.png`,
      fullPage: true,
    })
    const mail = (await outboxTo(app.url, 'ada@example.com')).find((m) =>
      m.text.includes('The session moved to Sunday'),
    )
    expect(mail?.text).toContain('₦3,000.00')

    await desk.setViewportSize(viewportOf(WIDTHS.desktop))
    await desk.screenshot({ path: `${SCREENSHOTS}staff-payments-1280.png`, fullPage: true })
  })
})

/** A photo as a phone's camera roll holds it: a JPEG of about 3 MB (noise does not compress). */
async function cameraRollPhoto(): Promise<Buffer> {
  const width = 1800
  const height = 2400
  const noise = Buffer.alloc(width * height * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

describe('events at the front desk', () => {
  it('creates an event with a poster from a 3 MB photo, and the public calendar shows both', async () => {
    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/staff`)
    await desk.getByRole('link', { name: 'Events' }).click()
    await desk.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    await desk.getByRole('link', { name: 'New event' }).click()
    await desk.getByRole('heading', { level: 1, name: 'New event' }).waitFor()
    // No poster before the event exists, and a form with nothing in it says what is missing.
    await desk.getByText('Create the event first: then add its poster.').waitFor()
    await desk.getByRole('button', { name: 'Create the event' }).click()
    await desk.getByText('Give the event a title.').waitFor()

    const title = 'Ankara & Adire: Textile Printing Night with the Lagos Print Collective'
    await desk.getByLabel('Title', { exact: true }).fill(title)
    await desk
      .getByLabel('About', { exact: true })
      .fill('Print your own adire-inspired tote. Materials included.')
    await desk.getByLabel('First day', { exact: true }).fill('2026-12-05')
    await desk.getByLabel('Starts', { exact: true }).fill('16:00')
    await desk.getByLabel('Last day', { exact: true }).fill('2026-12-05')
    await desk.getByLabel('Ends', { exact: true }).fill('22:00')
    await desk.getByLabel('Time slots', { exact: true }).fill('4pm - 7pm, 7pm - 10pm')
    await desk.getByLabel('Venue in the hotel', { exact: true }).fill('Print Studio')
    await desk.getByLabel('Price (₦)', { exact: true }).fill('15,000')
    await desk.getByLabel("Friends' price (₦)", { exact: true }).fill('12000')
    await desk.getByLabel('Places each day and slot', { exact: true }).fill('16')
    await desk.getByLabel('Extra questions when booking', { exact: true }).fill('T-shirt size')
    await desk.getByRole('button', { name: 'Create the event' }).click()
    await desk.getByRole('status').getByText('Saved: the calendar shows it now.').waitFor()
    await desk.waitForURL(/\/staff\/events\/ankara-adire-/)

    const photo = await cameraRollPhoto()
    expect(photo.length).toBeGreaterThan(2_900_000)
    expect(photo.length).toBeLessThan(4_000_000)
    // A phone's upload on a slow network: 3 MB at 1 MB/s, about 3 s on its way.
    const network = await desk.context().newCDPSession(desk)
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    })
    await desk.getByLabel('Choose a poster', { exact: true }).setInputFiles({
      name: 'IMG_20261127_101500.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    // While it uploads, the photo chosen shows from the phone itself (a blob: address).
    const chosen = desk.getByRole('img', { name: 'The poster chosen' })
    await expect
      .poll(() => chosen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    // Nine variants of a 3 MB photo of noise (the encoders' worst case) take 3.5 s of one core
    // alone; beside two other test files and their browsers on this 2-core machine, up to 40 s.
    await desk
      .getByRole('status')
      .getByText('Poster saved: the calendar shows it now.')
      .waitFor({ timeout: 120_000 })
    // The poster shows in the editor at once, no reload (the page's policy lets its image in).
    const poster = desk.getByRole('region', { name: 'Poster' }).getByRole('img')
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-event-created-390.png`, fullPage: true })

    // A guest's phone: the calendar has the event, with the poster uploaded.
    const guest = await (await app.newContext(WIDTHS.phone)).newPage()
    await guest.goto(`${app.url}/`)
    const card = guest.locator('article', { hasText: title })
    await card.waitFor()
    await expect.poll(() => card.locator('img').first().getAttribute('src')).toMatch(/^\/media\//)
    await card.scrollIntoViewIfNeeded()
    await guest.screenshot({ path: `${SCREENSHOTS}staff-event-on-calendar-390.png` })
    await desk.setViewportSize(viewportOf(WIDTHS.desktop))
    await desk.screenshot({ path: `${SCREENSHOTS}staff-event-editor-1280.png`, fullPage: true })
  }, 180_000)
})

describe("an event's guest list", () => {
  it('downloads as a spreadsheet whose names read as typed, a comma and quotes whole, a formula defused', async () => {
    // Two guests book Poetry & Palm Wine on the booking API, as the RSVP panel would.
    const guests = [
      { Name: 'Adébáyọ̀ "Bayo" Ògúnlẹ́sì, Jr.', Email: 'bayo.adebayo-ogunlesi@gmail.com' },
      { Name: '=HYPERLINK("https://evil.example","Click me")', Email: 'tunde.bakare@example.com' },
    ]
    for (const [i, guest] of guests.entries()) {
      const answer = await fetch(`${app.url}/api/bookings/rsvp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${60 + i}` },
        body: JSON.stringify(poetry({ ...guest, Phone: '0803 555 0190' })),
      })
      expect(answer.status, await answer.text()).toBe(201)
    }
    const manager = await phoneOf('staff@example.com')
    await manager.goto(`${app.url}/staff/events`)
    await manager.getByRole('link', { name: /Poetry & Palm Wine/ }).click()
    const section = manager.getByRole('region', { name: 'Guest list' })
    const rows = await downloadedRows(
      section,
      'Download the guest list',
      'poetry-and-palm-wine-guests.csv',
    )
    await manager.screenshot({ path: `${SCREENSHOTS}staff-guest-list-downloaded.png` })
    expect(await layoutProblems(manager)).toEqual([])
    await manager.setViewportSize(viewportOf(WIDTHS.desktop))
    await section.scrollIntoViewIfNeeded()
    await manager.screenshot({ path: `${SCREENSHOTS}staff-guest-list-downloaded-desktop.png` })
    const names = rows.map((row) => row.Name)
    expect(names).toContain('Adébáyọ̀ "Bayo" Ògúnlẹ́sì, Jr.')
    expect(names).toContain('\'=HYPERLINK("https://evil.example","Click me")')
    expect(rows.find((row) => row['E-mail'] === 'tunde.bakare@example.com')).toMatchObject({
      Day: '2026-11-26',
      Phone: '0803 555 0190',
      'Paid with': 'Free',
    })
  })
})

describe('spaces and studio items at the front desk', () => {
  it('adds a studio item, and hides a space: guests are no longer offered it, until it is offered again', async () => {
    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/staff`)
    await desk.getByRole('link', { name: /Spaces and studio items/ }).click()
    const studio = desk.getByRole('region', { name: 'Print-studio items' })
    await studio.getByRole('button', { name: 'Add a studio item' }).click()
    const form = desk.getByRole('form', { name: 'New studio item' })
    // Saved without a name: the form says what is missing, beside its field.
    await form.getByRole('button', { name: 'Add a studio item' }).click()
    await form.getByText('Write its name, as people will see it.').waitFor()
    await form.getByLabel('Name, as people see it').fill('Adana Letterpress No. 2')
    await form.getByLabel('Places a session').fill('2')
    await form.getByRole('button', { name: 'Add a studio item' }).click()
    const item = studio.getByRole('listitem').filter({ hasText: 'Adana Letterpress No. 2' })
    await item.getByRole('status').getByText('Saved: Adana Letterpress No. 2 is offered').waitFor()
    await expect(item.textContent()).resolves.toContain('2 places a session')
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-spaces-added-390.png`, fullPage: true })

    const courtyard = desk
      .getByRole('region', { name: 'Co-working spaces' })
      .getByRole('listitem')
      .filter({ hasText: 'Courtyard' })
    const offer = async (offered: boolean) => {
      await courtyard.getByRole('button', { name: 'Change Courtyard' }).click()
      const change = courtyard.getByRole('form', { name: 'Change Courtyard' })
      await change.getByLabel('Offered for booking').setChecked(offered)
      await change.getByRole('button', { name: 'Save', exact: true }).click()
      await courtyard.getByRole('status').waitFor()
    }
    await offer(false)
    await courtyard.getByText('Hidden', { exact: true }).waitFor()
    await desk.screenshot({ path: `${SCREENSHOTS}staff-spaces-hidden-390.png`, fullPage: true })

    // A guest booking co-working is offered the other spaces only.
    const offered = async () => {
      const guest = await app.openInTab('/co-working', WIDTHS.phone)
      await guest.getByRole('button', { name: 'Book', exact: true }).click()
      const dialog = guest.getByRole('dialog', { name: 'Book now' })
      await dialog.getByText('The Garden Room').first().waitFor()
      return (await dialog.locator('label').allTextContents()).join(' | ')
    }
    await expect(offered()).resolves.not.toContain('Courtyard')
    await offer(true)
    await expect(offered()).resolves.toContain('Courtyard')

    await desk.setViewportSize(viewportOf(WIDTHS.desktop))
    await desk.screenshot({ path: `${SCREENSHOTS}staff-spaces-1280.png`, fullPage: true })
    // Each change is in the audit log, with who made it.
    const log = await auditOf(app.db, 'courtyard')
    expect(log.map((row) => [row.action, row.after, row.actor])).toEqual([
      ['space update', { bookable: false }, `${STAFF_NAME} <staff@example.com>`],
      ['space update', { bookable: true }, `${STAFF_NAME} <staff@example.com>`],
    ])
  })
})

describe("a day's bookings at the front desk", () => {
  it('downloads the day as a spreadsheet, every booking of it with who booked and how it was paid', async () => {
    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/staff/bookings`)
    const section = desk.getByRole('region', { name: 'Spreadsheet of the day' })
    const rows = await downloadedRows(
      section,
      "Download the day's bookings",
      'bookings-2026-11-24.csv',
    )
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-bookings-downloaded.png` })
    const listed = await app.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.date, '2026-11-24'))
    expect(rows).toHaveLength(listed.length)
    expect(rows.find((row) => row['E-mail'] === 'ada@example.com')).toMatchObject({
      Name: 'Ada Okafor',
      What: 'Event',
      For: 'Rooftop Jazz',
    })
  })

  it("finds Ada's booking by her phone typed as on a slip of paper, and opens it", async () => {
    const desk = await phoneOf('staff@example.com')
    await desk.goto(`${app.url}/staff`)
    await desk.getByRole('link', { name: /Bookings/ }).click()
    const found = desk.getByRole('region', { name: 'Bookings found' })
    await found.getByText(/bookings? on Tuesday, November 24, 2026\./).waitFor()
    await desk.getByLabel('Name, e-mail or phone').fill('0803 555 0101')
    await desk.getByRole('button', { name: 'Search', exact: true }).click()
    await found.getByText("for '0803 555 0101'").waitFor()
    const rows = found.getByRole('listitem')
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('Ada Okafor')])
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-bookings-390.png`, fullPage: true })
    await rows.first().getByRole('link').click()
    await desk.getByRole('heading', { name: 'Ada Okafor' }).waitFor()
    // As the door left it: the ticket test of this file admits her.
    const [jazz] = await app.db
      .select({ checkedInAt: bookings.checkedInAt })
      .from(bookings)
      .where(and(eq(bookings.email, 'ada@example.com'), eq(bookings.eventId, 'rooftop-jazz')))
    await desk
      .getByRole('status')
      .getByText(
        jazz?.checkedInAt ? `Checked in Nov 24, 2026, 10am by ${STAFF_NAME}` : 'Not checked in',
      )
      .waitFor()
    await desk.getByText('Rooftop Jazz', { exact: false }).first().waitFor()
    await expect(
      desk.getByRole('link', { name: 'ada@example.com' }).getAttribute('href'),
    ).resolves.toBe('mailto:ada@example.com')
    expect(await layoutProblems(desk)).toEqual([])
    await desk.screenshot({ path: `${SCREENSHOTS}staff-booking-390.png`, fullPage: true })
    await desk.setViewportSize(viewportOf(WIDTHS.desktop))
    await desk.screenshot({ path: `${SCREENSHOTS}staff-booking-1280.png`, fullPage: true })
  })
})
