import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { addDaysToDay, dayInFull, dayStart, formatTime, lagosDay } from '../../machines/rules/dates'
import { formatMinor } from '../../machines/rules/money'
import { slotInstants } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import type { Account } from '../auth'
import type { Db, Tx } from '../db/client'
import {
  bookings,
  communities,
  events,
  type Payment,
  payments,
  type Refund,
  refunds,
  type WalletTransaction,
  wallets,
  walletTransactions,
} from '../db/schema'
import { conflict, notFound } from '../http-error'
import { cancelMail, type MoneyBack } from '../mail/cancel-mail'
import { longDay, queueMail } from '../mail/outbox'
import { queueRefund } from '../payments/refunds'
import { BOOKING_DEBIT_PREFIX } from '../services/wallets'
import { type BookingRow, bookingTitle } from './core'

// A person cancels their own booking (POST /bookings/cancel/{bookingId}): until the cut-off, in
// one transaction with the booking's row locked, it is cancelled (its places go back by the
// trigger of migration 0006, its ticket stops checking in: check-in admits confirmed bookings
// only), its money goes back the way it came, and an e-mail says so. A booking already cancelled
// is answered as it is, and nothing is refunded twice.

type CancelledBooking = components['schemas']['CancelledBooking']
type RefundAnswer = CancelledBooking['refund']

export const NOT_YOURS = 'No booking of yours has this id.'
export const CHECKED_IN = 'This booking was checked in at the door: it can no longer be cancelled.'

/**
 * Why the money went back, kept on a card refund's row (refunds.reason, with no staff member in
 * requested_by) and as the note of a wallet's credit: staff read it in their payment search, the
 * booker in their wallet's history. It also tells a cancellation's refund from staff's.
 */
export const CANCEL_REASON = 'Cancelled by the guest'

/** Shown on /profile/payments for a card payment refunded, or let go, by a cancellation. */
const OUTCOME = {
  refunded: 'You cancelled the booking, so the full amount is being refunded to your card.',
  released: 'You cancelled the booking before paying: no booking was kept.',
} as const

/** A wallet debit's refund has the ledger reference 'refund:<debit id>', as staff's has. */
const REFUND_PREFIX = 'refund:'

const isCard = (row: BookingRow) => row.paidWith === 'paystack' || row.paidWith === 'sandbox'
const isWallet = (row: BookingRow) =>
  row.paidWith === 'wallet' || row.paidWith === 'community-wallet'

/** Bookings made by this account, or with its e-mail before it signed in (as listBookings). */
const mine = (account: Account) =>
  or(eq(bookings.accountId, account.id), eq(bookings.email, account.email))

/** The e-mail addresses a booker's wallet debits name as their actor. */
const payerEmails = (account: Account, row: BookingRow) => [
  ...new Set([account.email, row.email].map((email) => email.toLowerCase())),
]

// ---------------------------------------------------------------------------------------------
// The cut-off.

interface CutoffEvent {
  name: string
  startAt: Date
  cancelCutoffHours: number
}

/**
 * The last instant a booking can be cancelled. An event: its cancel_cutoff_hours before the
 * booked slot starts on the booked day (an event without slots: its own start time on that day).
 * Co-working and the print studio: the end of the day before the booked day (Lagos).
 */
export function cancelCutoff(
  row: Pick<BookingRow, 'type' | 'date' | 'timeSlot'>,
  event: Pick<CutoffEvent, 'startAt' | 'cancelCutoffHours'> | null,
): Date {
  const midnight = dayStart(row.date)
  if (row.type !== 'event' || !event) return midnight
  const slot = row.timeSlot ? slotInstants(row.date, row.timeSlot) : null
  // The event's own Lagos clock time, on the day booked (every Lagos day is 24 hours long).
  const ownStart = new Date(
    midnight.getTime() + (event.startAt.getTime() - dayStart(lagosDay(event.startAt)).getTime()),
  )
  const start = slot?.start ?? ownStart
  return new Date(start.getTime() - event.cancelCutoffHours * 3_600_000)
}

