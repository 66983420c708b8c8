import { desc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { whenInFull } from '../../machines/rules/dates'
import type { Db } from '../db/client'
import { type MailAttachment, type MailMessage, mailOutbox } from '../db/schema'
import { escapeHtml } from '../http/html'
import { drawAttachments } from './attachments'

// Without SMTP_URL, e-mail stays in the outbox: these two routes let a person trying the app (and
// the tests) read it. They are not in the contract and do not exist when SMTP_URL is set, nor
// ever in production (NODE_ENV=production), where they would publish every login link.

/** Messages listed, newest first. */
const LIMIT = 200

interface OutboxEntry {
  id: number
  to: string
  subject: string
  text: string
  html: string | null
  /** As queued: a ticket's QR code is its code (`draw: 'qr-png'`), drawn when it is sent. */
  attachments: MailAttachment[]
  createdAt: string
  sentAt: string | null
}

const toEntry = (row: MailMessage): OutboxEntry => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  text: row.text,
  html: row.html,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
})

/** A message, its images shown as sent (a ticket's QR code, for trying the door's scanner). */
async function messageHtml(entry: OutboxEntry): Promise<string> {
  const files = entry.attachments.map((a) => `<li>${escapeHtml(a.filename)}</li>`).join('')
  const images = (await drawAttachments(entry.attachments))
    .filter((a) => a.encoding === 'base64' && a.contentType.startsWith('image/'))
    .map(
      (a) =>
        `<img src="data:${a.contentType};base64,${a.content}" alt="${escapeHtml(a.filename)}">`,
    )
    .join('')
  return `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">To ${escapeHtml(entry.to)} · ${escapeHtml(whenInFull(entry.createdAt))}</p>
${images}
<pre>${escapeHtml(entry.text)}</pre>
${files ? `<p class="meta">Attached:</p><ul>${files}</ul>` : ''}
</article>`
}

/** A plain page: no script, every value escaped (the messages hold what bookers typed). */
async function pageHtml(entries: OutboxEntry[]): Promise<string> {
  const list =
    entries.length > 0
      ? (await Promise.all(entries.map(messageHtml))).join('\n')
      : '<p>No messages yet.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Sixteen</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 0 auto; padding: 1rem; color: #1c1917; overflow-wrap: anywhere; }
img { display: block; max-width: 100%; height: auto; }
article { border-top: 1px solid #d6d3d1; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 0.5rem 0 0.25rem; }
.meta { color: #57534e; font-size: 0.9rem; margin: 0.25rem 0; }
pre { white-space: pre-wrap; font-family: inherit; background: #f5f5f4; padding: 0.75rem; border-radius: 0.5rem; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p class="meta">No SMTP server is set (SMTP_URL), so e-mail is kept here instead of being sent. Newest first.</p>
${list}
</body>
</html>
`
}

async function latest(db: Db): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(LIMIT)
  return rows.map(toEntry)
}

/** GET /api/dev/outbox (JSON) and GET /dev/outbox (a page), or 404s for both when mail is sent. */
export function registerDevOutbox(app: FastifyInstance, db: Db, { enabled }: { enabled: boolean }) {
  if (!enabled) {
    // Registered anyway so the web app's catch-all never answers these paths with a page.
    const gone = { status: 'error', message: 'No such address.' }
    app.get('/dev/outbox', (_request, reply) => reply.code(404).send(gone))
    app.get('/api/dev/outbox', (_request, reply) => reply.code(404).send(gone))
    return
  }
  app.get('/api/dev/outbox', async () => ({ status: 'success', data: await latest(db) }))
  app.get('/dev/outbox', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(await pageHtml(await latest(db))),
  )
}
