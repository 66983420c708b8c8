import { describe, expect, it } from 'vitest'
import { amountHint } from '../../machines/top-up/selectors'
import type { Wallet, WalletTransaction } from '../../machines/wallet/machine'
import {
  funding,
  fundingNote,
  hasCommunityWallet,
  missingWalletText,
  transactionLine,
  transactionsLabel,
  transactionsOf,
  walletCaption,
  walletOf,
} from '../../machines/wallet/selectors'

// What /profile/wallet says of the wallet flow: which wallet a tab shows, whether Fund Wallet
// works and why not, a transaction's row, and the top-up amount's hint.

const personal: Wallet = { id: 'w-1', Balance: 2_500_000, Currency: 'NGN' }
const collective: Wallet = {
  id: 'w-2',
  Balance: 5_000_000,
  Currency: 'NGN',
  Name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
}
const topUp: WalletTransaction = {
  _id: 't-1',
  difference: 3_000_000,
  action: 'credit',
  narration: 'Wallet top-up',
  note: 'Paid by bank transfer',
  actor: 'ada@example.com',
  createdAt: '2026-11-06T10:00:00Z',
}
const context = {
  userWallet: personal,
  communityWallets: [collective],
  status: 'Active',
  personal: [topUp],
  community: [],
}

describe('the wallets on the page', () => {
  it('shows the personal wallet and the first community wallet, each with its own history', () => {
    expect(walletOf(context, 'personal')).toBe(personal)
    expect(walletOf(context, 'community')).toBe(collective)
    expect(transactionsOf(context, 'personal')).toEqual([topUp])
    expect(transactionsOf(context, 'community')).toEqual([])
    expect(walletOf({ ...context, communityWallets: [] }, 'community')).toBeNull()
  })

  it('has a Community tab only with a community wallet', () => {
    expect(hasCommunityWallet(context)).toBe(true)
    expect(hasCommunityWallet({ communityWallets: [] })).toBe(false)
  })

  it('names each wallet, and says so when one is missing', () => {
    expect(walletCaption('personal', personal)).toBe('Personal wallet')
    expect(walletCaption('community', collective)).toBe(
      'Community wallet · Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
    )
    expect(walletCaption('community', { Name: '' })).toBe('Community wallet')
    expect(missingWalletText('personal')).toBe('No user wallet information available')
    expect(missingWalletText('community')).toBe('No community wallet information available')
    expect(transactionsLabel('community')).toBe('Community wallet transactions')
  })
})

describe('funding the wallet', () => {
  it('opens the top-up for an active member, into the personal wallet', () => {
    expect(funding(context)).toEqual({ kind: 'open', walletId: 'w-1' })
  })

  it('is greyed while an active member has no personal wallet', () => {
    expect(funding({ status: 'Active', userWallet: null })).toEqual({ kind: 'noWallet' })
  })

  it('is suspended for an inactive membership, or none', () => {
    expect(funding({ status: 'Inactive', userWallet: personal })).toEqual({ kind: 'suspended' })
    expect(funding({ status: null, userWallet: personal })).toEqual({ kind: 'suspended' })
  })

  it('says on the Community tab that top-ups go to the personal wallet', () => {
    expect(fundingNote(funding(context), 'community')).toBe('Top-ups go to your personal wallet.')
    expect(fundingNote(funding(context), 'personal')).toBeNull()
    expect(fundingNote({ kind: 'suspended' }, 'community')).toBeNull()
  })
})

describe('a transaction', () => {
  it('reads a credit with a plus and its details', () => {
    expect(transactionLine(topUp, 'NGN')).toMatchObject({
      id: 't-1',
      credit: true,
      kindLabel: 'Credit',
      signedAmount: '+₦30,000.00',
      narration: 'Wallet top-up',
      account: 'ada@example.com',
      note: 'Paid by bank transfer',
    })
  })

  it('reads a debit with a minus sign, and fills what is missing', () => {
    const line = transactionLine(
      { ...topUp, action: 'debit', difference: -500_000, narration: '  ', note: null, actor: null },
      'NGN',
    )
    expect(line).toMatchObject({
      credit: false,
      kindLabel: 'Debit',
      signedAmount: '−₦5,000.00',
      narration: 'No Description',
      account: '—',
      note: '—',
    })
  })
})

describe('the top-up amount hint', () => {
  it('states the minimum, and turns it into an error only for an amount typed too small', () => {
    expect(amountHint({ amountText: '', canSubmit: false, busy: false })).toEqual({
      tooSmall: false,
      text: 'Minimum ₦1,000.',
    })
    expect(amountHint({ amountText: '500', canSubmit: false, busy: false })).toEqual({
      tooSmall: true,
      text: 'The smallest top-up is ₦1,000.',
    })
    expect(amountHint({ amountText: '5,000', canSubmit: true, busy: false }).tooSmall).toBe(false)
    // While the payment starts nothing can be submitted, and nothing is wrong.
    expect(amountHint({ amountText: '5,000', canSubmit: false, busy: true }).tooSmall).toBe(false)
  })
})
