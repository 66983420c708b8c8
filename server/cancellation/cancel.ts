import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { isCardPayment, isWalletPayment } from '../../machines/rules/bookings'
import { cancelCutoff, cutoffPassed } from '../../machines/rules/cancel-cutoff'
import { dayInFull } from '../../machines/rules/dates'
import { formatMinor } from '../../machines/rules/money'
import type { components } from '../../openapi/schema'
import { bookingBody, bookingTitle } from '../bookings/booking-bodies'
import type { BookingRow } from '../bookings/quote'
import { type Db, retriedTransaction, type Tx } from '../db/client'
import {
  accounts,
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
import type { Account } from '../http/auth'
import { conflict, notFound } from '../http/http-error'
import { queueMail } from '../mail/outbox'
import { queueRefund } from '../payments/refunds'
import { offerFreedPlaces } from '../waitlist/waitlist'
import { BOOKING_DEBIT_PREFIX } from '../wallets/wallets'
import { cancelMail, type MoneyBack } from './cancel-mail'

// A person cancels their own booking: signed in (POST /bookings/cancel/{bookingId}), or with the
// code of their receipt's 'Manage your booking' link (POST /bookings/manage/{code}/cancel), which
// works without an account. Until the cut-off, in one transaction with the booking's row locked,
// it is cancelled (its places go back by the trigger of migration 0006, its ticket stops checking
// in: check-in admits confirmed bookings only), its money goes back the way it came, and an
// e-mail says so. A booking already cancelled is answered as it is, and nothing is refunded twice.
// The link's page reads the booking first (GET /bookings/manage/{code}): what a cancellation
// would do now, by the same rules.

type CancelledBooking = components['schemas']['CancelledBooking']
type ManagedBooking = components['schemas']['ManagedBooking']
type RefundAnswer = CancelledBooking['refund']

export const NOT_YOURS = 'No booking of yours has this id.'
export const NO_LINK = 'No booking has this link.'
export const CHECKED_IN = 'This booking was checked in at the door: it can no longer be cancelled.'
export const ALREADY_CANCELLED = 'This booking is cancelled.'

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

// Which payments are a card's or a wallet's: the rule the app's Cancel says them by.
const isCard = (row: BookingRow) => isCardPayment(row.paidWith)
const isWallet = (row: BookingRow) => isWalletPayment(row.paidWith)
const walletWay = (row: BookingRow) =>
  row.paidWith === 'community-wallet' ? ('community-wallet' as const) : ('wallet' as const)
const NOTHING: RefundAnswer = { way: 'none', amountMinor: 0 }

// ---------------------------------------------------------------------------------------------
// Whose booking.

/**
 * How a booking is found: by the signed-in person who made it (404 for anyone else's), or by
 * the code of its receipt's 'Manage your booking' link (404 for a code no booking has).
 */
export type BookingFinder = { account: Account; bookingId: string } | { code: string }

/** Bookings made by this account, or with its e-mail before it signed in (as listBookings). */
const mine = (account: Account) =>
  or(eq(bookings.accountId, account.id), eq(bookings.email, account.email))

/**
 * The booking a finder names. A place the waitlist holds for someone offered it ('waitlist') is
 * an offer, read and given up at its own link, not a booking: neither way finds it.
 */
const foundBy = (finder: BookingFinder): SQL | undefined =>
  and(
    'code' in finder
      ? eq(bookings.manageCode, finder.code)
      : and(eq(bookings.id, finder.bookingId), mine(finder.account)),
    ne(bookings.paidWith, 'waitlist'),
  )

const notFoundBy = (finder: BookingFinder) => notFound('code' in finder ? NO_LINK : NOT_YOURS)

/** Who paid for a booking, as its wallet debit names them. */
interface Payer {
  /** The actor of a wallet credit: the person signed in, else the booking's account's e-mail. */
  email: string
  /** Whose own wallet a 'wallet' booking was paid from. */
  accountId: string | null
  /** The e-mail addresses (lower case) the booking's wallet debit may name as its actor. */
  emails: string[]
}

const lowerSet = (emails: (string | null | undefined)[]) => [
  ...new Set(emails.filter((email): email is string => !!email).map((e) => e.toLowerCase())),
]

/**
 * The payer: the person signed in (their e-mail and the booking's); by a link's code, the
 * booking's e-mail and its account's (wallet debits name the account's e-mail as actor).
 */
async function payerOf(tx: Db | Tx, finder: BookingFinder, row: BookingRow): Promise<Payer> {
  if ('account' in finder) {
    const { account } = finder
    return {
      email: account.email,
      accountId: row.accountId ?? account.id,
      emails: lowerSet([account.email, row.email]),
    }
  }
  const [owner] = row.accountId
    ? await tx
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, row.accountId))
    : []
  return {
    email: owner?.email ?? row.email,
    accountId: row.accountId,
    emails: lowerSet([row.email, owner?.email]),
  }
}

