import { and, eq, gte, sql } from 'drizzle-orm'
import { formatPrice } from '../../machines/rules/money'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import {
  communities,
  communityMembers,
  type Wallet as WalletRow,
  type WalletTransaction as WalletTransactionRow,
  wallets,
  walletTransactions,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, forbidden, notFound, paymentRequired } from '../http/http-error'
import { theirCommunities } from '../memberships/membership'

export type Wallet = components['schemas']['Wallet']
type WalletTransaction = components['schemas']['WalletTransaction']

/** Communities whose wallet this account may use: it created them or is an Active member. */
export async function communityIdsOf(db: Db | Tx, account: Account): Promise<string[]> {
  const theirs = theirCommunities(account)
  const rows = await db
    .selectDistinct({ id: communities.id })
    .from(communities)
    .leftJoin(communityMembers, theirs.membership)
    .where(theirs.filter)
  return rows.map((row) => row.id)
}

/** The wallet, if this account may spend from it: 404 when there is none, 403 when not theirs. */
export async function spendableWallet(
  tx: Tx,
  walletId: string,
  account: Account,
): Promise<WalletRow> {
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
export async function readableWallet(
  db: Db,
  walletId: string,
  account: Account,
): Promise<WalletRow> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId))
  if (!wallet) throw notFound('This wallet does not exist.')
  const mine = wallet.accountId
    ? wallet.accountId === account.id
    : (await communityIdsOf(db, account)).includes(wallet.communityId ?? '')
  if (!mine) throw forbidden('This is not your wallet.')
  return wallet
}

/** The browser's debitAmount must be the server's price; null only when the booking is free. */
export function checkDebitAmount(debitAmount: number | null, price: number): void {
  if ((debitAmount ?? 0) === price) return
  throw badRequest(
    price === 0
      ? 'This booking is free: send debitAmount null.'
      : `The price has changed: this booking costs ${formatPrice(price)}. Please review and try again.`,
  )
}

/** A booking's debit has the ledger reference 'booking:<booking id>' (unique: one per booking). */
export const BOOKING_DEBIT_PREFIX = 'booking:'

/**
 * Takes the money and writes its ledger row. The conditional UPDATE is the guard: under any
 * concurrency a balance never goes below zero, and the ledger always adds up to the balance.
 */
export async function debit(
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

export const transactionBody = (row: WalletTransactionRow): WalletTransaction => ({
  _id: row.id,
  difference: row.difference,
  action: row.action,
  narration: row.narration,
  note: row.note,
  actor: row.actor,
  createdAt: row.createdAt.toISOString(),
})

export const walletBody = (row: WalletRow, name: string): Wallet => ({
  id: row.id,
  Balance: row.balanceMinor,
  Currency: row.currency,
  Name: name,
})
