import { describe, expect, it } from 'vitest'
import { cancelledLine, moneyBackLine } from '../../machines/booking-cancel/selectors'
import { isCardPayment, type PaidWith } from '../../machines/rules/bookings'

const cancelled = (way: 'card' | 'wallet' | 'community-wallet' | 'none', amountMinor: number) => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  cancelledAt: '2026-11-22T10:00:00.000Z',
  refund: { way, amountMinor },
})

describe('what Cancel says of the money', () => {
  it('says before where it goes: the card, the wallet, or nowhere for a free booking', () => {
    expect(moneyBackLine({ paidWith: 'sandbox', amountMinor: 800_000 })).toBe(
      '₦8,000.00 goes back to your card.',
    )
    expect(moneyBackLine({ paidWith: 'paystack', amountMinor: 800_000 })).toBe(
      '₦8,000.00 goes back to your card.',
    )
    expect(moneyBackLine({ paidWith: 'wallet', amountMinor: 500_000 })).toBe(
      '₦5,000.00 goes back to your wallet at once.',
    )
    expect(moneyBackLine({ paidWith: 'community-wallet', amountMinor: 500_000 })).toBe(
      "₦5,000.00 goes back to your community's wallet at once.",
    )
    expect(moneyBackLine({ paidWith: 'free', amountMinor: 0 })).toBe(
      'Nothing was paid, so there is nothing to refund.',
    )
    expect(moneyBackLine({ paidWith: 'membership', amountMinor: 0 })).toBe(
      'Nothing was paid, so there is nothing to refund.',
    )
  })

  it("knows only the contract's ways of payment, the ones the server refunds by", () => {
    // @ts-expect-error 'card' is no PaidWith: a card booking is 'paystack' or 'sandbox'.
    moneyBackLine({ paidWith: 'card', amountMinor: 800_000 })
    const ways: PaidWith[] = [
      'free',
      'membership',
      'wallet',
      'community-wallet',
      'paystack',
      'sandbox',
    ]
    expect(ways.filter(isCardPayment)).toEqual(['paystack', 'sandbox'])
  })

  it('says after what the server did, including a payment staff had refunded before', () => {
    expect(cancelledLine(cancelled('card', 800_000))).toBe(
      'Cancelled. ₦8,000.00 is on its way back to your card: banks take 5 to 10 working days.',
    )
    expect(cancelledLine(cancelled('wallet', 500_000))).toBe(
      'Cancelled. ₦5,000.00 is back in your wallet.',
    )
    expect(cancelledLine(cancelled('wallet', 0))).toBe(
      'Cancelled. Its payment was refunded before.',
    )
    expect(cancelledLine(cancelled('none', 0))).toBe(
      'Cancelled. Nothing was paid, so there is nothing to refund.',
    )
  })
})
