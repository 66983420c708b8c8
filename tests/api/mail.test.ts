import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import { buildApp } from '../../server/app.ts'
import { dbCases, NOW, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, poetry, rsvp, UNLIMITED } from '../support/bookings.ts'
import { startFakeSmtp } from '../support/fake-smtp.ts'

interface OutboxEntry {
  to: string
  subject: string
  text: string
  html: string | null
  attachments: { filename: string; contentType: string; content: string }[]
}

/**
 * The modules of a QR code's picture, row by row (true: dark), read as a camera would: the
 * finder pattern in the top-left corner says where the quiet zone ends and how wide a module is.
 */
async function modulesInPicture(png: Buffer): Promise<boolean[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
  const dark = (x: number, y: number) => (data[y * info.width + x] ?? 255) < 128
  let edge = 0
  while (!dark(edge, edge)) edge++
  let run = 0
  while (dark(edge + run, edge)) run++
  const module = run / 7
  const size = Math.round((info.width - 2 * edge) / module)
  const at = (i: number) => Math.floor(edge + (i + 0.5) * module)
  return Array.from({ length: size * size }, (_, i) => dark(at(i % size), at(Math.floor(i / size))))
}

/** The modules of the QR code of a text, as the standard encodes it (error correction M). */
const modulesOf = (text: string) =>
  [...QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.data].map(Boolean)

/** The base64 body of the MIME part of a raw message that has this Content-ID. */
function partWithContentId(message: string, cid: string): Buffer {
  const start = message.indexOf(`Content-ID: <${cid}>`)
  if (start < 0) return Buffer.alloc(0)
  const body = message.slice(message.indexOf('\n\n', start) + 2)
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s/g, ''), 'base64')
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('mail', () => {
    let api: TestApi
    let webRoot: string

    beforeAll(async () => {
      // A built app of one page, so the app's catch-all is there to answer unknown pages.
      webRoot = mkdtempSync(join(tmpdir(), 'mail-test-web-'))
      writeFileSync(
        join(webRoot, 'index.html'),
        '<!doctype html><html><head></head><body>app</body></html>',
      )
      api = await startApi(kind, { webRoot, app: { rateLimit: UNLIMITED } })
    })
    afterAll(async () => {
      await api?.close()
      rmSync(webRoot, { recursive: true, force: true })
    })

    describe('without SMTP_URL: the outbox', () => {
      it('lists the receipts newest first at /api/dev/outbox, with the calendar file and the ticket', async () => {
        expect((await rsvp(api, poetry({ Email: 'first@example.com' }))).statusCode).toBe(201)
        const second = await rsvp(api, poetry({ Email: 'second@example.com' }))
        expect(second.statusCode).toBe(201)
        const ticket = second.json().data.Ticket as string
        const response = await api.app.inject({ url: '/api/dev/outbox' })
        expect(response.statusCode).toBe(200)
        const { status, data } = response.json() as { status: string; data: OutboxEntry[] }
        expect(status).toBe('success')
        expect(data.slice(0, 2).map((m) => m.to)).toEqual([
          'second@example.com',
          'first@example.com',
        ])
        const [latest] = data
        expect(latest?.subject).toBe(
          "You're booked: Poetry & Palm Wine, Thursday, November 26, 2026",
        )
        expect(latest?.text).toContain('Hello Guest Person,')
        expect(latest?.attachments).toEqual([
          {
            filename: 'poetry-palm-wine.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: expect.stringContaining('SUMMARY:Poetry & Palm Wine'),
          },
          // The booking's own ticket, its QR code drawn when the message is sent.
          {
            filename: 'ticket.png',
            contentType: 'image/png',
            cid: 'ticket@sixteen.ng',
            content: ticket,
            draw: 'qr-png',
          },
        ])
        expect(latest?.text).toContain(`Your ticket: ${formatTicketCode(ticket)}\n`)
        // In the HTML the QR code comes first, the code in text beneath it.
        const html = latest?.html ?? ''
        expect(html.indexOf('<img src="cid:ticket@sixteen.ng"')).toBeGreaterThan(0)
        expect(html.indexOf('<img src="cid:ticket@sixteen.ng"')).toBeLessThan(
          html.indexOf(`Your ticket: ${formatTicketCode(ticket)}`),
        )
      })

      it('shows them on the /dev/outbox page, escaped and without script', async () => {
        await rsvp(api, poetry({ Email: 'tricky@example.com', Name: '<b>Bold</b> & "Co"' }))
        const response = await api.app.inject({ url: '/dev/outbox' })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        const page = response.body
        expect(page).toContain('<h1>Outbox</h1>')
        expect(page).toContain('Hello &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;,')
        expect(page).not.toContain('<b>Bold</b>')
        expect(page).not.toMatch(/<script/i)
        expect(page).toContain('<li>poetry-palm-wine.ics</li>')
        // The ticket's QR code as it is sent, to try the door's scanner on.
        expect(page).toContain('<img src="data:image/png;base64,')
        expect(page.indexOf('tricky@example.com')).toBeLessThan(page.indexOf('first@example.com'))
      })
    })

    describe('with SMTP_URL', () => {
      it('sends the receipt through SMTP, marks it sent, and has no outbox pages', async () => {
        const smtp = await startFakeSmtp()
        const app = await buildApp({
          db: api.db,
          now: () => NOW,
          webRoot,
          rateLimit: UNLIMITED,
          smtpUrl: smtp.url,
          mailFrom: 'Sixteen Test <test@sixteen.ng>',
        })
        try {
          for (const url of ['/dev/outbox', '/api/dev/outbox']) {
            const response = await app.inject({ url })
            expect(response.statusCode, url).toBe(404)
            expect(response.json(), url).toEqual({ status: 'error', message: 'No such address.' })
          }
          const booked = await app.inject({
            method: 'POST',
            url: '/api/bookings/rsvp',
            payload: poetry({ Email: 'smtp@example.com' }),
          })
          expect(booked.statusCode).toBe(201)
          await waitFor(() => smtp.messages.some((m) => m.includes('To: smtp@example.com')))
          const message = smtp.messages.find((m) => m.includes('To: smtp@example.com')) ?? ''
          expect(message).toContain('From: Sixteen Test <test@sixteen.ng>')
          expect(message).toContain("Subject: You're booked: Poetry & Palm Wine")
          expect(message).toContain('filename=poetry-palm-wine.ics')
          // The ticket inline: a PNG whose QR code is the booking's ticket code.
          expect(message).toContain('cid:ticket@sixteen.ng')
          const picture = partWithContentId(message, 'ticket@sixteen.ng')
          expect(picture.subarray(1, 4).toString()).toBe('PNG')
          const ticket = booked.json().data.Ticket as string
          expect(await modulesInPicture(picture)).toEqual(modulesOf(ticket))
          expect(await modulesInPicture(picture)).not.toEqual(modulesOf(booked.json().data.id))
          await waitFor(async () => (await mailTo(api.db, 'smtp@example.com'))[0]?.sentAt != null)
        } finally {
          await app.close()
          await smtp.close()
        }
      })
    })
  })
})
