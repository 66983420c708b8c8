import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { formatMinor } from '../../machines/rules/money'
import {
  bookingTitles,
  confirmHeldBookings,
  releaseHeldBookings,
  unstorableCharacter,
} from '../bookings/core'
import type { Db, Tx } from '../db/client'
import { type Payment, payments } from '../db/schema'
import { longDay, queueBookingReceipt, queueMail } from '../mail/outbox'
import { itemOf } from './payload'
import type { PaymentProvider, Verified } from './provider'

// The one way a card payment is finalized (docs/decisions/005): the return page's verification
// and the provider's webhook both land here, in any order, any number of times.

export interface SettleDeps {
  db: Db
  provider: PaymentProvider
  now: () => Date
  /** Where people reach the site, for links in e-mails; null uses the payment's callback origin. */
  publicUrl: string | null
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

/** Why a payment that took money made no booking, for people (kept as the outcome note). */
export const OUTCOME_NOTES = {
  soldOut:
    'Your place was taken while the payment was on its way, so no booking was made and the full amount was refunded.',
  amountMismatch:
    'The amount charged did not match the price, so no booking was made and the full amount was refunded.',
  paidAfterCancel:
    'The payment arrived after it had been cancelled, so no booking was made and the full amount was refunded.',
  failed: 'The card payment was declined: no booking was made.',
  abandoned: 'The card payment was cancelled before paying: no booking was made.',
} as const

type RefundReason = 'soldOut' | 'amountMismatch' | 'paidAfterCancel'

const REFUND_EXPLANATION: Record<RefundReason, string> = {
  soldOut:
    'reached us after the last place had been taken (the place is held for 15 minutes while you pay)',
  amountMismatch: 'was for a different amount than the price of the booking',
  paidAfterCancel: 'reached us after the payment had been cancelled',
}

/** The site's address for e-mailed links: PUBLIC_URL, else where the payment started. */
function siteUrl(payment: Payment, publicUrl: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '')
  try {
    return new URL(payment.callbackUrl).origin
  } catch {
    return ''
  }
}

/** Tells the payer their money is going back and why, in the transaction that decided it. */
async function queueRefundMail(
  tx: Tx,
  payment: Payment,
  reason: RefundReason,
  refundedMinor: number,
  publicUrl: string | null,
) {
  const item = itemOf(payment.payload)
  const name = (payment.payload.booking as { Name?: string } | undefined)?.Name
  const what = item
    ? [item.title, item.date ? longDay(item.date) : null, item.timeSlot].filter(Boolean).join(', ')
    : 'your booking'
  const amount = formatMinor(refundedMinor, payment.currency)
  const site = siteUrl(payment, publicUrl)
  const text = [
    `Hello${name ? ` ${name}` : ''},`,
    '',
    `Your card payment of ${amount} for ${what} ${REFUND_EXPLANATION[reason]}, so no booking was made.`,
    '',
    'We have refunded the full amount to the card you paid with. Your bank may take a few working days to show it.',
    '',
    `Payment reference: ${payment.reference}`,
    '',
    `We are sorry. See what else is on: ${site}/`,
    'Questions? Just reply to this e-mail.',
    '',
    'Sixteen',
  ].join('\n')
  await queueMail(tx, {
    to: payment.email,
    subject: `Your payment of ${amount} was refunded: no booking was made`,
    text: `${text}\n`,
  })
}

/** After the refund is decided and committed, the provider returns the money. */
async function refundAfterCommit(
  deps: SettleDeps,
  payment: Payment,
  amountMinor: number,
): Promise<void> {
  try {
    await deps.provider.refund(payment.reference, amountMinor)
  } catch (error) {
    // The payment says 'refunded' and the payer was told: staff must finish it by hand.
    deps.log?.error(
      { err: error, reference: payment.reference, amountMinor },
      'payments: the provider refused the refund; refund it from the provider dashboard',
    )
  }
}

const findPayment = async (db: Db | Tx, reference: string) => {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference))
  return row ?? null
}

