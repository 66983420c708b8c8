import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { dayInFull } from '../../machines/rules/dates'
import { formatMinor } from '../../machines/rules/money'
import { receiptSubjects } from '../bookings/booking-bodies'
import { confirmHeldBookings, releaseHeldBookings } from '../bookings/holds'
import type { Db, Tx } from '../db/client'
import { type NewPayment, type Payment, payments } from '../db/schema'
import type { Metrics, PaymentOutcome } from '../http/metrics'
import { unstorableCharacter } from '../http/stored-text'
import { bookingReceipt, letter, queueMail } from '../mail/outbox'
import { activateMembership, queueMembershipReceipt } from '../memberships/plan-payment'
import {
  creditTopUp,
  isTopUpPayment,
  queueTopUpReceipt,
  TOPUP_OUTCOME_NOTES,
} from '../wallets/topup'
import { itemOf, type PaymentItem } from './payload'
import type { PaymentProvider, Verified } from './provider'
import { queueRefund, type RefundWorker } from './refunds'

// The one way a card payment is finalized (docs/decisions/005): the return page's verification
// and the provider's webhook both land here, in any order, any number of times.

export interface SettleDeps {
  db: Db
  provider: PaymentProvider
  now: () => Date
  /** Where people reach the site (PUBLIC_URL's origin), for links in e-mails. */
  publicUrl: string
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>
  /**
   * Sends the refund a settlement queued once its transaction has committed; without it the
   * refund waits in the queue for a worker.
   */
  refunds?: Pick<RefundWorker, 'sendNow'> | null
  metrics?: Pick<Metrics, 'payment' | 'booked'>
}

/** Why a payment that took money made no booking, for people (kept as the outcome note). */
export const OUTCOME_NOTES = {
  soldOut:
    'Your place was taken while the payment was on its way, so no booking was made and the full amount is being refunded to your card.',
  amountMismatch:
    'The amount charged did not match the price, so no booking was made and the full amount is being refunded to your card.',
  paidAfterCancel:
    'The payment arrived after it had been cancelled, so no booking was made and the full amount is being refunded to your card.',
  failed: 'The card payment was declined: no booking was made.',
  abandoned: 'The card payment was cancelled before paying: no booking was made.',
} as const

/** The same outcomes for a membership payment, which buys a membership, not a booking. */
export const MEMBERSHIP_OUTCOME_NOTES = {
  amountMismatch:
    'The amount charged did not match the price of the plan, so the membership was not changed and the full amount is being refunded to your card.',
  cannotActivate:
    'The membership this payment was for no longer exists, so nothing was activated and the full amount is being refunded to your card.',
  failed: 'The card payment was declined: the membership was not changed.',
  abandoned: 'The card payment was cancelled before paying: the membership was not changed.',
} as const

const isMembership = (payment: Payment) => payment.purpose === 'membership'

/** The outcome notes of a payment that buys no booking (a membership or a top-up); else null. */
const purchaseOutcomeNotes = (payment: Payment) =>
  isMembership(payment)
    ? MEMBERSHIP_OUTCOME_NOTES
    : isTopUpPayment(payment)
      ? TOPUP_OUTCOME_NOTES
      : null

/**
 * Writes `changes` on the payment only while it still stands as `from` (pending, or declined or
 * abandoned for money that came late). Exactly one caller gets the row; a concurrent one waits
 * for that commit, then gets null.
 */
async function claimPayment(
  tx: Tx,
  reference: string,
  from: 'pending' | 'unpaid',
  changes: Partial<NewPayment>,
): Promise<Payment | null> {
  const [won] = await tx
    .update(payments)
    .set(changes)
    .where(
      and(
        eq(payments.reference, reference),
        from === 'pending'
          ? eq(payments.status, 'pending')
          : inArray(payments.status, ['failed', 'abandoned']),
      ),
    )
    .returning()
  return won ?? null
}

type RefundReason =
  | 'soldOut'
  | 'amountMismatch'
  | 'paidAfterCancel'
  | 'cannotActivate'
  | 'cannotCredit'

const REFUND_EXPLANATION: Record<RefundReason, string> = {
  soldOut:
    'reached us after the last place had been taken (the place is held for 15 minutes while you pay)',
  amountMismatch: 'was for a different amount than the price of the booking',
  paidAfterCancel: 'reached us after the payment had been cancelled',
  cannotActivate: 'was for a membership that no longer exists',
  cannotCredit: 'was for a wallet that no longer exists',
}

/**
 * Queues the money's way back and tells the payer why, in the transaction that decided it: the
 * refund is a row of the queue (sent after the commit, retried until the provider has it), so the
 * e-mail says it is on its way, never that it has arrived.
 */
async function queueMoneyBack(
  tx: Tx,
  payment: Payment,
  reason: RefundReason,
  refundedMinor: number,
  deps: Pick<SettleDeps, 'publicUrl' | 'now'>,
) {
  await queueRefund(tx, { paymentId: payment.id, amountMinor: refundedMinor, at: deps.now() })
  await queueRefundMail(tx, payment, reason, refundedMinor, deps.publicUrl)
}

