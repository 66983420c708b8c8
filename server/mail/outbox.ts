import { eq } from 'drizzle-orm'
import {
  boughtAfterCutoffLine,
  cancelCutoff,
  cutoffWords,
} from '../../machines/rules/cancel-cutoff'
import { dayInFull } from '../../machines/rules/dates'
import { calendarFile } from '../../machines/rules/ics'
import { formatMinor } from '../../machines/rules/money'
import { slotInstants } from '../../machines/rules/slots'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import type { Db, Tx } from '../db/client'
import {
  type Booking,
  events,
  type MailAttachment,
  mailOutbox,
  type NewMailMessage,
} from '../db/schema'
import { escapeHtml } from '../http/html'
import { TICKET_QR_CID, ticketQrAttachment } from './attachments'

// A transactional outbox (docs/decisions/006): a message is a row written in the caller's
// transaction, so a booking and its receipt commit together; the dispatcher delivers it later.

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string | null
  attachments?: MailAttachment[]
}

/** A message as its outbox row, to be written in the caller's transaction (or statement). */
export function mailRow(mail: OutgoingMail): NewMailMessage {
  return {
    toAddress: mail.to.trim().toLowerCase(),
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
  }
}

/** The end of every letter: the way to ask, and who writes. */
const SIGN_OFF = ['Questions? Just reply to this e-mail.', '', 'Sixteen']

/**
 * A letter in the house's voice: 'Hello Name,' (or 'Hello,' when the name is not known), the
 * body's lines as given (a blank line where the body wants one before the sign-off), and the
 * sign-off.
 */
export function letter(mail: {
  to: string
  subject: string
  name?: string | null
  body: string[]
}): OutgoingMail {
  const text = [`Hello${mail.name ? ` ${mail.name}` : ''},`, '', ...mail.body, ...SIGN_OFF]
  return { to: mail.to, subject: mail.subject, text: `${text.join('\n')}\n` }
}

/** Queues a message in the caller's transaction; returns its outbox id. */
export async function queueMail(tx: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values(mailRow(mail)).returning({ id: mailOutbox.id })
  if (!row) throw new Error('queueMail: the insert returned no row')
  return row.id
}

const PAID_WITH_TEXT: Record<Booking['paidWith'], string> = {
  free: 'free',
  membership: 'free with your membership',
  wallet: 'from your wallet',
  'community-wallet': 'from your community wallet',
  paystack: 'by card',
  sandbox: 'by card',
  waitlist: 'held for you from the waitlist',
}

function amountLine(booking: Booking): string {
  if (booking.amountMinor === 0) {
    return booking.paidWith === 'membership' ? 'Free with your membership' : 'Free'
  }
  // An amount paid, as the bookings list and the checkout say it: with its kobo.
  return `${formatMinor(booking.amountMinor, 'NGN')}, paid ${PAID_WITH_TEXT[booking.paidWith]}`
}

interface ReceiptFacts {
  title: string
  where: string
  start: Date | null
  end: Date | null
  /** The booked event's start and cancel cut-off hours; null: none. */
  event: { startAt: Date; cancelCutoffHours: number } | null
}

/** What a receipt says of an event, when the caller has read it already. */
export interface ReceiptEvent {
  address: string
  startAt: Date
  endAt: Date
  /** Hours before it starts that it can still be cancelled. */
  cancelCutoffHours: number
}

/** The event's address (for the receipt and the calendar file) and its own times as a fallback. */
async function factsOf(
  tx: Db | Tx,
  booking: Booking,
  title: string,
  known: ReceiptEvent | null,
): Promise<ReceiptFacts> {
  const slot = booking.timeSlot ? slotInstants(booking.date, booking.timeSlot) : null
  if (!booking.eventId) {
    const where = `${booking.venue ?? 'The hotel'}, Sixteen`
    return { title, where, start: slot?.start ?? null, end: slot?.end ?? null, event: null }
  }
  const [event] = known
    ? [known]
    : await tx.select().from(events).where(eq(events.id, booking.eventId))
  const where = [booking.venue, event?.address].filter(Boolean).join(', ')
  return {
    title,
    where,
    start: slot?.start ?? event?.startAt ?? null,
    end: slot?.end ?? event?.endAt ?? null,
    event: event ? { startAt: event.startAt, cancelCutoffHours: event.cancelCutoffHours } : null,
  }
}

/**
 * The line of the receipt's 'Manage your booking' link, which cancels it without an account
 * (server/cancellation/cancel.ts): for a booking that can be cancelled (confirmed, not a place the
 * waitlist holds, its cut-off still ahead when it was made), saying until when; one made after
 * its cut-off says why it has no link; else null.
 */
function manageLine(booking: Booking, facts: ReceiptFacts, publicUrl: string): string | null {
  if (booking.status !== 'confirmed' || booking.paidWith === 'waitlist') return null
  const event = booking.type === 'event' && booking.eventId ? facts.event : null
  const cutoff = cancelCutoff(booking, event)
  // Made after its cut-off: no link, and the receipt says why.
  if (booking.createdAt.getTime() >= cutoff.getTime()) {
    return boughtAfterCutoffLine(booking, cutoff, event?.cancelCutoffHours ?? null)
  }
  const until = cutoffWords(booking, cutoff, event?.cancelCutoffHours ?? null)
  return `Manage your booking (cancel it until ${until}): ${publicUrl}/manage/${booking.manageCode}`
}

