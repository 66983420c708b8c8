import type { PaymentOutcome } from './machine'

// What the page a card payment comes back to says when nothing was paid: whether the person
// cancelled at the checkout or the bank declined the card, and what stayed as it was.

/** What the payment was for: a booking, a membership plan, or a wallet top-up. */
export type PaidFor = 'booking' | 'membership' | 'top-up'

export interface NotPaidWords {
  heading: string
  text: string
  hint: string
}

const unchanged: Record<PaidFor, string> = {
  booking: 'no booking was made',
  membership: 'your membership has not changed',
  'top-up': 'your wallet was not topped up',
}

/** The words of the declined state: a cancelled payment is not a refused card. */
export function notPaidWords(outcome: PaymentOutcome | null, paidFor: PaidFor): NotPaidWords {
  if (outcome?.status === 'abandoned') {
    return {
      heading: 'Payment cancelled',
      text: `You cancelled the card payment: nothing was charged and ${unchanged[paidFor]}.`,
      hint: 'You can pay again whenever you are ready.',
    }
  }
  return {
    heading: 'Payment not completed',
    text: `Your card payment did not go through: nothing was charged and ${unchanged[paidFor]}.`,
    hint: 'You can try again with the same or another card.',
  }
}
