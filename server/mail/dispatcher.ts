import { and, asc, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { type Db, databaseKind, type Tx } from '../db/client'
import { queueDrainer } from '../db/queue-drainer'
import { type MailMessage, mailOutbox } from '../db/schema'
import { drawAttachments } from './attachments'
import { DEFAULT_MAIL_FROM } from './deps'

// Delivers the outbox over SMTP (SMTP_URL). Without SMTP_URL nothing runs: the messages stay in
// the outbox for the /dev/outbox page. Delivery is at-least-once (docs/decisions/006).

/** Messages sent per round; the rest wait for the next round. */
const BATCH = 10
/** How often unsent messages are retried when nothing kicks the dispatcher. */
const RETRY_MS = 30_000

export interface Mailer {
  /** Something was queued: deliver it soon (after the caller's transaction has committed). */
  kick(): void
  /** Delivers what is waiting now; resolves with how many were sent. */
  flush(): Promise<number>
  /** Stops: a message being sent is finished and marked, the rest wait for the next start. */
  close(): Promise<void>
}

export interface MailerOptions {
  smtpUrl: string
  from?: string
  log?: Pick<FastifyBaseLogger, 'error'>
}

type Send = (message: MailMessage) => Promise<unknown>

/**
 * PostgreSQL: rows are claimed with FOR UPDATE SKIP LOCKED, so instances never send one twice.
 * PGlite runs in one process only and holds its one connection for a whole transaction, so
 * there rows are read, sent and marked without holding a transaction open during SMTP.
 */
async function sendWaiting(db: Db, send: Send, closing: () => boolean): Promise<number> {
  const waiting = (tx: Db | Tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
  const sendAndMark = async (tx: Db | Tx, rows: MailMessage[]) => {
    let sent = 0
    for (const row of rows) {
      // Closing: the messages not sent yet are let go (unlocked), to be sent after the restart.
      if (closing()) break
      await send(row)
      await tx
        .update(mailOutbox)
        .set({ sentAt: new Date() })
        .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)))
      sent += 1
    }
    return sent
  }
  if ((await databaseKind(db)) === 'pglite') return sendAndMark(db, await waiting(db))
  return db.transaction(async (tx) =>
    sendAndMark(tx, await waiting(tx).for('update', { skipLocked: true })),
  )
}

export function startMailer(
  db: Db,
  { smtpUrl, from = DEFAULT_MAIL_FROM, log }: MailerOptions,
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  const send: Send = async (message) =>
    transport.sendMail({
      from,
      to: message.toAddress,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      attachments: await drawAttachments(message.attachments),
    })

  const drainer = queueDrainer({
    everyMs: RETRY_MS,
    async round(closed) {
      let sent = 0
      let batch = 0
      do {
        batch = await sendWaiting(db, send, closed)
        sent += batch
      } while (batch === BATCH && !closed())
      return sent
    },
    onError: (error) => log?.error({ err: error }, 'mail delivery failed; will retry'),
  })
  return {
    kick: drainer.kick,
    flush: drainer.flush,
    async close() {
      await drainer.close()
      transport.close()
    },
  }
}
