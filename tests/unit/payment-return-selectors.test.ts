import { describe, expect, it } from 'vitest'
import type { PaymentOutcome, PaymentStatus } from '../../machines/payment-return/machine'
import { notPaidWords } from '../../machines/payment-return/selectors'

const outcome = (status: PaymentStatus): PaymentOutcome => ({
  reference: 'SBX-1',
  status,
  purpose: 'booking',
})

describe('the words of a card payment that brought nothing', () => {
  it('tell a cancelled payment from a declined card', () => {
    expect(notPaidWords(outcome('abandoned'), 'booking')).toEqual({
      heading: 'Payment cancelled',
      text: 'You cancelled the card payment: nothing was charged and no booking was made.',
      hint: 'You can pay again whenever you are ready.',
    })
    expect(notPaidWords(outcome('failed'), 'booking')).toEqual({
      heading: 'Payment not completed',
      text: 'Your card payment did not go through: nothing was charged and no booking was made.',
      hint: 'You can try again with the same or another card.',
    })
  })

  it('say what stayed as it was: the booking, the membership or the wallet', () => {
    expect(notPaidWords(outcome('failed'), 'membership').text).toMatch(
      /and your membership has not changed\.$/,
    )
    expect(notPaidWords(outcome('abandoned'), 'top-up').text).toMatch(
      /and your wallet was not topped up\.$/,
    )
  })
})
