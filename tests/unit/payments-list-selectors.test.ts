import { describe, expect, it } from 'vitest'
import {
  PAYMENT_STATE_LABELS,
  paymentState,
  refundNote,
} from '../../machines/payments-list/selectors'

// What /profile/payments says of a payment: a refund reads 'Refund pending' until the provider
// has it (docs/decisions/017), then 'Refunded'.

describe('a payment on the payments list', () => {
  it.each([
    [{ Status: 'success', Refund: null }, 'Paid'],
    [{ Status: 'pending', Refund: null }, 'Pending'],
    [{ Status: 'failed', Refund: null }, 'Failed'],
    [{ Status: 'abandoned', Refund: null }, 'Abandoned'],
    [{ Status: 'refunded', Refund: 'pending' }, 'Refund pending'],
    [{ Status: 'refunded', Refund: 'sent' }, 'Refunded'],
    // Refunded by hand before the queue existed: no row in it.
    [{ Status: 'refunded', Refund: null }, 'Refunded'],
  ] as const)('%o reads %s', (payment, label) => {
    expect(PAYMENT_STATE_LABELS[paymentState(payment)]).toBe(label)
  })

  it('says where the money is only when it is going back', () => {
    expect(refundNote({ Status: 'refunded', Refund: 'pending' })).toMatch(/on its way/)
    expect(refundNote({ Status: 'refunded', Refund: 'sent' })).toMatch(/sent back to your card/)
    expect(refundNote({ Status: 'success', Refund: null })).toBeNull()
    expect(refundNote({ Status: 'failed', Refund: null })).toBeNull()
  })
})