// ---------------------------------------------------------------------------------------------
// The cut-off.

interface CutoffEvent {
  name: string
  startAt: Date
  endAt: Date
  cancelCutoffHours: number
}

/** The booked event's name and cut-off; null for co-working and the studio. */
async function eventOf(tx: Db | Tx, row: BookingRow): Promise<CutoffEvent | null> {
  if (!row.eventId) return null
  const [event] = await tx
    .select({
      name: events.name,
      startAt: events.startAt,
      endAt: events.endAt,
      cancelCutoffHours: events.cancelCutoffHours,
    })
    .from(events)
    .where(eq(events.id, row.eventId))
  return event ?? null
}

/** What a booking is called, its cut-off, and why it cannot be cancelled now (null: it can). */
interface Standing {
  title: string
  cutoff: Date
  refusal: string | null
}

function standingOf(row: BookingRow, event: CutoffEvent | null, now: Date): Standing {
  const title = bookingTitle(row, event?.name)
  const cutoff = cancelCutoff(row, event)
  const hours = row.type === 'event' && event ? event.cancelCutoffHours : null
  const refusal =
    row.status === 'cancelled'
      ? ALREADY_CANCELLED
      : row.checkedInAt
        ? CHECKED_IN
        : now.getTime() >= cutoff.getTime()
          ? cutoffPassed(row, title, cutoff, hours)
          : null
  return { title, cutoff, refusal }
}

// ---------------------------------------------------------------------------------------------
// The money: what would go back, and what went back.

/** A card refund this cancellation queued: its reason, and no staff member asked for it. */
const isOurRefund = (refund: Refund) => refund.reason === CANCEL_REASON && !refund.requestedBy

/** The credit a cancellation wrote: its note, the booker as actor, at the cancellation's time. */
async function ourCredit(
  tx: Db | Tx,
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
 * The refunds of a person's cancelled bookings, for their lists: each as it was made, by id.
 * `email`: the signed-in person's (a booking made before they signed in has it too).
 */
export async function refundsOf(
  db: Db,
  rows: BookingRow[],
  email: string,
): Promise<Map<string, RefundAnswer>> {
  const refunds = new Map<string, RefundAnswer>()
  for (const row of rows) {
    if (row.status !== 'cancelled') continue
    refunds.set(row.id, await refundMade(db, row, [...new Set([email, row.email])]))
  }
  return refunds
}

/**
 * The refund of a cancelled booking as it was made, read back (a second cancellation answers the
 * first's): a card's, the refund this cancellation queued (0 when staff had refunded the payment
 * before; 'none' when it was an unpaid hold); a wallet's, the credit it wrote (0 when staff had).
 */
async function refundMade(tx: Db | Tx, row: BookingRow, emails: string[]): Promise<RefundAnswer> {
  if (isCard(row) && row.paymentId) {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.paymentId, row.paymentId))
    if (refund && isOurRefund(refund)) return { way: 'card', amountMinor: refund.amountMinor }
    if (refund?.requestedBy) return { way: 'card', amountMinor: 0 }
    return NOTHING
  }
  if (isWallet(row) && row.amountMinor > 0 && row.cancelledAt) {
    const credit = await ourCredit(tx, row, emails, row.cancelledAt)
    return { way: walletWay(row), amountMinor: credit?.difference ?? 0 }
  }
  return NOTHING
}