/** The provider took the money and we asked for it: the held booking is confirmed, once. */
async function settleSuccess(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const at = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    // Exactly one caller gets the row: a concurrent one waits for this commit, then finds it settled.
    const [won] = await tx
      .update(payments)
      .set({ status: 'success', finalizedAt: at, channel: verified.channel })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')))
      .returning()
    if (!won) return null
    const { bookings, full } = await confirmHeldBookings(tx, won.id, at)
    // No booking to confirm (its place was gone): never charged for nothing.
    if (full || bookings.length === 0) {
      const [refunded] = await tx
        .update(payments)
        .set({ status: 'refunded', outcomeNote: OUTCOME_NOTES.soldOut })
        .where(eq(payments.id, won.id))
        .returning()
      await queueRefundMail(tx, won, 'soldOut', verified.amountMinor, deps.publicUrl)
      return { payment: refunded ?? won, refund: true }
    }
    const titles = await bookingTitles(tx, bookings)
    const publicUrl = siteUrl(won, deps.publicUrl)
    for (const booking of bookings) {
      const title = titles.get(booking.id) ?? itemOf(won.payload)?.title ?? 'Your booking'
      await queueBookingReceipt(tx, booking, { title, publicUrl })
    }
    return { payment: won, refund: false }
  })
  if (!outcome) return null
  if (outcome.refund) await refundAfterCommit(deps, outcome.payment, verified.amountMinor)
  return outcome.payment
}

/** The provider charged something other than what was initiated: no booking, money back. */
async function settleMismatch(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const at = deps.now()
  const refunded = await deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(payments)
      .set({
        status: 'refunded',
        finalizedAt: at,
        channel: verified.channel,
        outcomeNote: OUTCOME_NOTES.amountMismatch,
      })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')))
      .returning()
    if (!won) return null
    await releaseHeldBookings(tx, won.id)
    await queueRefundMail(tx, won, 'amountMismatch', verified.amountMinor, deps.publicUrl)
    return won
  })
  if (refunded) await refundAfterCommit(deps, refunded, verified.amountMinor)
  return refunded
}

/** Declined or abandoned: the held place goes back, no booking, no receipt. */
async function settleUnpaid(
  deps: SettleDeps,
  reference: string,
  status: 'failed' | 'abandoned',
): Promise<Payment | null> {
  return deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(payments)
      .set({ status, finalizedAt: deps.now(), outcomeNote: OUTCOME_NOTES[status] })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')))
      .returning()
    if (!won) return null
    await releaseHeldBookings(tx, won.id)
    return won
  })
}

/**
 * Money that arrived after we had settled the payment as declined or abandoned (a customer who
 * went back to the provider's page and paid): its place was given back, so it is refunded.
 */
async function settleLateSuccess(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const refunded = await deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(payments)
      .set({
        status: 'refunded',
        channel: verified.channel,
        outcomeNote: OUTCOME_NOTES.paidAfterCancel,
      })
      .where(
        and(eq(payments.reference, reference), inArray(payments.status, ['failed', 'abandoned'])),
      )
      .returning()
    if (!won) return null
    await queueRefundMail(tx, won, 'paidAfterCancel', verified.amountMinor, deps.publicUrl)
    return won
  })
  if (refunded) await refundAfterCommit(deps, refunded, verified.amountMinor)
  return refunded
}

/**
 * Settles a payment from the provider's own word (never a webhook body's) and returns it as it
 * now stands; null when no payment has this reference. Safe to call any number of times, from
 * any number of places at once: each outcome is written by exactly one caller.
 * Throws HttpError 502 when the provider does not answer.
 */
export async function settlePayment(deps: SettleDeps, reference: string): Promise<Payment | null> {
  // No reference of ours holds a NUL or an unpaired surrogate, and PostgreSQL cannot even compare
  // a NUL (a webhook body's reference is any string).
  if (unstorableCharacter(reference) !== null) return null
  const payment = await findPayment(deps.db, reference)
  if (!payment) return null
  // Settled for good, or taken by a provider this server no longer speaks to.
  if (payment.status === 'success' || payment.status === 'refunded') return payment
  if (payment.provider !== deps.provider.name) return payment

  const verified = await deps.provider.verify(reference)
  let settled: Payment | null = null
  if (payment.status === 'pending') {
    if (verified.status === 'pending') return payment
    if (verified.status === 'success') {
      const asInitiated =
        verified.amountMinor === payment.amountMinor && verified.currency === payment.currency
      settled = asInitiated
        ? await settleSuccess(deps, reference, verified)
        : await settleMismatch(deps, reference, verified)
    } else {
      settled = await settleUnpaid(deps, reference, verified.status)
    }
  } else if (verified.status === 'success') {
    settled = await settleLateSuccess(deps, reference, verified)
  }
  // Null: another caller settled it first; read what they wrote.
  return settled ?? (await findPayment(deps.db, reference))
}
