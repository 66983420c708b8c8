import type { Payment } from './machine'

// What /profile/payments shows of a payment: its state as the payer reads it, and where the
// money is when it is going back.

/** A payment's state on the list; a refund is 'refundPending' until the provider has it. */
export type PaymentState =
  | 'paid'
  | 'pending'
  | 'failed'
  | 'abandoned'
  | 'refundPending'
  | 'refunded'

/** The badge's words for each state. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refundPending: 'Refund pending',
  refunded: 'Refunded',
}

/**
 * The state of a payment. A refunded payment with no refund in the queue (refunded by hand,
 * before the queue existed) reads 'refunded'.
 */
export function paymentState({ Status, Refund }: Pick<Payment, 'Status' | 'Refund'>): PaymentState {
  switch (Status) {
    case 'success':
      return 'paid'
    case 'refunded':
      return Refund === 'pending' ? 'refundPending' : 'refunded'
    default:
      return Status
  }
}

/** The line under a payment whose money is going back; null for any other. */
export function refundNote(payment: Pick<Payment, 'Status' | 'Refund'>): string | null {
  switch (paymentState(payment)) {
    case 'refundPending':
      return 'We are returning the full amount to your card: the refund is on its way.'
    case 'refunded':
      return 'The full amount was sent back to your card. Your bank may take a few working days to show it.'
    default:
      return null
  }
}