/**
 * What a card payment gives back if its booking is cancelled now: nothing while it is a hold
 * (not paid yet); nothing when staff refunded it already, or it was never taken; else the whole
 * amount, once per payment.
 */
type CardDue = { due: true; payment: Payment } | { due: false; why: 'unpaid' | 'refunded' | 'free' }

async function cardDue(tx: Db | Tx, row: BookingRow, payment: Payment | null): Promise<CardDue> {
  if (row.status === 'held') return { due: false, why: 'unpaid' }
  const [earlier] = payment
    ? await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id))
    : []
  if (payment?.status !== 'success' || earlier || row.amountMinor <= 0) {
    return { due: false, why: earlier || payment?.status === 'refunded' ? 'refunded' : 'free' }
  }
  return { due: true, payment }
}

/** A card payment: refunded in full through the queue, once per payment (its row is locked). */
async function refundCard(
  tx: Tx,
  row: BookingRow,
  payment: Payment | null,
  now: Date,
): Promise<MoneyBack> {
  const state = await cardDue(tx, row, payment)
  if (!state.due) {
    // Not paid yet: the payment is let go as abandoned, so should the money come after all,
    // settlement refunds it as paid after a cancellation (server/payments/settle.ts).
    if (state.why === 'unpaid' && payment?.status === 'pending') {
      await tx
        .update(payments)
        .set({ status: 'abandoned', finalizedAt: now, outcomeNote: OUTCOME.released })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    }
    // Staff refunded it already (or it was never taken): nothing more goes back.
    return { way: 'none', why: state.why }
  }
  await tx
    .update(payments)
    .set({ status: 'refunded', outcomeNote: OUTCOME.refunded })
    .where(eq(payments.id, state.payment.id))
  await queueRefund(tx, {
    paymentId: state.payment.id,
    amountMinor: row.amountMinor,
    at: now,
    reason: CANCEL_REASON,
  })
  return {
    way: 'card',
    amount: formatMinor(row.amountMinor, state.payment.currency),
    reference: state.payment.reference,
  }
}

/**
 * The debit that paid for a wallet booking, locked when cancelling: the one that names it
 * ('booking:<id>'). Debits written before they named their booking are matched: the booker's
 * debit of the booking's amount from a wallet of the booking's kind (their own, or a
 * community's), the one written nearest the booking's time (the same transaction wrote both),
 * leaving out debits another cancellation paid back. One that staff refunded is taken: then
 * nothing is credited.
 */
