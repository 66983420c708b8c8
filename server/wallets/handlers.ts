import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import {
  bookingBody,
  freePayment,
  prepareBooking,
  priceText,
  quoteBooking,
  refuseUnstorableText,
  takePlace,
} from '../bookings/core'
import type { Db, Tx } from '../db/client'
import {
  communities,
  communityMembers,
  type Wallet as WalletRow,
  type WalletTransaction as WalletTransactionRow,
  wallets,
  walletTransactions,
} from '../db/schema'
import { type Account, requireAccount } from '../http/auth'
import { badRequest, forbidden, notFound, paymentRequired } from '../http/http-error'
import type { Handler, ServiceDeps } from '../http/operations'
import type { MailDeps } from '../mail/deps'
import { bookingReceipt, mailRow } from '../mail/outbox'
import { theirCommunities } from '../memberships/membership'

type Wallet = components['schemas']['Wallet']
type WalletTransaction = components['schemas']['WalletTransaction']

/** Communities whose wallet this account may use: it created them or is an Active member. */
async function communityIdsOf(db: Db | Tx, account: Account): Promise<string[]> {
  const theirs = theirCommunities(account)
  const rows = await db
    .selectDistinct({ id: communities.id })
    .from(communities)
    .leftJoin(communityMembers, theirs.membership)
    .where(theirs.filter)
  return rows.map((row) => row.id)
}

/** The wallet, if this account may spend from it: 404 when there is none, 403 when not theirs. */
async function spendableWallet(tx: Tx, walletId: string, account: Account): Promise<WalletRow> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId))
  if (!wallet) throw notFound('This wallet does not exist.')
  const mine = wallet.accountId
    ? wallet.accountId === account.id
    : (await communityIdsOf(tx, account)).includes(wallet.communityId ?? '')
  if (!mine) throw forbidden('This is not your wallet.')
  if (wallet.currency !== 'NGN') throw badRequest('Bookings are paid from a naira (NGN) wallet.')
  return wallet
}

/**
 * The wallet, if this account may read its history: the owner of a personal wallet; the creator
 * or an Active member of the community of a community wallet. 404 when there is none, 403 for
 * anyone else (the same answer for every wallet not theirs, so it tells them nothing about it).
 */
async function readableWallet(db: Db, walletId: string, account: Account): Promise<WalletRow> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId))
  if (!wallet) throw notFound('This wallet does not exist.')
  const mine = wallet.accountId
    ? wallet.accountId === account.id
    : (await communityIdsOf(db, account)).includes(wallet.communityId ?? '')
  if (!mine) throw forbidden('This is not your wallet.')
  return wallet
}

/** The browser's debitAmount must be the server's price; null only when the booking is free. */
function checkDebitAmount(debitAmount: number | null, price: number): void {
  if ((debitAmount ?? 0) === price) return
  throw badRequest(
    price === 0
      ? 'This booking is free: send debitAmount null.'
      : `The price has changed: this booking costs ${priceText(price)}. Please review and try again.`,
  )
}

/** A booking's debit has the ledger reference 'booking:<booking id>' (unique: one per booking). */
export const BOOKING_DEBIT_PREFIX = 'booking:'

/**
 * Takes the money and writes its ledger row. The conditional UPDATE is the guard: under any
 * concurrency a balance never goes below zero, and the ledger always adds up to the balance.
 */
async function debit(
  tx: Tx,
  p: {
    walletId: string
    amount: number
    narration: string
    actor: string
    note: string | null
    /** The booking it pays for: a cancellation credits back this debit and no other. */
    bookingId: string
  },
): Promise<WalletTransactionRow> {
  const taken = await tx
    .update(wallets)
    .set({ balanceMinor: sql`${wallets.balanceMinor} - ${p.amount}` })
    .where(and(eq(wallets.id, p.walletId), gte(wallets.balanceMinor, p.amount)))
    .returning({ id: wallets.id })
  if (taken.length === 0) throw paymentRequired('Your wallet balance is too low for this booking.')
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      walletId: p.walletId,
      difference: p.amount,
      action: 'debit',
      narration: p.narration,
      note: p.note,
      actor: p.actor,
      reference: `${BOOKING_DEBIT_PREFIX}${p.bookingId}`,
    })
    .returning()
  if (!row) throw new Error('debit: the ledger insert returned no row')
  return row
}