/** The 409 after the cut-off, saying when it was, in people's words. */
export function cutoffPassed(
  row: Pick<BookingRow, 'type' | 'date'>,
  title: string,
  cutoff: Date,
  hours: number | null,
): string {
  if (row.type !== 'event' || hours === null) {
    return `Cancellations for ${title} on ${dayInFull(row.date)} closed at the end of ${dayInFull(addDaysToDay(row.date, -1))}, the day before.`
  }
  const when = `${formatTime(cutoff)} on ${dayInFull(lagosDay(cutoff))}`
  const before =
    hours === 0 ? 'when it started' : `${hours} hour${hours === 1 ? '' : 's'} before it starts`
  return `Cancellations for ${title} closed at ${when}, ${before}.`
}

// ---------------------------------------------------------------------------------------------
// The money, as it went back.

/** A card refund this cancellation queued: its reason, and no staff member asked for it. */
const isOurRefund = (refund: Refund) => refund.reason === CANCEL_REASON && !refund.requestedBy

/** The credit a cancellation wrote: its note, the booker as actor, at the cancellation's time. */
async function ourCredit(
  tx: Tx,
  row: BookingRow,
  emails: string[],
  at: Date,
): Promise<WalletTransaction | null> {
  const [credit] = await tx
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.action, 'credit'),
        eq(walletTransactions.note, CANCEL_REASON),
        eq(walletTransactions.createdAt, at),
        inArray(sql`lower(${walletTransactions.actor})`, emails),
        sql`${walletTransactions.reference} LIKE ${`${REFUND_PREFIX}%`}`,
        eq(walletTransactions.difference, row.amountMinor),
      ),
    )
    .limit(1)
  return credit ?? null
}

/**
 * The refund of a cancelled booking as it was made, read back (a second cancellation answers the
 * first's): a card's, the refund this cancellation queued (0 when staff had refunded the payment
 * before; 'none' when it was an unpaid hold); a wallet's, the credit it wrote (0 when staff had).
 */
async function refundMade(tx: Tx, row: BookingRow, emails: string[]): Promise<RefundAnswer> {
  if (isCard(row) && row.paymentId) {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.paymentId, row.paymentId))
    if (refund && isOurRefund(refund)) return { way: 'card', amountMinor: refund.amountMinor }
    if (refund?.requestedBy) return { way: 'card', amountMinor: 0 }
    return { way: 'none', amountMinor: 0 }
  }
  if (isWallet(row) && row.amountMinor > 0 && row.cancelledAt) {
    const credit = await ourCredit(tx, row, emails, row.cancelledAt)
    return {
      way: row.paidWith === 'community-wallet' ? 'community-wallet' : 'wallet',
      amountMinor: credit?.difference ?? 0,
    }
  }
  return { way: 'none', amountMinor: 0 }
}

/** A card payment: refunded in full through the queue, once per payment (its row is locked). */
async function refundCard(
  tx: Tx,
  row: BookingRow,
  payment: Payment | null,
  now: Date,
): Promise<MoneyBack> {
  if (row.status === 'held') {
    // Not paid yet: the payment is let go as abandoned, so should the money come after all,
    // settlement refunds it as paid after a cancellation (server/payments/settle.ts).
    if (payment?.status === 'pending') {
      await tx
        .update(payments)
        .set({ status: 'abandoned', finalizedAt: now, outcomeNote: OUTCOME.released })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    }
    return { way: 'none', why: 'unpaid' }
  }
  const [earlier] = payment
    ? await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id))
    : []
  // Staff refunded it already (or it was never taken): nothing more goes back.
  if (payment?.status !== 'success' || earlier || row.amountMinor <= 0) {
    return { way: 'none', why: earlier || payment?.status === 'refunded' ? 'refunded' : 'free' }
  }
  await tx
    .update(payments)
    .set({ status: 'refunded', outcomeNote: OUTCOME.refunded })
    .where(eq(payments.id, payment.id))
  await queueRefund(tx, {
    paymentId: payment.id,
    amountMinor: row.amountMinor,
    at: now,
    reason: CANCEL_REASON,
  })
  return {
    way: 'card',
    amount: formatMinor(row.amountMinor, payment.currency),
    reference: payment.reference,
  }
}