async function debitOf(
  tx: Db | Tx,
  row: BookingRow,
  payer: Payer,
  lock: boolean,
): Promise<WalletTransaction | null> {
  const named = tx
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.reference, `${BOOKING_DEBIT_PREFIX}${row.id}`))
  const [found] = lock ? await named.for('update') : await named
  if (found) return found
  const alreadyCancelled = sql`EXISTS (SELECT 1 FROM ${walletTransactions} AS c
    WHERE c.reference = ${REFUND_PREFIX} || ${walletTransactions.id}::text
      AND c.note = ${CANCEL_REASON})`
  const matched = tx
    .select({ debit: walletTransactions })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(
      and(
        eq(walletTransactions.action, 'debit'),
        eq(walletTransactions.difference, row.amountMinor),
        row.paidWith === 'wallet'
          ? payer.accountId
            ? eq(wallets.accountId, payer.accountId)
            : sql`false`
          : sql`${wallets.communityId} IS NOT NULL`,
        inArray(sql`lower(${walletTransactions.actor})`, payer.emails),
        sql`NOT ${alreadyCancelled}`,
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${walletTransactions.createdAt} - ${row.createdAt.toISOString()}::timestamptz))`,
      asc(walletTransactions.createdAt),
      asc(walletTransactions.id),
    )
    .limit(1)
  const [match] = lock ? await matched.for('update', { of: walletTransactions }) : await matched
  return match?.debit ?? null
}

/**
 * What a wallet payment gives back if its booking is cancelled now: its debit, while nobody has
 * paid it back (staff's refund, or another cancellation's credit, has the reference
 * 'refund:<debit id>'). Cancelling, the debit's row is locked and read in a few rounds: a debit
 * locked while another cancellation paid it back is looked for again.
 */
type WalletDue = { due: true; debit: WalletTransaction } | { due: false; why: 'refunded' | 'free' }

async function walletDue(
  tx: Db | Tx,
  row: BookingRow,
  payer: Payer,
  lock: boolean,
): Promise<WalletDue> {
  if (row.amountMinor <= 0) return { due: false, why: 'free' }
  for (let round = 0; round < 3; round++) {
    const debit = await debitOf(tx, row, payer, lock)
    if (!debit) return { due: false, why: 'refunded' }
    // Read after the lock, in a statement of its own: a credit committed meanwhile is seen.
    const [credit] = await tx
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, `${REFUND_PREFIX}${debit.id}`))
    if (credit?.note === CANCEL_REASON) continue
    // Staff refunded this debit before: the booking is cancelled, nothing more is credited.
    if (credit) return { due: false, why: 'refunded' }
    return { due: true, debit }
  }
  return { due: false, why: 'refunded' }
}

/**
 * A wallet payment: credited back to the wallet it came from, at once (ledger row and balance),
 * with the reference staff's refund of that debit would have, so the debit is paid back once,
 * whoever asks. Lock order as staff's refund: the debit's row, then the wallet's. The credit
 * names the payer as its actor.
 */
async function refundWallet(tx: Tx, row: BookingRow, payer: Payer, now: Date): Promise<MoneyBack> {
  const state = await walletDue(tx, row, payer, true)
  if (!state.due) return { way: 'none', why: state.why }
  const { debit } = state
  await tx.insert(walletTransactions).values({
    walletId: debit.walletId,
    difference: row.amountMinor,
    action: 'credit',
    narration: `Refund: ${debit.narration ?? 'A booking'}`,
    note: CANCEL_REASON,
    actor: payer.email,
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

/**
 * What would go back if the booking were cancelled now, by the rules a cancellation follows
 * (cardDue, walletDue), read without locking anything: a card's whole amount while its payment
 * is taken and not refunded (0 once staff refunded it; 'none' while unpaid); a wallet's while
 * its debit is not paid back (else 0); nothing for a free booking.
 */
async function refundDue(
  tx: Db | Tx,
  row: BookingRow,
  payment: Payment | null,
  payer: Payer,
): Promise<RefundAnswer> {
  if (isCard(row)) {
    const state = await cardDue(tx, row, payment)
    if (state.due) return { way: 'card', amountMinor: row.amountMinor }
    return state.why === 'refunded' ? { way: 'card', amountMinor: 0 } : NOTHING
  }
  if (isWallet(row)) {
    const state = await walletDue(tx, row, payer, false)
    if (state.due) return { way: walletWay(row), amountMinor: row.amountMinor }
    return state.why === 'refunded' ? { way: walletWay(row), amountMinor: 0 } : NOTHING
  }
  return NOTHING
}

// ---------------------------------------------------------------------------------------------
// Reading a booking by its link.

/**
 * The booking of a 'Manage your booking' link (GET /bookings/manage/{code}): the booking, its
 * booker, its cut-off, whether a cancellation would cancel it now (or why not, in people's
 * words), and the money that would go back, or, once cancelled, went back. 404 for a code no
 * booking has, and for a waitlist's hold.
 */
export async function managedBookingOf(db: Db, code: string, now: Date): Promise<ManagedBooking> {
  const finder: BookingFinder = { code }
  const [row] = await db.select().from(bookings).where(foundBy(finder))
  if (!row) throw notFoundBy(finder)
  const event = await eventOf(db, row)
  const { title, cutoff, refusal } = standingOf(row, event, now)
  const payer = await payerOf(db, finder, row)
  const [payment] =
    isCard(row) && row.paymentId
      ? await db.select().from(payments).where(eq(payments.id, row.paymentId))
      : []
  return {
    booking: bookingBody(row, title, event),
    name: row.name,
    email: row.email,
    cancellable: refusal === null && (row.status === 'confirmed' || row.status === 'held'),
    cutoff: cutoff.toISOString(),
    refusal,
    refund:
      row.status === 'cancelled'
        ? await refundMade(db, row, payer.emails)
        : await refundDue(db, row, payment ?? null, payer),
  }
}

// ---------------------------------------------------------------------------------------------
// Cancelling.

/** A booking to cancel: whose, or which link's, and when. */
export type CancelOrder = BookingFinder & {
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

/** The booking the finder names, locked; 404 when there is none (or it is not theirs). */
async function lockedBooking(tx: Tx, finder: BookingFinder): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(foundBy(finder)).for('update')
  if (!row) throw notFoundBy(finder)
  return row
}

/**
 * Cancels a booking until its cut-off, refunding it the way it was paid: one of the signed-in
 * person's ({ account, bookingId }), or the booking of a receipt's link ({ code }); both ways
 * share this one transaction. Lock order: a card booking's payment row first, then the
 * booking's (as settlement takes them, so the two wait in line rather than for each other),
 * then a wallet debit and its wallet. Throws 404 (not theirs, or no booking has the code), 409
 * (after the cut-off, or checked in).
 */
export async function cancelOwnBooking(db: Db, order: CancelOrder): Promise<CancelOutcome> {
  const { now } = order
  const [seen] = await db
    .select({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(foundBy(order))
  if (!seen) throw notFoundBy(order)

  // Run again if PostgreSQL gave it up for the waitlist's sweeper or a payment's settlement,
  // which lock some of the same rows in another order.
  return retriedTransaction(db, async (tx) => {
    const [payment] = seen.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, seen.paymentId)).for('update')
      : []
    const row = await lockedBooking(tx, order)
    const payer = await payerOf(tx, order, row)

    if (row.status === 'cancelled') {
      // The app cancelled it itself (a hold released or given up): it is cancelled from now on.
      const at = row.cancelledAt ?? now
      if (!row.cancelledAt) {
        await tx.update(bookings).set({ cancelledAt: at }).where(eq(bookings.id, row.id))
      }
      const refund = await refundMade(tx, { ...row, cancelledAt: at }, payer.emails)
      return { answer: answerOf(row, at, refund), refundPaymentId: null }
    }

    const { title, refusal } = standingOf(row, await eventOf(tx, row), now)
    if (refusal) throw conflict(refusal)

    // The status returns the places (the trigger of migration 0006); a hold's expiry goes with it.
    await tx
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null, cancelledAt: now })
      .where(eq(bookings.id, row.id))
    // The place freed goes to the first person waiting for it, in this transaction.
    if (row.type === 'event' && row.eventId) {
      await offerFreedPlaces(
        tx,
        { eventId: row.eventId, date: row.date, timeSlot: row.timeSlot ?? '' },
        now,
        order.site,
      )
    }
    const money = isCard(row)
      ? await refundCard(tx, row, payment ?? null, now)
      : isWallet(row)
        ? await refundWallet(tx, row, payer, now)
        : ({ way: 'none', why: 'free' } as const)
    await queueMail(
      tx,
      cancelMail({
        to: row.email,
        name: row.name,
        what: [title, dayInFull(row.date), row.timeSlot].filter(Boolean).join(', '),
        money,
        site: order.site,
        hasAccount: row.accountId !== null,
      }),
    )
    const cancelled = { ...row, status: 'cancelled' as const, cancelledAt: now }
    return {
      answer: answerOf(row, now, await refundMade(tx, cancelled, payer.emails)),
      refundPaymentId: money.way === 'card' ? (payment?.id ?? null) : null,
    }
  })
}
