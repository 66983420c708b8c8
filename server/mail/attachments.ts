import QRCode from 'qrcode'
import type { MailAttachment } from '../db/schema'

// A message's attachments as they leave. The outbox keeps what to draw and the dispatcher (or
// /dev/outbox) draws it: a QR code costs this machine about 3 ms to draw, more than a booking's
// own server time (docs/decisions/026), so queueing a receipt draws nothing.

/** Where a receipt's HTML shows the ticket's QR code. */
export const TICKET_QR_CID = 'ticket@sixteen.ng'

/** Six pixels a module and the quiet zone of four modules the standard asks, for phone cameras. */
const TICKET_QR = { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 } as const

/** A ticket's QR code, shown inline where the HTML says `cid:ticket@sixteen.ng`. */
export function ticketQrAttachment(code: string): MailAttachment {
  return {
    filename: 'ticket.png',
    contentType: 'image/png',
    cid: TICKET_QR_CID,
    content: code,
    draw: 'qr-png',
  }
}

/** An attachment as nodemailer takes it: a drawn image's content is base64. */
export interface DrawnAttachment {
  filename: string
  contentType: string
  content: string
  encoding?: 'base64'
  cid?: string
}

/** The attachments as they are sent: QR codes drawn as PNG, the others as they are. */
export function drawAttachments(attachments: MailAttachment[]): Promise<DrawnAttachment[]> {
  return Promise.all(
    attachments.map(async ({ draw, ...attachment }) => {
      if (draw !== 'qr-png') return attachment
      const png = await QRCode.toBuffer(attachment.content, TICKET_QR)
      return { ...attachment, content: png.toString('base64'), encoding: 'base64' as const }
    }),
  )
}
