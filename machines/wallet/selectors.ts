import { isActiveStatus } from '../rules/membership'
import { formatMinor } from '../rules/money'
import { paymentMoment } from '../rules/profile'
import type { Wallet, WalletTransaction } from './machine'

// What /profile/wallet shows of the wallet flow's context: which wallet a tab holds, its words,
// whether the wallet may be funded, and a transaction as the list and its details read it.

/** The two wallets a person may have: their own, and their community's. */
export type WalletKind = 'personal' | 'community'

/** The part of the wallet flow's context the page reads. */
export interface WalletContext {
  userWallet: Wallet | null
  communityWallets: Wallet[]
  status: string | null
  personal: WalletTransaction[]
  community: WalletTransaction[]
}

/** The wallet a tab shows: the personal one, or the first community one; null when none. */
export function walletOf(context: WalletContext, kind: WalletKind): Wallet | null {
  return kind === 'personal' ? context.userWallet : (context.communityWallets[0] ?? null)
}

/** The transactions a tab lists. */
export function transactionsOf(context: WalletContext, kind: WalletKind): WalletTransaction[] {
  return kind === 'personal' ? context.personal : context.community
}

/** The Community tab exists only with a community wallet. */
export function hasCommunityWallet(context: Pick<WalletContext, 'communityWallets'>): boolean {
  return context.communityWallets.length > 0
}

/** The tab's name. */
export const WALLET_TAB_LABELS: Record<WalletKind, string> = {
  personal: 'Personal',
  community: 'Community',
}

/** Said in place of a wallet that could not be read or made. */
export function missingWalletText(kind: WalletKind): string {
  return kind === 'personal'
    ? 'No user wallet information available'
    : 'No community wallet information available'
}

/** The line under the balance: 'Personal wallet', or 'Community wallet · <its name>'. */
export function walletCaption(kind: WalletKind, wallet: Pick<Wallet, 'Name'>): string {
  if (kind === 'personal') return 'Personal wallet'
  return `Community wallet${wallet.Name ? ` · ${wallet.Name}` : ''}`
}

/** The transactions list's accessible name. */
export function transactionsLabel(kind: WalletKind): string {
  return `${WALLET_TAB_LABELS[kind]} wallet transactions`
}

/**
 * Whether the wallet may be funded, and why not: only an active membership tops up ('Wallet
 * suspended' otherwise), into the personal wallet, which must exist.
 */
export type Funding =
  | { kind: 'open'; walletId: string }
  | { kind: 'noWallet' }
  | { kind: 'suspended' }

export function funding(context: Pick<WalletContext, 'status' | 'userWallet'>): Funding {
  if (!isActiveStatus(context.status)) return { kind: 'suspended' }
  return context.userWallet
    ? { kind: 'open', walletId: context.userWallet.id }
    : { kind: 'noWallet' }
}

/** Said under Fund Wallet on the Community tab: the money never goes to the community wallet. */
export function fundingNote(funds: Funding, tab: WalletKind): string | null {
  return funds.kind !== 'suspended' && tab === 'community'
    ? 'Top-ups go to your personal wallet.'
    : null
}

/** A transaction as its row and its details read. */
export interface TransactionLine {
  id: string
  credit: boolean
  /** 'Credit' or 'Debit', the mark's name. */
  kindLabel: string
  /** '+₦30,000.00' or '−₦5,000.00' (a minus sign, not a hyphen). */
  signedAmount: string
  narration: string
  account: string
  date: string
  note: string
}

export function transactionLine(transaction: WalletTransaction, currency: string): TransactionLine {
  const credit = transaction.action === 'credit'
  return {
    id: transaction._id,
    credit,
    kindLabel: credit ? 'Credit' : 'Debit',
    signedAmount: `${credit ? '+' : '−'}${formatMinor(Math.abs(transaction.difference), currency)}`,
    narration: transaction.narration?.trim() || 'No Description',
    account: transaction.actor ?? '—',
    date: paymentMoment(transaction.createdAt),
    note: transaction.note?.trim() || '—',
  }
}
