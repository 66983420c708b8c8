import { and, eq } from 'drizzle-orm'
import { isActiveStatus } from '../../machines/rules/membership'
import { formatMinor, formatNaira } from '../../machines/rules/money'
import { isTopUpMinor, MIN_TOPUP } from '../../machines/rules/topup'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import {
  communities,
  communityMembers,
  type Payment,
  type Wallet,
  wallets,
  walletTransactions,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, forbidden, notFound } from '../http/http-error'
import { letter, queueMail } from '../mail/outbox'
import { effectiveStatus } from '../memberships/membership'
import type { PaymentItem } from '../payments/payload'

// Wallet top-ups paid by card: checked here when they start (whose wallet, who may fund it, how
// much), and credited once when the payment settles (server/payments/settle.ts).

type PaymentInitiation = components['schemas']['PaymentInitiation']
type TopUpPurchase = components['schemas']['TopUpPurchase']

/** What a top-up payment's payload keeps: which wallet, who paid, what it buys. */
export interface TopUpPayload {
  topup: { walletId: string; accountId: string }
  item: PaymentItem
}

/** The narration of a top-up's ledger row, as the wallet's transactions show it. */
export const TOPUP_NARRATION = 'Wallet top-up'

/** Why a top-up payment credited nothing, for people (kept as the payment's outcome note). */
export const TOPUP_OUTCOME_NOTES = {
  amountMismatch:
    'The amount charged did not match the top-up, so the wallet was not credited and the full amount is being refunded to your card.',
  cannotCredit:
    'The wallet this top-up was for no longer exists, so nothing was credited and the full amount is being refunded to your card.',
  failed: 'The card payment was declined: the wallet was not credited.',
  abandoned: 'The card payment was cancelled before paying: the wallet was not credited.',
} as const

export const TOPUP_REFUSALS = {
  shape:
    "A wallet top-up sends payment.Plan 'topup', payment.walletId and a booking of Type 'wallet-topup'.",
  login: 'Please log in to top up your wallet.',
  currency: 'Wallets are topped up in naira: send Currency NGN.',
  minimum: `The minimum top-up is ${formatNaira(MIN_TOPUP)} (Amount ${MIN_TOPUP * 100} in kobo).`,
  amounts: 'payment.Amount and booking.Amount must be the same top-up amount, in kobo.',
  payer: 'You may only pay as yourself: Account must be your own id.',
  noWallet: 'This wallet does not exist.',
  notYours: 'This is not your wallet.',
  suspended:
    'Wallet suspended: only active members can fund a wallet. Renew your membership first.',
} as const

export const isTopUpPayment = (payment: Payment) => payment.purpose === 'topup'

/** The top-up part of a payment's payload, if it has one. */
export function topUpOf(payload: Record<string, unknown>): TopUpPayload['topup'] {
  const topup = payload.topup as Partial<TopUpPayload['topup']> | undefined
  return {
    walletId: typeof topup?.walletId === 'string' ? topup.walletId : '',
    accountId: typeof topup?.accountId === 'string' ? topup.accountId : '',
  }
}

const isTopUpPurchase = (booking: PaymentInitiation['booking']): booking is TopUpPurchase =>
  'Type' in booking && booking.Type === 'wallet-topup'

/**
 * Whether this account may fund this wallet: its own personal wallet while its membership is
 * Active; a community's wallet while it is the creator or an Active member of that community and
 * the community is Active. 404 for no wallet, 403 for someone else's or a suspended one.
 */
async function fundableWallet(db: Db, walletId: string, account: Account): Promise<Wallet> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId))
  if (!wallet) throw notFound(TOPUP_REFUSALS.noWallet)
  if (wallet.accountId) {
    if (wallet.accountId !== account.id) throw forbidden(TOPUP_REFUSALS.notYours)
    if (!isActiveStatus(await effectiveStatus(db, account))) {
      throw forbidden(TOPUP_REFUSALS.suspended)
    }
    return wallet
  }
  const [community] = await db
    .select({ status: communities.status, creatorEmail: communities.creatorEmail })
    .from(communities)
    .where(eq(communities.id, wallet.communityId ?? ''))
  const [member] = community
    ? await db
        .select({ email: communityMembers.email })
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, wallet.communityId ?? ''),
            eq(communityMembers.email, account.email),
            eq(communityMembers.status, 'Active'),
          ),
        )
    : []
  if (!community || (community.creatorEmail !== account.email && !member)) {
    throw forbidden(TOPUP_REFUSALS.notYours)
  }
  if (!isActiveStatus(community.status)) throw forbidden(TOPUP_REFUSALS.suspended)
  return wallet
}