/** The line under the ticket's QR code: the code, for the door to type when a scan fails. */
const ticketLine = (ticket: string) => `Your ticket: ${formatTicketCode(ticket)}`

/**
 * The lines of a receipt: the ticket, what, when, where, who, what was paid, the references, and
 * the 'Manage your booking' link when it can be cancelled.
 */
function receiptLines(
  booking: Booking,
  facts: ReceiptFacts,
  publicUrl: string,
  ticket: string | null,
  manage: string | null,
): string[] {
  const when = [dayInFull(booking.date), booking.timeSlot].filter(Boolean).join(', ')
  const guests = booking.visitors
    ? [
        `Guests: ${booking.visitors} with you${booking.namesOfVisitors ? ` (${booking.namesOfVisitors})` : ''}`,
      ]
    : []
  const reference =
    booking.paymentReference &&
    !['Free booking', 'Wallet transaction'].includes(booking.paymentReference)
      ? [`Payment reference: ${booking.paymentReference}`]
      : []
  return [
    `Hello ${booking.name},`,
    '',
    `You're booked: ${facts.title}.`,
    '',
    ...(ticket
      ? [ticketLine(ticket), 'Show its QR code (in this e-mail) or this code at the door.', '']
      : []),
    `What: ${facts.title}`,
    `When: ${when}`,
    `Where: ${facts.where}`,
    ...guests,
    `Amount: ${amountLine(booking)}`,
    `Booking reference: ${booking.id}`,
    ...reference,
    '',
    ...(facts.start ? ['The calendar file attached adds it to your calendar.', ''] : []),
    booking.accountId
      ? `Your bookings: ${publicUrl}/profile/bookings`
      : `See what's on: ${publicUrl}/`,
    ...(manage ? [manage] : []),
    'Questions? Just reply to this e-mail.',
    '',
    'See you soon,',
    'Sixteen',
  ]
}

/** A line as HTML, each address on the site's own origin in it a link (the text's words kept). */
function linkedHtml(line: string, publicUrl: string): string {
  const site = escapeHtml(publicUrl)
  return escapeHtml(line).replace(
    new RegExp(`${site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[^\\s<]*[^\\s<.,;:!?)])?`, 'g'),
    (href) => `<a href="${href}" style="word-break: break-all">${href}</a>`,
  )
}

/**
 * The receipt's lines as HTML, the ticket's QR code above its line (the code in text), and its
 * addresses on the site (the bookings, 'Manage your booking') links a reader can tap.
 */
function receiptHtml(lines: string[], ticket: string | null, publicUrl: string): string {
  const qrAbove = ticket ? ticketLine(ticket) : null
  const body = lines
    .map((line) => {
      if (line === '') return '<br>'
      const qr =
        line === qrAbove
          ? `<p><img src="cid:${TICKET_QR_CID}" alt="Your ticket's QR code"></p>\n`
          : ''
      return `${qr}<p>${linkedHtml(line, publicUrl)}</p>`
    })
    .join('\n')
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">${body}</body></html>`
}

/** A safe file name from a title: 'Rooftop Jazz' -> 'rooftop-jazz.ics'. */
const icsName = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'booking'
  }.ics`

/**
 * The receipt of a booking, with an .ics calendar file (Lagos times: the booked slot, or the
 * event's own start and end when it has no slot) and, once it is confirmed, its ticket's QR code
 * with the code beneath it, as a message for the caller to queue in the booking's transaction
 * (takePlace writes it with the booking; queueMail); `event`: the booked event as the caller read
 * it, else it is read here.
 */
export async function bookingReceipt(
  db: Db | Tx,
  booking: Booking,
  {
    title,
    publicUrl,
    event = null,
  }: { title: string; publicUrl: string; event?: ReceiptEvent | null },
): Promise<OutgoingMail> {
  const facts = await factsOf(db, booking, title, event)
  const ticket = booking.status === 'confirmed' ? booking.ticketCode : null
  const manage = manageLine(booking, facts, publicUrl)
  const lines = receiptLines(booking, facts, publicUrl, ticket, manage)
  const calendar: MailAttachment[] =
    facts.start && facts.end
      ? [
          {
            filename: icsName(title),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: calendarFile({
              uid: `${booking.id}@sixteen.ng`,
              title,
              start: facts.start,
              end: facts.end,
              location: facts.where,
              description: `Booking reference: ${booking.id}`,
              stamp: booking.createdAt,
            }),
          },
        ]
      : []
  return {
    to: booking.email,
    subject: `You're booked: ${title}, ${dayInFull(booking.date)}`,
    text: `${lines.join('\n')}\n`,
    html: receiptHtml(lines, ticket, publicUrl),
    attachments: ticket ? [...calendar, ticketQrAttachment(ticket)] : calendar,
  }
}
