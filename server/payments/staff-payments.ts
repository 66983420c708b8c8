import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import { shortDate } from '../../machines/rules/dates'
import { formatMinor } from '../../machines/rules/money'
import type { components } from '../../openapi/schema'
import { fullName, recordAudit } from '../audit/audit'
import type { Db, Tx } from '../db/client'
import {
  accounts,
  communities,
  type Payment,
  payments,
  type Refund,
  refunds,
  type WalletTransaction,
  wallets,
  walletTransactions,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, conflict, notFound } from '../http/http-error'
import { queueMail } from '../mail/outbox'
import { cardRefundMail, walletRefundMail } from './refund-mail'
import { queueRefund, type RefundWorker } from './refunds'
import { bookedTitle, paymentWhat } from './what'

// Payments as staff find and refund them (GET /staff/payments, POST /staff/payments/{id}/refund):
// card payments (the payments table) and payments from wallets (a booking's debit, a row of the
// wallet's ledger). A refund is in full, once, with the reason the payer is e-mailed and its
// audit entry, in one transaction: a card's goes through the refund queue (docs/decisions/017),
// a wallet's is a credit to the wallet it came from, at once.

type StaffPayment = components['schemas']['StaffPayment']
type PaymentMethod = components['schemas']['PaymentMethod']

/** The most payments one search answers. */
const PAYMENTS_SHOWN = 50

const REFUSALS = {
  unknown: 'No payment has this id.',
  blankReason: 'Write the reason for the refund: the payer reads it.',
  topUp: 'A top-up is spent from the wallet; refund the bookings it paid for instead.',
  notPaid: 'This payment has not been paid yet: there is nothing to refund.',
  failed: 'This payment did not go through: nothing was taken, so there is nothing to refund.',
} as const

/** What a card payment may be refunded for here: a top-up is money already in a wallet. */
const REFUNDABLE_PURPOSES: readonly Payment['purpose'][] = ['booking', 'membership']

/** A debit's refund has the ledger reference 'refund:<debit id>': unique, so it is credited once. */
export const REFUND_PREFIX = 'refund:'

