import { desc, eq, inArray } from 'drizzle-orm'
import { freePayment, prepareBooking, takePlace } from '../bookings/book'
import { bookingBody } from '../bookings/booking-bodies'
import { quoteBooking } from '../bookings/quote'
import { communities, wallets, walletTransactions } from '../db/schema'
import { type Account, requireAccount } from '../http/auth'
import type { Handler, HandlerDeps } from '../http/operations'
import { bookingReceipt, mailRow } from '../mail/outbox'
import {
  checkDebitAmount,
  communityIdsOf,
  debit,
  readableWallet,
  spendableWallet,
  transactionBody,
  walletBody,
} from './wallets'

export function walletsHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
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