/** What a payment bought, as its e-mails say: 'Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm'. */
export const itemText = (item: PaymentItem) =>
  [item.title, item.date ? dayInFull(item.date) : null, item.timeSlot].filter(Boolean).join(', ')

/** Tells the payer their money is going back and why. */
async function queueRefundMail(
  tx: Tx,
  payment: Payment,
  reason: RefundReason,
  refundedMinor: number,
  site: string,
) {
  const item = itemOf(payment.payload)
  const name = (payment.payload.booking as { Name?: string } | undefined)?.Name
  const what = item ? itemText(item) : 'your booking'
  const amount = formatMinor(refundedMinor, payment.currency)
  const membership = isMembership(payment)
  const topUp = isTopUpPayment(payment)
  const explanation =
    membership && reason === 'amountMismatch'
      ? 'was for a different amount than the price of the plan'
      : topUp && reason === 'amountMismatch'
        ? 'was for a different amount than the top-up'
        : REFUND_EXPLANATION[reason]
  const outcome = membership
    ? 'your membership was not changed'
    : topUp
      ? 'your wallet was not credited'
      : 'no booking was made'
  const body = [
    `Your card payment of ${amount} for ${membership ? (item?.title ?? 'a membership plan') : topUp ? 'a wallet top-up' : what} ${explanation}, so ${outcome}.`,
    '',
    'We are refunding the full amount to the card you paid with. The refund is on its way: your bank may take a few working days to show it.',
    '',
    `Payment reference: ${payment.reference}`,
    '',
    membership
      ? `We are sorry. Your profile: ${site}/profile`
      : topUp
        ? `We are sorry. Your wallet: ${site}/profile/wallet`
        : `We are sorry. See what else is on: ${site}/`,
  ]
  await queueMail(
    tx,
    letter({
      to: payment.email,
      subject: `Your payment of ${amount} is being refunded: ${outcome}`,
      name,
      body,
    }),
  )
}

/** What a settling transaction wrote, and whether it decided the money goes back. */
interface Settled {
  payment: Payment
  refund: boolean
}

/**
 * After the settling transaction committed: the refund it queued, if any, is sent at once (a
 * refusal leaves it queued for the worker's retries); returns the payment as settled (null when
 * another caller settled it first).
 */
async function sendRefundIfQueued(
  deps: SettleDeps,
  outcome: Settled | null,
): Promise<Payment | null> {
  if (!outcome) return null
  if (outcome.refund) await deps.refunds?.sendNow(outcome.payment.id)
  return outcome.payment
}

/** A payment that took money but bought nothing after all: refunded, and the payer told why. */
async function refundWon(
  deps: SettleDeps,
  tx: Tx,
  won: Payment,
  verified: Verified,
  reason: RefundReason,
  outcomeNote: string,
): Promise<Settled> {
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', outcomeNote })
    .where(eq(payments.id, won.id))
    .returning()
  await queueMoneyBack(tx, won, reason, verified.amountMinor, deps)
  return { payment: refunded ?? won, refund: true }
}

const findPayment = async (db: Db | Tx, reference: string) => {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference))
  return row ?? null
}

/**
 * A membership payment just won as paid: the plan is activated and a receipt queued, in the
 * settling transaction; when there is nothing left to activate, the money goes back.
 */
async function finishMembership(
  deps: SettleDeps,
  tx: Tx,
  won: Payment,
  verified: Verified,
  at: Date,
): Promise<Settled> {
  const activated = await activateMembership(tx, won, at)
  if (!activated) {
    return refundWon(
      deps,
      tx,
      won,
      verified,
      'cannotActivate',
      MEMBERSHIP_OUTCOME_NOTES.cannotActivate,
    )
  }
  const amount = formatMinor(won.amountMinor, won.currency)
  await queueMembershipReceipt(tx, won, activated, amount, deps.publicUrl)
  return { payment: won, refund: false }
}

/**
 * A top-up payment just won as paid: the wallet is credited (ledger row and balance) and a
 * receipt queued, in the settling transaction; when the wallet is gone, the money goes back.
 */
async function finishTopUp(
  deps: SettleDeps,
  tx: Tx,
  won: Payment,
  verified: Verified,
): Promise<Settled> {
  const credited = await creditTopUp(tx, won)
  if (!credited) {
    return refundWon(deps, tx, won, verified, 'cannotCredit', TOPUP_OUTCOME_NOTES.cannotCredit)
  }
  await queueTopUpReceipt(tx, won, credited, deps.publicUrl)
  return { payment: won, refund: false }
}