/** `%text%` for ILIKE, with its own %, _ and \ taken as they are. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/** An account's name as fullName writes it; null when it has none. */
const nameOf = (account: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${account.firstName} || ' ' || ${account.lastName}), '')`

const alreadyRefunded = (at: Date, by: string | null) =>
  `This payment was already refunded on ${shortDate(at)}${by ? ` by ${by}` : ''}.`

// ---------------------------------------------------------------------------------------------
// Card payments.

/** The account that paid: the signed-in one, else the one with the e-mail the payment was made with. */
const cardPayer = alias(accounts, 'card_payer')
/** The payer's name: their account's, else the name a guest booked under. */
const cardName = sql<
  string | null
>`coalesce(${nameOf(cardPayer)}, ${payments.payload} -> 'booking' ->> 'Name')`

const cardRows = (db: Db | Tx, where: SQL | undefined, limit = PAYMENTS_SHOWN) =>
  db
    .select({ payment: payments, refund: refunds, name: cardName, bookedTitle })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .leftJoin(
      cardPayer,
      or(
        eq(cardPayer.id, payments.accountId),
        and(isNull(payments.accountId), eq(cardPayer.email, payments.email)),
      ),
    )
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)

type CardRow = Awaited<ReturnType<typeof cardRows>>[number]

/** Its state: a refund is 'refunding' until the provider has it, as /profile/payments says. */
function cardStatus(payment: Payment, refund: Refund | null): StaffPayment['status'] {
  switch (payment.status) {
    case 'success':
      return 'paid'
    case 'pending':
      return 'pending'
    case 'failed':
    case 'abandoned':
      return 'failed'
    case 'refunded':
      // None queued: refunded by hand, before the queue existed.
      return refund?.status === 'pending' ? 'refunding' : 'refunded'
  }
}

function staffCardPayment(row: CardRow): StaffPayment {
  const { payment, refund } = row
  return {
    id: payment.id,
    method: 'card',
    reference: payment.reference,
    channel: payment.channel,
    email: payment.email,
    name: row.name,
    what: paymentWhat(row.payment, row.bookedTitle),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    at: payment.createdAt.toISOString(),
    status: cardStatus(payment, refund),
    refundable:
      payment.status === 'success' && REFUNDABLE_PURPOSES.includes(payment.purpose) && !refund,
    refund: refund
      ? {
          at: refund.createdAt.toISOString(),
          reason: refund.reason,
          by: refund.requestedBy,
          walletBalanceMinor: null,
        }
      : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Payments from wallets: the ledger's debits.

const walletOwner = alias(accounts, 'wallet_owner')
const walletPayer = alias(accounts, 'wallet_payer')
const refundCredit = alias(walletTransactions, 'refund_credit')
/** Who paid: the debit's actor (the account that booked), else the wallet's owner or creator. */
const walletEmail = sql<string>`lower(coalesce(${walletTransactions.actor}, ${walletOwner.email}, ${communities.creatorEmail}))`
const walletName = nameOf(walletPayer)

const walletRows = (db: Db | Tx, where: SQL | undefined, limit = PAYMENTS_SHOWN) =>
  db
    .select({
      debit: walletTransactions,
      balanceMinor: wallets.balanceMinor,
      currency: wallets.currency,
      community: communities.name,
      email: walletEmail,
      name: walletName,
      credit: refundCredit,
    })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .leftJoin(walletOwner, eq(walletOwner.id, wallets.accountId))
    .leftJoin(communities, eq(communities.id, wallets.communityId))
    .leftJoin(walletPayer, eq(walletPayer.email, walletEmail))
    .leftJoin(
      refundCredit,
      eq(refundCredit.reference, sql`${REFUND_PREFIX} || ${walletTransactions.id}::text`),
    )
    .where(and(eq(walletTransactions.action, 'debit'), where))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit)

type WalletRow = Awaited<ReturnType<typeof walletRows>>[number]

/** A debit's narration is the booking's title (server/wallets/handlers.ts). */
const debitWhat = (debit: WalletTransaction) => debit.narration ?? 'A booking'

function staffWalletPayment(row: WalletRow): StaffPayment {
  const { debit, credit } = row
  return {
    id: debit.id,
    method: 'wallet',
    reference: null,
    channel: null,
    email: row.email,
    name: row.name,
    what: debitWhat(debit),
    amountMinor: debit.difference,
    currency: row.currency,
    at: debit.createdAt.toISOString(),
    status: credit ? 'refunded' : 'paid',
    refundable: !credit,
    refund: credit
      ? {
          at: credit.createdAt.toISOString(),
          reason: credit.note,
          by: credit.actor,
          // The wallet's balance now, read after the refund: the ledger keeps no balance per row.
          walletBalanceMinor: row.balanceMinor,
        }
      : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Reading.

/**
 * The newest card payments and wallet debits, 50 in all. A blank `q` lists the latest; any other
 * matches a card payment's reference exactly, or any part of the payer's e-mail or name (case
 * aside).
 */
export async function searchPayments(db: Db, q: string): Promise<StaffPayment[]> {
  const text = q.trim()
  const pattern = containing(text)
  const [cards, debits] = await Promise.all([
    cardRows(
      db,
      text
        ? or(
            sql`lower(${payments.reference}) = lower(${text})`,
            ilike(payments.email, pattern),
            sql`${cardName} ILIKE ${pattern}`,
          )
        : undefined,
    ),
    walletRows(
      db,
      text
        ? or(sql`${walletEmail} ILIKE ${pattern}`, sql`${walletName} ILIKE ${pattern}`)
        : undefined,
    ),
  ])
  return [...cards.map(staffCardPayment), ...debits.map(staffWalletPayment)]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, PAYMENTS_SHOWN)
}

/** The payments of these ids, card payments and wallet debits, as staff read them (any order). */
export async function paymentsByIds(db: Db, ids: readonly string[]): Promise<StaffPayment[]> {
  if (ids.length === 0) return []
  const [cards, debits] = await Promise.all([
    cardRows(db, inArray(payments.id, [...ids]), ids.length),
    walletRows(db, inArray(walletTransactions.id, [...ids]), ids.length),
  ])
  return [...cards.map(staffCardPayment), ...debits.map(staffWalletPayment)]
}

/** One payment as staff read it; null when no payment of this method has the id. */
async function staffPayment(
  db: Db | Tx,
  method: PaymentMethod,
  id: string,
): Promise<StaffPayment | null> {
  if (method === 'card') {
    const [row] = await cardRows(db, eq(payments.id, id))
    return row ? staffCardPayment(row) : null
  }
  const [row] = await walletRows(db, eq(walletTransactions.id, id))
  return row ? staffWalletPayment(row) : null
}

// ---------------------------------------------------------------------------------------------
// Refunding.

export interface RefundDeps {
  db: Db
  /** Sends a card refund right after its commit; null leaves it to the worker's next look. */
  refunds: Pick<RefundWorker, 'sendNow'> | null
}

export interface RefundOrder {
  id: string
  method: PaymentMethod
  /** As staff wrote it; the payer reads it. */
  reason: string
  actor: Account
  now: Date
  /** The site's address, for the wallet link in the e-mail. */
  site: string
}

/**
 * A wallet debit credited back to its wallet, in one transaction. Lock order: the debit's ledger
 * row first, then the wallet's row (the balance). A booking paid from the wallet and a top-up
 * lock only the wallet's row, never a ledger row already written, so no two of them ever wait for
 * each other in a circle; two refunds of one debit queue on its row.
 */
async function refundDebit(
  db: Db,
  { id, reason, actor, now, site }: RefundOrder,
): Promise<StaffPayment> {
  const balanceMinor = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.id, id), eq(walletTransactions.action, 'debit')))
      .for('update')
    if (!locked) throw notFound(REFUSALS.unknown)
    // Read after the lock, in a statement of its own: a refund that held the row before this one
    // has committed its credit, and only a new statement sees it.
    const [row] = await walletRows(tx, eq(walletTransactions.id, id))
    if (!row) throw notFound(REFUSALS.unknown)
    if (row.credit) throw conflict(alreadyRefunded(row.credit.createdAt, row.credit.actor))
    const { debit } = row
    // The unique reference is the last guard: no second credit of this debit can be written.
    await tx.insert(walletTransactions).values({
      walletId: debit.walletId,
      difference: debit.difference,
      action: 'credit',
      narration: `Refund: ${debitWhat(debit)}`,
      note: reason,
      actor: fullName(actor),
      reference: `${REFUND_PREFIX}${debit.id}`,
      createdAt: now,
    })
    const [wallet] = await tx
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} + ${debit.difference}` })
      .where(eq(wallets.id, debit.walletId))
      .returning({ balanceMinor: wallets.balanceMinor })
    if (!wallet) throw new Error('refund: the wallet was not credited')
    // The booking stays as it is: cancelling it is for a later change.
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'payment refund',
      subject: debit.id,
      before: { status: 'paid' },
      after: {
        status: 'refunded',
        reason,
        amountMinor: debit.difference,
        walletBalanceMinor: wallet.balanceMinor,
      },
    })
    await queueMail(
      tx,
      walletRefundMail({
        to: row.email,
        name: row.name,
        what: debitWhat(debit),
        amount: formatMinor(debit.difference, row.currency),
        reason,
        balance: formatMinor(wallet.balanceMinor, row.currency),
        community: row.community,
        site,
      }),
    )
    return wallet.balanceMinor
  })
  const refunded = await staffPayment(db, 'wallet', id)
  if (!refunded?.refund) throw new Error('refund: the refunded debit was not found')
  // The balance right after this refund, as the contract says, whatever came after it.
  return { ...refunded, refund: { ...refunded.refund, walletBalanceMinor: balanceMinor } }
}

