import { shortDate } from '../rules/dates'
import { formatMinor } from '../rules/money'
import { paidByLabel } from '../rules/profile'
import type { StaffPayment } from './machine'

// What /staff/payments shows of a payment and of a refund.

/** The longest reason the payer's e-mail takes (the contract's limit). */
export const REASON_MAX_LENGTH = 500

export const BLANK_REASON = 'Write the reason for the refund: the payer reads it.'

export const isBlankReason = (reason: string) => reason.trim() === ''

export const STATUS_LABELS: Record<StaffPayment['status'], string> = {
  paid: 'Paid',
  pending: 'Not paid yet',
  failed: 'Failed',
  refunding: 'Refund on its way',
  refunded: 'Refunded',
}

export const METHOD_LABELS: Record<StaffPayment['method'], string> = {
  card: 'Card',
  wallet: 'Wallet',
}

/** '₦10,000.00'. */
export const amountOf = (payment: Pick<StaffPayment, 'amountMinor' | 'currency'>) =>
  formatMinor(payment.amountMinor, payment.currency)

/** How it was paid, as the payer's /profile/payments says it: 'Card', 'Bank transfer', 'Wallet'. */
export const paidBy = (payment: Pick<StaffPayment, 'method' | 'channel'>) =>
  payment.method === 'card' ? paidByLabel(payment.channel) : METHOD_LABELS[payment.method]

/** 'Card · Nov 24, 2026 · ref 7PVGX8MEK85'. */
export const paymentLine = (payment: StaffPayment) =>
  [paidBy(payment), shortDate(payment.at), payment.reference && `ref ${payment.reference}`]
    .filter(Boolean)
    .join(' · ')

/** What the list says above its rows. */
export function listLead(query: string, count: number): string {
  if (count === 0) return query ? `No payment matches '${query}'.` : 'No payments yet.'
  const found = `${count} ${count === 1 ? 'payment' : 'payments'}`
  return query
    ? `${found} for '${query}', the newest first.`
    : `The latest ${found}, the newest first.`
}

/** What a refund just made did, for the person who made it. */
export function refundedMessage(payment: StaffPayment): string {
  const amount = amountOf(payment)
  const balance = payment.refund?.walletBalanceMinor
  if (payment.method === 'wallet') {
    return `Refunded ${amount} to the wallet${balance != null ? `: its balance is ${formatMinor(balance, payment.currency)}` : ''}. ${payment.email} has an e-mail with your reason.`
  }
  return `The refund of ${amount} is on its way to the card: the bank may take a few working days. ${payment.email} has an e-mail with your reason.`
}

/** Who refunded it and why, under a refunded payment. */
export function refundLine(payment: StaffPayment): string | null {
  const refund = payment.refund
  if (!refund) return null
  const by = refund.by ? ` by ${refund.by}` : ''
  return `Refunded ${shortDate(refund.at)}${by}${refund.reason ? `: ${refund.reason}` : ''}`
}

/** How many characters the reason may still take. */
export const reasonRoom = (reason: string) => {
  const left = REASON_MAX_LENGTH - reason.length
  return `${left.toLocaleString('en-GB')} ${left === 1 ? 'character' : 'characters'} left`
}
