import { isCardPayment, isWalletPayment } from '../rules/bookings'
import { formatMinor } from '../rules/money'
import type { CancelInput, CancelledBooking } from './machine'

// What Cancel says of the money, before and after.

const WALLETS = {
  wallet: 'your wallet',
  'community-wallet': "your community's wallet",
} as const

const naira = (amountMinor: number) => formatMinor(amountMinor, 'NGN')

/** Asked before: where the money would go. */
export function moneyBackLine({
  paidWith,
  amountMinor,
}: Pick<CancelInput, 'paidWith' | 'amountMinor'>): string {
  if (amountMinor === 0) return 'Nothing was paid, so there is nothing to refund.'
  if (isCardPayment(paidWith)) return `${naira(amountMinor)} goes back to your card.`
  if (isWalletPayment(paidWith)) {
    return `${naira(amountMinor)} goes back to ${WALLETS[paidWith]} at once.`
  }
  return 'Nothing was paid, so there is nothing to refund.'
}

/** Where a cancelled booking's money went, as a sentence. */
export function refundSentence(refund: CancelledBooking['refund']): string {
  const amount = naira(refund.amountMinor)
  switch (refund.way) {
    case 'card':
      return refund.amountMinor > 0
        ? `${amount} is on its way back to your card: banks take 5 to 10 working days.`
        : 'Its payment was refunded before.'
    case 'wallet':
      return refund.amountMinor > 0
        ? `${amount} is back in your wallet.`
        : 'Its payment was refunded before.'
    case 'community-wallet':
      return refund.amountMinor > 0
        ? `${amount} is back in your community's wallet.`
        : 'Its payment was refunded before.'
    default:
      return 'Nothing was paid, so there is nothing to refund.'
  }
}

/** Said after: what the server did with the money. */
export function cancelledLine({ refund }: Pick<CancelledBooking, 'refund'>): string {
  return `Cancelled. ${refundSentence(refund)}`
}