/**
 * The debit that paid for a wallet booking, locked: the one that names it ('booking:<id>').
 * Debits written before they named their booking are matched: the booker's debit of the
 * booking's amount from a wallet of the booking's kind (their own, or a community's), the one
 * written nearest the booking's time (the same transaction wrote both), leaving out debits
 * another cancellation paid back. One that staff refunded is taken: then nothing is credited.
 */
async function debitOf(
  tx: Tx,
  row: BookingRow,
  account: Account,
  emails: string[],
): Promise<WalletTransaction | null> {
  const [named] = await tx
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.reference, `${BOOKING_DEBIT_PREFIX}${row.id}`))
    .for('update')
  if (named) return named
  const alreadyCancelled = sql`EXISTS (SELECT 1 FROM ${walletTransactions} AS c
    WHERE c.reference = ${REFUND_PREFIX} || ${walletTransactions.id}::text
      AND c.note = ${CANCEL_REASON})`
  const [found] = await tx
    .select({ debit: walletTransactions })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(
      and(
        eq(walletTransactions.action, 'debit'),
        eq(walletTransactions.difference, row.amountMinor),
        row.paidWith === 'wallet'
          ? eq(wallets.accountId, row.accountId ?? account.id)
          : sql`${wallets.communityId} IS NOT NULL`,
        inArray(sql`lower(${walletTransactions.actor})`, emails),
        sql`NOT ${alreadyCancelled}`,
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${walletTransactions.createdAt} - ${row.createdAt.toISOString()}::timestamptz))`,
      asc(walletTransactions.createdAt),
      asc(walletTransactions.id),
    )
    .limit(1)
    .for('update', { of: walletTransactions })
  return found?.debit ?? null
}

/**
 * A wallet payment: credited back to the wallet it came from, at once (ledger row and balance),
 * with the reference staff's refund of that debit would have, so the debit is paid back once,
 * whoever asks. Lock order as staff's refund: the debit's row, then the wallet's.
 */
async function refundWallet(
  tx: Tx,
  row: BookingRow,
  account: Account,
  emails: string[],
  now: Date,
): Promise<MoneyBack> {
  if (row.amountMinor <= 0) return { way: 'none', why: 'free' }
  // A few rounds: a debit locked while another cancellation paid it back is looked for again.
  for (let round = 0; round < 3; round++) {
    const debit = await debitOf(tx, row, account, emails)
    if (!debit) return { way: 'none', why: 'refunded' }
    // Read after the lock, in a statement of its own: a credit committed meanwhile is seen.
    const [credit] = await tx
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, `${REFUND_PREFIX}${debit.id}`))
    if (credit?.note === CANCEL_REASON) continue
    // Staff refunded this debit before: the booking is cancelled, nothing more is credited.
    if (credit) return { way: 'none', why: 'refunded' }
    await tx.insert(walletTransactions).values({
      walletId: debit.walletId,
      difference: row.amountMinor,
      action: 'credit',
      narration: `Refund: ${debit.narration ?? 'A booking'}`,
      note: CANCEL_REASON,
      actor: account.email,
      reference: `${REFUND_PREFIX}${debit.id}`,
      createdAt: now,
    })
    const [wallet] = await tx
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} + ${row.amountMinor}` })
      .where(eq(wallets.id, debit.walletId))
      .returning({ currency: wallets.currency, communityId: wallets.communityId })
    if (!wallet) throw new Error('cancel: the wallet was not credited')
    const [community] = wallet.communityId
      ? await tx
          .select({ name: communities.name })
          .from(communities)
          .where(eq(communities.id, wallet.communityId))
      : []
    return {
      way: 'wallet',
      amount: formatMinor(row.amountMinor, wallet.currency),
      community: community?.name ?? null,
    }
  }
  return { way: 'none', why: 'refunded' }
}

