import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { dayLabel } from '../../machines/rules/dates'
import { formatMinor } from '../../machines/rules/money'
import type { Db } from '../db/client'
import { payments, type SandboxTransaction, sandboxTransactions } from '../db/schema'
import { escapeHtml } from '../http/html'
import { itemOf, type PaymentItem } from './payload'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET, webhookSignature } from './provider'
import { sandboxCheckoutPath } from './sandbox'

const OUTCOMES = {
  pay: 'success',
  decline: 'failed',
  cancel: 'abandoned',
} as const
type Outcome = keyof typeof OUTCOMES

const STYLESHEET_PATH = '/sandbox/checkout.css'

/** A strict policy: no script at all, styles from our own stylesheet, forms only to us. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The callback address with `?reference=&trxref=` added as Paystack does (its query kept). */
export function returnAddress(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('reference', reference)
  url.searchParams.set('trxref', reference)
  return url.href
}

/** What every page of the checkout says it is: the sandbox, or a staging site's test payments. */
const SANDBOX_NOTE = 'Sandbox: no real money moves'
const STAGING_NOTE = 'Staging site: test payments, no real money moves'

function page(title: string, body: string, note: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="sheet">
<p class="sandbox" role="note">${note}</p>
${body}
</main>
</body>
</html>
`
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html)
}

function describeItem(item: PaymentItem | null, now: Date): string {
  if (!item) return ''
  const when = [item.date ? dayLabel(item.date, now) : null, item.timeSlot].filter(Boolean)
  const rows = [
    ['For', item.title],
    ['When', when.join(' · ')],
    ['Where', item.venue ?? ''],
    ['Places', item.places > 1 ? String(item.places) : ''],
  ].filter(([, value]) => value)
  return rows
    .map(([term, value]) => `<div><dt>${term}</dt><dd>${escapeHtml(value ?? '')}</dd></div>`)
    .join('\n')
}

function checkoutPage(
  row: SandboxTransaction,
  item: PaymentItem | null,
  now: Date,
  note: string,
): string {
  const amount = formatMinor(row.amountMinor, row.currency)
  return page(
    `Pay ${amount} · Sandbox checkout`,
    `<header class="merchant">
<p class="merchant-name">Sixteen</p>
<p class="payer">${escapeHtml(row.email)}</p>
</header>
<section class="amount" aria-label="Amount to pay">
<p class="amount-label">Amount to pay</p>
<p class="amount-value">${escapeHtml(amount)}</p>
</section>
<dl class="order">
${describeItem(item, now)}
<div><dt>Reference</dt><dd class="reference">${escapeHtml(row.reference)}</dd></div>
</dl>
<form method="post" action="${sandboxCheckoutPath(escapeHtml(row.accessCode))}" class="actions">
<button type="submit" name="outcome" value="pay" class="button button-pay">Pay</button>
<div class="secondary">
<button type="submit" name="outcome" value="decline" class="button button-quiet">Decline</button>
<button type="submit" name="outcome" value="cancel" class="button button-quiet">Cancel</button>
</div>
</form>
<p class="hint"><strong>Pay</strong> succeeds as a test card would. <strong>Decline</strong> acts as a card the bank refused. <strong>Cancel</strong> leaves without paying.</p>`,
    note,
  )
}

const FINISHED: Record<SandboxTransaction['status'], string> = {
  pending: 'This payment is waiting.',
  success: 'This payment was made.',
  failed: 'This payment was declined.',
  abandoned: 'This payment was cancelled.',
  refunded: 'This payment was made, then refunded.',
}

function finishedPage(row: SandboxTransaction, note: string): string {
  return page(
    'Payment finished · Sandbox checkout',
    `<h1 class="title">${FINISHED[row.status]}</h1>
<p class="hint">Nothing more to do here.</p>
<p class="actions"><a class="button button-pay" href="${escapeHtml(returnAddress(row.callbackUrl, row.reference))}">Back to Sixteen</a></p>`,
    note,
  )
}

const notFoundPage = (note: string) =>
  page(
    'No such checkout · Sandbox checkout',
    `<h1 class="title">This checkout does not exist.</h1>
<p class="hint">Go back to Sixteen and start the payment again.</p>`,
    note,
  )

/**
 * The sandbox's checkout: a page with 'Pay', 'Decline' and 'Cancel' (plain forms, no script).
 * On an answer it records the outcome in the sandbox's ledger, sends Paystack's signed
 * `charge.success` webhook to our own endpoint for a payment (none for a decline or a cancel,
 * as Paystack), and sends the browser back to the callback address with `?reference=`.
 */
export async function registerSandboxCheckout(
  app: FastifyInstance,
  {
    db,
    now,
    webhookSecret = DEFAULT_SANDBOX_WEBHOOK_SECRET,
    webhookPath = '/api/payments/webhook',
    staging = false,
  }: {
    db: Db
    now: () => Date
    webhookSecret?: string
    webhookPath?: string
    /** A staging site's (production with PAYMENTS=sandbox): every page says so. */
    staging?: boolean
  },
) {
  const note = staging ? STAGING_NOTE : SANDBOX_NOTE
  const deliverWebhook = async (row: SandboxTransaction) => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        domain: 'test',
        status: 'success',
        reference: row.reference,
        amount: row.amountMinor,
        currency: row.currency,
        channel: 'card',
        gateway_response: 'Successful',
        paid_at: row.paidAt?.toISOString() ?? null,
        customer: { email: row.email },
      },
    })
    try {
      // Through the whole pipeline (parsing, signature, validation), as a request from outside.
      const response = await app.inject({
        method: 'POST',
        url: webhookPath,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': webhookSignature(body, webhookSecret),
        },
        payload: body,
      })
      if (response.statusCode !== 200) {
        app.log.warn(
          { reference: row.reference, status: response.statusCode, body: response.body },
          'sandbox: our webhook refused the payment event; the return will settle it',
        )
      }
    } catch (error) {
      app.log.warn({ err: error, reference: row.reference }, 'sandbox: webhook not delivered')
    }
  }

  await app.register(async (checkout) => {
    // The checkout's forms post application/x-www-form-urlencoded; only these routes read it.
    checkout.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    checkout.get(STYLESHEET_PATH, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/css; charset=utf-8')
        .send(STYLESHEET),
    )

    const findRow = async (accessCode: string) => {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(accessCode)) return null
      const [row] = await db
        .select({ transaction: sandboxTransactions, payload: payments.payload })
        .from(sandboxTransactions)
        .leftJoin(payments, eq(payments.reference, sandboxTransactions.reference))
        .where(eq(sandboxTransactions.accessCode, accessCode))
      return row ?? null
    }

    checkout.get<{ Params: { accessCode: string } }>(
      '/sandbox/checkout/:accessCode',
      async (request, reply) => {
        const row = await findRow(request.params.accessCode)
        if (!row) return sendPage(reply, 404, notFoundPage(note))
        if (row.transaction.status !== 'pending')
          return sendPage(reply, 200, finishedPage(row.transaction, note))
        // The sandbox stands in for a provider's server, and reads what is bought from ours.
        return sendPage(reply, 200, checkoutPage(row.transaction, itemOf(row.payload), now(), note))
      },
    )

    checkout.post<{ Params: { accessCode: string }; Body: Record<string, string> | undefined }>(
      '/sandbox/checkout/:accessCode',
      async (request, reply) => {
        const outcome = request.body?.outcome
        if (!outcome || !Object.hasOwn(OUTCOMES, outcome)) {
          return reply
            .code(400)
            .send({ status: 'error', message: 'Choose Pay, Decline or Cancel.' })
        }
        const status = OUTCOMES[outcome as Outcome]
        const at = now()
        const [answered] = await db
          .update(sandboxTransactions)
          .set({ status, ...(status === 'success' ? { paidAt: at } : {}) })
          .where(
            and(
              eq(sandboxTransactions.accessCode, request.params.accessCode),
              eq(sandboxTransactions.status, 'pending'),
            ),
          )
          .returning()
        if (!answered) {
          // Answered already (a second tab, a double click): back to the site, nothing changes.
          const row = await findRow(request.params.accessCode)
          if (!row) return sendPage(reply, 404, notFoundPage(note))
          return reply.redirect(
            returnAddress(row.transaction.callbackUrl, row.transaction.reference),
            303,
          )
        }
        if (status === 'success') await deliverWebhook(answered)
        return reply.redirect(returnAddress(answered.callbackUrl, answered.reference), 303)
      },
    )
  })
}

/** A calm payment sheet, mobile first; a stylesheet of its own so the page needs no inline style. */
const STYLESHEET = `:root {
  color-scheme: light;
  --ink: #1d2621;
  --muted: #5d6a63;
  --line: #dfe5e1;
  --canvas: #f3f5f2;
  --sheet: #ffffff;
  --accent: #1f5c45;
  --accent-ink: #ffffff;
  --note: #fff6d9;
  --note-ink: #6b5200;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
}
* { box-sizing: border-box; }
body {
  margin: 0;
  min-height: 100vh;
  background: var(--canvas);
  color: var(--ink);
  display: flex;
  align-items: flex-end;
  justify-content: center;
}
.sheet {
  width: 100%;
  max-width: 26rem;
  background: var(--sheet);
  border-radius: 1.25rem 1.25rem 0 0;
  padding: 1.25rem 1.25rem 1.75rem;
  box-shadow: 0 -0.25rem 1.5rem rgba(29, 38, 33, 0.08);
}
@media (min-width: 40rem) {
  body { align-items: center; padding: 2rem; }
  .sheet { border-radius: 1.25rem; padding: 1.75rem; box-shadow: 0 0.5rem 2rem rgba(29, 38, 33, 0.1); }
}
.sandbox {
  margin: 0 0 1.25rem;
  padding: 0.5rem 0.75rem;
  border: 1px dashed var(--note-ink);
  border-radius: 0.5rem;
  background: var(--note);
  color: var(--note-ink);
  font-size: 0.875rem;
  font-weight: 600;
  text-align: center;
}
.merchant { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; }
.merchant-name { margin: 0; font-weight: 700; letter-spacing: 0.02em; }
.payer { margin: 0; color: var(--muted); font-size: 0.875rem; overflow-wrap: anywhere; text-align: right; }
.amount { margin: 1.5rem 0 1rem; text-align: center; }
.amount-label { margin: 0; color: var(--muted); font-size: 0.875rem; }
.amount-value { margin: 0.25rem 0 0; font-size: 2.25rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.order { margin: 0 0 1.5rem; border-top: 1px solid var(--line); }
.order div { display: flex; justify-content: space-between; gap: 1rem; padding: 0.625rem 0; border-bottom: 1px solid var(--line); }
.order dt { color: var(--muted); }
.order dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.reference { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.875rem; }
.title { margin: 0.5rem 0; font-size: 1.375rem; }
.actions { display: grid; gap: 0.75rem; margin: 0; }
.secondary { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
.button {
  display: block;
  width: 100%;
  min-height: 3rem;
  padding: 0.75rem 1rem;
  border-radius: 0.75rem;
  font: inherit;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
}
.button-pay { border: 0; background: var(--accent); color: var(--accent-ink); }
.button-quiet { border: 1px solid var(--line); background: var(--sheet); color: var(--ink); }
.button:focus-visible { outline: 3px solid #8fb9a5; outline-offset: 2px; }
.button-pay:hover { background: #174a37; }
.button-quiet:hover { background: var(--canvas); }
.hint { margin: 1rem 0 0; color: var(--muted); font-size: 0.8125rem; }
.hint + .actions { margin-top: 1.5rem; }
`