/** Why this card payment cannot be refunded here; null when it can. */
function cardRefusal({ payment, refund }: CardRow): string | null {
  if (payment.status === 'pending') return REFUSALS.notPaid
  if (payment.status === 'failed' || payment.status === 'abandoned') return REFUSALS.failed
  if (refund) return alreadyRefunded(refund.createdAt, refund.requestedBy)
  if (payment.status === 'refunded') return 'This payment was already refunded.'
  if (!REFUNDABLE_PURPOSES.includes(payment.purpose)) return REFUSALS.topUp
  return null
}

/**
 * A card payment refunded through the queue: the payment reads 'refunded' with the reason as its
 * outcome note and its refund is queued, in one transaction; the refund is tried once right after
 * the commit, as a settlement's is (server/payments/settle.ts), and retried by the worker.
 */
async function refundCard(
  { db, refunds: worker }: RefundDeps,
  { id, reason, actor, now }: RefundOrder,
): Promise<StaffPayment> {
  await db.transaction(async (tx) => {
    // Only this payment's row is locked; settling never touches a paid payment.
    const [locked] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, id))
      .for('update')
    if (!locked) throw notFound(REFUSALS.unknown)
    // After the lock, as for a wallet: a refund committed meanwhile is seen.
    const [row] = await cardRows(tx, eq(payments.id, id))
    if (!row) throw notFound(REFUSALS.unknown)
    const refusal = cardRefusal(row)
    if (refusal) throw conflict(refusal)
    const { payment } = row
    await tx
      .update(payments)
      .set({ status: 'refunded', outcomeNote: reason })
      .where(eq(payments.id, payment.id))
    await queueRefund(tx, {
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      at: now,
      reason,
      requestedBy: fullName(actor),
    })
    // The booking stays as it is: cancelling it is for a later change.
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'payment refund',
      subject: payment.id,
      before: { status: 'paid' },
      after: { status: 'refunding', reason, amountMinor: payment.amountMinor },
    })
    await queueMail(
      tx,
      cardRefundMail({
        to: payment.email,
        name: row.name,
        what: paymentWhat(row.payment, row.bookedTitle),
        amount: formatMinor(payment.amountMinor, payment.currency),
        reason,
        reference: payment.reference,
      }),
    )
  })
  await worker?.sendNow(id)
  const refunded = await staffPayment(db, 'card', id)
  if (!refunded) throw new Error('refund: the refunded payment was not found')
  return refunded
}

/**
 * Refunds a card payment or a wallet debit in full, once, with the reason the payer is e-mailed.
 * 404 when no payment of the method has the id, 400 for a blank reason, 409 when it cannot be
 * refunded (already refunded, not paid, a top-up). Returns the payment as it now stands.
 */
export async function refundPayment(deps: RefundDeps, order: RefundOrder): Promise<StaffPayment> {
  const reason = order.reason.trim()
  if (reason === '') throw badRequest(REFUSALS.blankReason)
  return order.method === 'wallet'
    ? refundDebit(deps.db, { ...order, reason })
    : refundCard(deps, { ...order, reason })
}