/** The provider took the money and we asked for it: the held booking is confirmed, once. */
async function settleSuccess(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const at = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const won = await claimPayment(tx, reference, 'pending', {
      status: 'success',
      finalizedAt: at,
      channel: verified.channel,
    })
    if (!won) return null
    if (isMembership(won)) return finishMembership(deps, tx, won, verified, at)
    if (isTopUpPayment(won)) return finishTopUp(deps, tx, won, verified)
    const { bookings, full } = await confirmHeldBookings(tx, won.id, at)
    // No booking to confirm (its place was gone): never charged for nothing.
    if (full || bookings.length === 0) {
      return refundWon(deps, tx, won, verified, 'soldOut', OUTCOME_NOTES.soldOut)
    }
    const subjects = await receiptSubjects(tx, bookings)
    for (const booking of bookings) {
      const subject = subjects.get(booking.id)
      const title = subject?.title ?? itemOf(won.payload)?.title ?? 'Your booking'
      const event = subject?.event ?? null
      await queueMail(
        tx,
        await bookingReceipt(tx, booking, { title, publicUrl: deps.publicUrl, event }),
      )
    }
    return { payment: won, refund: false }
  })
  return sendRefundIfQueued(deps, outcome)
}

/** The provider charged something other than what was initiated: no booking, money back. */
async function settleMismatch(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const at = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const won = await claimPayment(tx, reference, 'pending', {
      status: 'refunded',
      finalizedAt: at,
      channel: verified.channel,
      outcomeNote: OUTCOME_NOTES.amountMismatch,
    })
    if (!won) return null
    const notes = purchaseOutcomeNotes(won)
    if (notes) {
      await tx
        .update(payments)
        .set({ outcomeNote: notes.amountMismatch })
        .where(eq(payments.id, won.id))
    }
    await releaseHeldBookings(tx, won.id)
    await queueMoneyBack(tx, won, 'amountMismatch', verified.amountMinor, deps)
    return { payment: won, refund: true }
  })
  return sendRefundIfQueued(deps, outcome)
}

/** Declined or abandoned: the held place goes back, no booking, no receipt. */
async function settleUnpaid(
  deps: SettleDeps,
  reference: string,
  status: 'failed' | 'abandoned',
): Promise<Payment | null> {
  return deps.db.transaction(async (tx) => {
    const won = await claimPayment(tx, reference, 'pending', {
      status,
      finalizedAt: deps.now(),
      outcomeNote: OUTCOME_NOTES[status],
    })
    if (!won) return null
    const notes = purchaseOutcomeNotes(won)
    if (notes) {
      const [noted] = await tx
        .update(payments)
        .set({ outcomeNote: notes[status] })
        .where(eq(payments.id, won.id))
        .returning()
      return noted ?? won
    }
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
  const outcome = await deps.db.transaction(async (tx) => {
    const won = await claimPayment(tx, reference, 'unpaid', {
      status: 'refunded',
      channel: verified.channel,
      outcomeNote: OUTCOME_NOTES.paidAfterCancel,
    })
    if (!won) return null
    await queueMoneyBack(tx, won, 'paidAfterCancel', verified.amountMinor, deps)
    return { payment: won, refund: true }
  })
  return sendRefundIfQueued(deps, outcome)
}

/**
 * A membership or top-up paid after we had settled it as declined or abandoned: nothing was held
 * for it, so the membership is activated (or the wallet credited) after all, once, rather than
 * refunded.
 */
async function settleLateMembership(
  deps: SettleDeps,
  reference: string,
  verified: Verified,
): Promise<Payment | null> {
  const at = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const won = await claimPayment(tx, reference, 'unpaid', {
      status: 'success',
      channel: verified.channel,
      outcomeNote: null,
    })
    if (!won) return null
    if (isTopUpPayment(won)) return finishTopUp(deps, tx, won, verified)
    return finishMembership(deps, tx, won, verified, at)
  })
  return sendRefundIfQueued(deps, outcome)
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
    const asInitiated =
      verified.amountMinor === payment.amountMinor && verified.currency === payment.currency
    settled =
      (isMembership(payment) || isTopUpPayment(payment)) && asInitiated
        ? await settleLateMembership(deps, reference, verified)
        : await settleLateSuccess(deps, reference, verified)
  }
  if (settled) countSettled(deps, settled)
  // Null: another caller settled it first; read what they wrote.
  return settled ?? (await findPayment(deps.db, reference))
}

const SETTLED_AS: Partial<Record<Payment['status'], PaymentOutcome>> = {
  success: 'paid',
  failed: 'failed',
  abandoned: 'abandoned',
  refunded: 'refunded',
}

/** Counts the outcome this caller wrote (each is written once), and the booking it confirmed. */
function countSettled({ metrics }: SettleDeps, payment: Payment) {
  const outcome = SETTLED_AS[payment.status]
  if (!metrics || !outcome) return
  metrics.payment(payment.purpose, outcome)
  const kind = (payment.payload.booking as { Type?: unknown } | undefined)?.Type
  if (outcome === 'paid' && payment.purpose === 'booking' && typeof kind === 'string') {
    metrics.booked(kind, 'confirmed')
  }
}
