import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type Wallet, type WalletsLoaded, type WalletTransaction, walletMachine } from './machine'

const personal: Wallet = {
  id: '00000000-0000-4000-8000-0000000000a1',
  Balance: 2_500_000,
  Currency: 'NGN',
}
const community: Wallet = {
  id: '00000000-0000-4000-8000-0000000000a2',
  Balance: 5_000_000,
  Currency: 'NGN',
}
const credit: WalletTransaction = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  difference: 3_000_000,
  action: 'credit',
  narration: 'Wallet top-up',
  note: null,
  actor: 'ada@example.com',
  createdAt: '2026-11-01T10:00:00.000Z',
}

const loaded = (over: Partial<WalletsLoaded>): { output: WalletsLoaded } => ({
  output: { userWallet: personal, communityWallets: [], status: 'Active', ...over },
})

export const walletModel = defineModel(walletMachine, {
  description:
    'The wallet page: wallets read (the personal one created when missing), histories read (a failure is an empty list), Personal / Community tabs with a community wallet, the balance shown or hidden as remembered; a 401 ends the session.',
  inputs: {
    'balance hidden (default)': { balanceHidden: true },
    'balance shown before': { balanceHidden: false },
  },
  events: {
    'xstate.done.actor.loadWallets': [
      loaded({}),
      loaded({ communityWallets: [community] }),
      loaded({ userWallet: null, status: 'Inactive' }),
      loaded({ userWallet: null, communityWallets: [community] }),
    ],
    'xstate.error.actor.loadWallets': [sessionEnded, connectionLost],
    'xstate.done.actor.createWallet': [
      loaded({ userWallet: { ...personal, Balance: 0 }, status: 'Inactive' }),
      loaded({ userWallet: { ...personal, Balance: 0 }, communityWallets: [community] }),
    ],
    'xstate.error.actor.createWallet': [
      sessionEnded,
      { error: new ApiError(501, 'Not implemented') },
    ],
    ...callEndings(
      'loadHistories',
      [
        { personal: [credit], community: [] },
        { personal: [], community: [] },
        { personal: [], community: [{ ...credit, narration: 'Community top-up' }] },
      ],
      [connectionLost],
    ),
    'transaction.toggled': [{ id: credit._id }],
  },
})