// ---------------------------------------------------------------------------------------------
// Cancelling.

export interface CancelOrder {
  account: Account
  bookingId: string
  now: Date
  /** The site's address, for the link in the e-mail. */
  site: string
}

export interface CancelOutcome {
  answer: CancelledBooking
  /** A card refund queued by this cancellation: send it once the transaction has committed. */
  refundPaymentId: string | null
}

const answerOf = (row: BookingRow, at: Date, refund: RefundAnswer): CancelledBooking => ({
  id: row.id,
  cancelledAt: at.toISOString(),
  refund,
})

/** The booking, locked, if it is the account's; 404 for anyone else's and for no such id. */
async function lockedBooking(tx: Tx, account: Account, id: string): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), mine(account)))
    .for('update')
  if (!row) throw notFound(NOT_YOURS)
  return row
}

/**
 * Cancels one of the account's bookings until its cut-off, refunding it the way it was paid.
 * Lock order: a card booking's payment row first, then the booking's (as settlement takes them,
 * so the two wait in line rather than for each other), then a wallet debit and its wallet.
 * Throws 404 (not theirs), 409 (after the cut-off, or checked in).
 */
export async function cancelOwnBooking(db: Db, order: CancelOrder): Promise<CancelOutcome> {
  const { account, bookingId, now } = order
  const [seen] = await db
    .select({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), mine(account)))
  if (!seen) throw notFound(NOT_YOURS)

  return db.transaction(async (tx) => {
    const [payment] = seen.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, seen.paymentId)).for('update')
      : []
    const row = await lockedBooking(tx, account, bookingId)
    const emails = payerEmails(account, row)

    if (row.status === 'cancelled') {
      // The app cancelled it itself (a hold released or given up): it is cancelled from now on.
      const at = row.cancelledAt ?? now
      if (!row.cancelledAt) {
        await tx.update(bookings).set({ cancelledAt: at }).where(eq(bookings.id, row.id))
      }
      const refund = await refundMade(tx, { ...row, cancelledAt: at }, emails)
      return { answer: answerOf(row, at, refund), refundPaymentId: null }
    }

    const [event] = row.eventId
      ? await tx
          .select({
            name: events.name,
            startAt: events.startAt,
            cancelCutoffHours: events.cancelCutoffHours,
          })
          .from(events)
          .where(eq(events.id, row.eventId))
      : []
    const title = bookingTitle(row, event?.name)
    if (row.checkedInAt) throw conflict(CHECKED_IN)
    const cutoff = cancelCutoff(row, event ?? null)
    if (now.getTime() >= cutoff.getTime()) {
      throw conflict(
        cutoffPassed(
          row,
          title,
          cutoff,
          row.type === 'event' && event ? event.cancelCutoffHours : null,
        ),
      )
    }

    // The status returns the places (the trigger of migration 0006); a hold's expiry goes with it.
    await tx
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null, cancelledAt: now })
      .where(eq(bookings.id, row.id))
    const money = isCard(row)
      ? await refundCard(tx, row, payment ?? null, now)
      : isWallet(row)
        ? await refundWallet(tx, row, account, emails, now)
        : ({ way: 'none', why: 'free' } as const)
    await queueMail(
      tx,
      cancelMail({
        to: row.email,
        name: row.name,
        what: [title, longDay(row.date), row.timeSlot].filter(Boolean).join(', '),
        money,
        site: order.site,
      }),
    )
    const cancelled = { ...row, status: 'cancelled' as const, cancelledAt: now }
    return {
      answer: answerOf(row, now, await refundMade(tx, cancelled, emails)),
      refundPaymentId: money.way === 'card' ? (payment?.id ?? null) : null,
    }
  })
}
