import { describe, expect, it } from 'vitest'
import {
  noWallets,
  walletCanPay,
  walletIdsOf,
  walletOptions,
  walletsAnswered,
  walletsAnswerFirst,
  walletsClosed,
  walletsFailed,
  walletsOpened,
} from '../../machines/checkout/wallets'

// The wallets every paying flow reads when its panel opens, and how their buttons are described.

const ada = { id: 'wallet-ada', Balance: 2_500_000 }
const collective = { id: 'wallet-collective', Balance: 5_000_000 }
const PRICE = 1_000_000 // ₦10,000

describe('the read of the wallets', () => {
  it("starts when a signed-in person's panel opens; a guest has none to read", () => {
    expect(walletsOpened(true)).toEqual({ status: 'loading', personal: null, community: null })
    expect(walletsOpened(false)).toEqual(noWallets)
  })

  it('keeps the answer, or none for a guest (answered without a call)', () => {
    expect(walletsAnswered({ userWallet: ada, communityWallets: [collective] })).toEqual({
      status: 'loaded',
      personal: { id: 'wallet-ada', balance: 2_500_000 },
      community: { id: 'wallet-collective', balance: 5_000_000 },
    })
    expect(walletsAnswered(null)).toEqual(noWallets)
  })

  it('is dropped when the panel closes while it is under way, else kept', () => {
    expect(walletsClosed(walletsOpened(true))).toEqual(noWallets)
    expect(walletsClosed(walletsFailed)).toEqual(walletsFailed)
  })

  it('stores the ids of the answer (the spec keys), none for a guest', () => {
    expect(walletIdsOf({ userWallet: null, communityWallets: [collective] })).toEqual({
      personal: null,
      community: 'wallet-collective',
    })
    expect(walletIdsOf(null)).toEqual({ personal: null, community: null })
  })
})

describe('whether a wallet can pay a price', () => {
  const loaded = walletsAnswered({ userWallet: ada, communityWallets: [collective] })

  it('only once the wallets are read, from a wallet the person has, when the balance covers it', () => {
    expect(walletCanPay(loaded, 'personal', PRICE)).toBe(true)
    expect(walletCanPay(loaded, 'personal', 2_500_001)).toBe(false)
    expect(walletCanPay(loaded, 'community', 5_000_000)).toBe(true)
    expect(walletCanPay(walletsOpened(true), 'personal', PRICE)).toBe(false)
    expect(walletCanPay(walletsFailed, 'personal', PRICE)).toBe(false)
    expect(
      walletCanPay(walletsAnswered({ userWallet: null, communityWallets: [] }), 'personal', 0),
    ).toBe(false)
  })
})

describe('the wallet buttons', () => {
  it('are none for a guest', () => {
    expect(walletOptions(noWallets, PRICE)).toEqual([])
  })

  it('show a placeholder for the balance while the wallets are read, and no wrong message', () => {
    expect(walletOptions(walletsOpened(true), PRICE)).toEqual([
      {
        kind: 'personal',
        label: 'Pay via Wallet',
        detail: null,
        loading: true,
        short: false,
        note: null,
      },
    ])
  })

  it('show each balance; the community wallet for every member of a community with one', () => {
    const options = walletOptions(
      walletsAnswered({ userWallet: ada, communityWallets: [collective] }),
      PRICE,
    )
    expect(options.map((o) => [o.label, o.detail, o.note])).toEqual([
      ['Pay via Wallet', 'Balance ₦25,000.00', null],
      ['Pay via Community Wallet', 'Balance ₦50,000.00', null],
    ])
  })

  it('say when a balance is too low, with a top-up link for the own wallet', () => {
    const options = walletOptions(
      walletsAnswered({
        userWallet: { ...ada, Balance: 100_000 },
        communityWallets: [{ ...collective, Balance: 400_000 }],
      }),
      PRICE,
    )
    expect(options.map((o) => [o.short, o.detail, o.note])).toEqual([
      [
        true,
        'Balance ₦1,000.00',
        {
          text: 'Your wallet is ₦9,000.00 short.',
          link: { to: '/profile/wallet', label: 'Top up' },
        },
      ],
      [true, 'Balance ₦4,000.00', { text: 'The community wallet is ₦6,000.00 short.' }],
    ])
  })

  it('point to setting up a wallet when the person has none of their own', () => {
    const [own, shared] = walletOptions(
      walletsAnswered({ userWallet: null, communityWallets: [collective] }),
      PRICE,
    )
    expect(own).toMatchObject({
      kind: 'personal',
      detail: 'No wallet yet',
      note: { link: { to: '/profile/wallet', label: 'Set up your wallet' } },
    })
    expect(shared).toMatchObject({ kind: 'community', detail: 'Balance ₦50,000.00', note: null })
  })

  it('offer to try again when the read failed', () => {
    expect(walletOptions(walletsFailed, PRICE)).toEqual([
      {
        kind: 'personal',
        label: 'Pay via Wallet',
        detail: 'Balance unavailable',
        loading: false,
        short: false,
        note: { text: 'We could not check your wallets.', retry: true },
      },
    ])
  })
})

describe('the models of the paying flows', () => {
  it("send the read's answer only while it is under way, and nothing else until then", () => {
    const loading = { context: { wallets: walletsOpened(true) } }
    const settled = { context: { wallets: noWallets } }
    expect(walletsAnswerFirst(loading, { type: 'xstate.done.actor.loadWallets' })).toBe(true)
    expect(walletsAnswerFirst(loading, { type: 'card.chosen' })).toBe(false)
    expect(walletsAnswerFirst(settled, { type: 'xstate.error.actor.loadWallets' })).toBe(false)
    expect(walletsAnswerFirst(settled, { type: 'card.chosen' })).toBe(true)
  })
})