const transactionBody = (row: WalletTransactionRow): WalletTransaction => ({
  _id: row.id,
  difference: row.difference,
  action: row.action,
  narration: row.narration,
  note: row.note,
  actor: row.actor,
  createdAt: row.createdAt.toISOString(),
})

const walletBody = (row: WalletRow, name: string): Wallet => ({
  id: row.id,
  Balance: row.balanceMinor,
  Currency: row.currency,
  Name: name,
})

export function walletsService({ db, now }: ServiceDeps, { publicUrl, mailer }: MailDeps) {
  /** The account's own wallet (or null) and the wallets of its communities, by name. */
  const walletsOf = async (account: Account) => {
    const [own] = await db.select().from(wallets).where(eq(wallets.accountId, account.id))
    const ids = await communityIdsOf(db, account)
    const shared =
      ids.length > 0
        ? await db
            .select({ wallet: wallets, name: communities.name })
            .from(wallets)
            .innerJoin(communities, eq(communities.id, wallets.communityId))
            .where(inArray(wallets.communityId, ids))
            .orderBy(communities.name)
        : []
    return {
      userWallet: own ? walletBody(own, `${account.firstName} ${account.lastName}`) : null,
      communityWallets: shared.map((row) => walletBody(row.wallet, row.name)),
    }
  }

  const getWallets: Handler<'getWallets'> = async (request) => {
    const account = requireAccount(request)
    return { status: 'success', message: 'Your wallets.', data: await walletsOf(account) }
  }

  /**
   * Creates the account's personal wallet (NGN, empty) unless it has one: idempotent, and the
   * unique index on the owner makes concurrent calls create exactly one.
   */
  const createWallet: Handler<'createWallet'> = async (request, reply) => {
    const account = requireAccount(request)
    const created = await db
      .insert(wallets)
      .values({ accountId: account.id, balanceMinor: 0, currency: 'NGN', createdAt: now() })
      .onConflictDoNothing({ target: wallets.accountId })
      .returning({ id: wallets.id })
    reply.code(201)
    return {
      status: 'success',
      message: created.length > 0 ? 'Your wallet is ready.' : 'You already have a wallet.',
      data: await walletsOf(account),
    }
  }

  /** A wallet's ledger, latest first, for those who may use the wallet. */
  const getWalletHistory: Handler<'getWalletHistory'> = async (request) => {
    const account = requireAccount(request)
    const wallet = await readableWallet(db, request.params.walletId, account)
    const rows = await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, wallet.id))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    return {
      status: 'success',
      message: rows.length > 0 ? 'Your wallet transactions.' : 'No transactions found',
      data: rows.map(transactionBody),
    }
  }

  /** The debit, its ledger row, the booking and its receipt: one transaction, all or nothing. */
  const debitWallet: Handler<'debitWallet'> = async (request, reply) => {
    const account = requireAccount(request)
    refuseUnstorableText(request.body)
    const { debitAmount, narration, booking: input } = request.body
    const at = now()
    const data = await db.transaction(async (tx) => {
      const wallet = await spendableWallet(tx, request.params.walletId, account)
      const quote = await quoteBooking(tx, input, account, at)
      checkDebitAmount(debitAmount, quote.amountMinor)
      const free = quote.amountMinor === 0
      const booking = prepareBooking({
        input,
        quote,
        account,
        ...(free
          ? freePayment(input, account)
          : {
              paidWith: wallet.communityId ? 'community-wallet' : 'wallet',
              paymentReference: 'Wallet transaction',
            }),
        now: at,
      })
      const receipt = await bookingReceipt(tx, booking.row, {
        title: quote.title,
        publicUrl,
        event: quote.event,
      })
      // The place before the money, as a person reads the refusals: 'Sold out' before 'balance
      // too low'. The wallet's row is the payer's own, so the counter row waits for little.
      const row = await takePlace(tx, booking, mailRow(receipt))
      const transaction = free
        ? null
        : await debit(tx, {
            walletId: wallet.id,
            amount: quote.amountMinor,
            narration: narration.trim() || quote.title,
            actor: account.email,
            note: row.namesOfVisitors ? `Guests: ${row.namesOfVisitors}` : null,
            bookingId: row.id,
          })
      return {
        transaction: transaction ? transactionBody(transaction) : null,
        booking: bookingBody(row, quote.title, quote.event),
      }
    })
    request.server.metrics.booked(input.Type, 'confirmed')
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: `You're booked: ${data.booking.Event}.`, data }
  }

  return { getWallets, createWallet, getWalletHistory, debitWallet }
}
