import { describe, expect, it } from 'vitest'
import {
  balanceText,
  canAfford,
  shortfall,
  WALLET_PATH,
  walletChoices,
} from '../../../machines/rules/wallets'

describe('the wallets a booking is offered', () => {
  const own = { id: 'w-1', Balance: 2_500_000 }
  const collective = { id: 'c-1', Balance: 5_000_000 }

  it("are the person's own and their first community's, with their balances", () => {
    expect(
      walletChoices({ userWallet: own, communityWallets: [collective, { id: 'c-2', Balance: 1 }] }),
    ).toEqual({
      personal: { id: 'w-1', balance: 2_500_000 },
      community: { id: 'c-1', balance: 5_000_000 },
    })
  })

  it('leave out what the person does not have', () => {
    expect(walletChoices({ userWallet: null, communityWallets: [collective] })).toEqual({
      personal: null,
      community: { id: 'c-1', balance: 5_000_000 },
    })
    expect(walletChoices({ userWallet: own, communityWallets: [] }).community).toBeNull()
  })
})

describe('whether a wallet can pay', () => {
  it('needs a balance of at least the price, to the kobo', () => {
    expect(canAfford(500_000, 500_000)).toBe(true)
    expect(canAfford(499_999, 500_000)).toBe(false)
    expect(canAfford(0, 0)).toBe(true)
  })

  it('says what is lacking, never less than nothing', () => {
    expect(shortfall(100_000, 1_000_000)).toBe(900_000)
    expect(shortfall(2_500_000, 1_000_000)).toBe(0)
  })

  it('shows a balance in naira with kobo, and tops up on the wallet page', () => {
    expect(balanceText(2_500_000)).toBe('Balance ₦25,000.00')
    expect(WALLET_PATH).toBe('/profile/wallet')
  })
})