/** A checked top-up: the wallet to credit and the amount in kobo. */
export interface TopUpQuote {
  wallet: Wallet
  amountMinor: number
  item: PaymentItem
}

/**
 * Checks a top-up initiation from a signed-in account, or refuses it with a clear message:
 * the shape, the currency (NGN), the minimum (₦1,000 = 100000 kobo), the payer, then the wallet.
 */
export async function quoteTopUp(
  db: Db,
  account: Account,
  initiation: Pick<PaymentInitiation, 'payment' | 'booking'>,
): Promise<TopUpQuote> {
  const { payment, booking } = initiation
  if (payment.Plan !== 'topup' || !payment.walletId || !isTopUpPurchase(booking)) {
    throw badRequest(TOPUP_REFUSALS.shape)
  }
  if (payment.Currency !== 'NGN') throw badRequest(TOPUP_REFUSALS.currency)
  if (!isTopUpMinor(payment.Amount) || !isTopUpMinor(booking.Amount)) {
    throw badRequest(TOPUP_REFUSALS.minimum)
  }
  if (payment.Amount !== booking.Amount) throw badRequest(TOPUP_REFUSALS.amounts)
  const payer = payment.Account?.[0]
  if (payer !== undefined && payer !== account.id) throw forbidden(TOPUP_REFUSALS.payer)
  const wallet = await fundableWallet(db, payment.walletId, account)
  if (wallet.currency !== 'NGN') throw badRequest(TOPUP_REFUSALS.currency)
  return {
    wallet,
    amountMinor: payment.Amount,
    item: { title: TOPUP_NARRATION, date: null, timeSlot: null, venue: null, places: 1 },
  }
}

/** What a settled top-up changed, for the receipt. */
export interface Credited {
  balanceMinor: number
  community: string | null
}

/**
 * Credits a settled top-up to its wallet, in the settling transaction: one ledger row (keyed by
 * the payment reference, so a reference credits once) and the balance, together. Null when the
 * wallet is gone (the caller refunds).
 */
export async function creditTopUp(tx: Tx, payment: Payment): Promise<Credited | null> {
  const { walletId } = topUpOf(payment.payload)
  if (!walletId) return null
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update')
  if (!wallet) return null
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      walletId: wallet.id,
      difference: payment.amountMinor,
      action: 'credit',
      narration: TOPUP_NARRATION,
      note: `Card payment ${payment.reference}`,
      actor: payment.email,
      reference: payment.reference,
    })
    .onConflictDoNothing({ target: walletTransactions.reference })
    .returning({ id: walletTransactions.id })
  // Already credited (never by this path twice, but the ledger's key says so too).
  if (!row) return { balanceMinor: wallet.balanceMinor, community: null }
  const [updated] = await tx
    .update(wallets)
    .set({ balanceMinor: wallet.balanceMinor + payment.amountMinor })
    .where(eq(wallets.id, wallet.id))
    .returning({ balanceMinor: wallets.balanceMinor })
  let community: string | null = null
  if (wallet.communityId) {
    const [found] = await tx
      .select({ name: communities.name })
      .from(communities)
      .where(eq(communities.id, wallet.communityId))
    community = found?.name ?? null
  }
  return { balanceMinor: updated?.balanceMinor ?? wallet.balanceMinor, community }
}

/** The receipt of a top-up, queued in the settling transaction. */
export async function queueTopUpReceipt(
  tx: Tx,
  payment: Payment,
  credited: Credited,
  site: string,
): Promise<void> {
  const amount = formatMinor(payment.amountMinor, payment.currency)
  const which = credited.community ? `The wallet of ${credited.community}` : 'Your wallet'
  const body = [
    `Thank you: we received your payment of ${amount} and added it to ${which.charAt(0).toLowerCase()}${which.slice(1)}.`,
    '',
    `${which} now holds ${formatMinor(credited.balanceMinor, payment.currency)}.`,
    '',
    `Payment reference: ${payment.reference}`,
    '',
    `Your wallet: ${site}/profile/wallet`,
  ]
  await queueMail(
    tx,
    letter({ to: payment.email, subject: `Your wallet was topped up with ${amount}`, body }),
  )
}
