import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type Wallet = components['schemas']['Wallet']
export type WalletTransaction = components['schemas']['WalletTransaction']

/** What GET /wallets (or POST /wallets) answers, with the membership status read beside it. */
export interface WalletsLoaded {
  userWallet: Wallet | null
  communityWallets: Wallet[]
  /** The membership status (the community's when there is one): 'Active' may fund the wallet. */
  status: string | null
}

/** The transactions of the personal and the community wallet; a failed history is empty. */
export interface WalletHistories {
  personal: WalletTransaction[]
  community: WalletTransaction[]
}

export interface WalletInput {
  /** The stored isBalanceHidden choice: hidden unless the person chose to show it. */
  balanceHidden: boolean
}

/** Shows or hides the balance, and remembers the choice for the next visit. */
const balanceTo = (hidden: boolean) =>
  ({
    target: hidden ? 'hidden' : 'shown',
    actions: [
      { type: 'keepBalanceHidden', params: { hidden } },
      { type: 'rememberBalanceHidden', params: { hidden } },
    ],
  }) as const

/**
 * /profile/wallet: the wallets are read (the personal one created when there is none), then both
 * histories; the balance is hidden or shown as remembered, the Community tab only with a
 * community wallet, and a 401 while loading ends the session.
 */
export const walletMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as WalletInput,
      context: {} as {
        userWallet: Wallet | null
        communityWallets: Wallet[]
        status: string | null
        personal: WalletTransaction[]
        community: WalletTransaction[]
        balanceHidden: boolean
        /** The transaction whose details are open, if any. */
        openTransaction: string | null
      },
      events: {} as
        | { type: 'wallet.retried' }
        | { type: 'personalTab.chosen' }
        | { type: 'communityTab.chosen' }
        | { type: 'balance.shown' }
        | { type: 'balance.hidden' }
        | { type: 'transaction.toggled'; id: string },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadWallets: callStub<WalletsLoaded>('loadWallets'),
      createWallet: callStub<WalletsLoaded, { status: string | null }>('createWallet'),
      loadHistories: callStub<
        WalletHistories,
        { personalId: string | null; communityId: string | null }
      >('loadHistories'),
    },
    actions: {
      keepBalanceHidden: assign((_, params: { hidden: boolean }) => ({
        balanceHidden: params.hidden,
      })),
      rememberBalanceHidden: (_, _params: { hidden: boolean }) => {},
      ...loadCallActions,
    },
    guards: {
      ...sessionGuards,
      hasNoUserWallet: (_, params: { loaded: WalletsLoaded }) => params.loaded.userWallet === null,
      hasCommunityWallet: ({ context }) => context.communityWallets.length > 0,
      isBalanceHidden: ({ context }) => context.balanceHidden,
    },
  }).createMachine({
    id: 'wallet',
    context: ({ input }) => ({
      userWallet: null,
      communityWallets: [],
      status: null,
      personal: [],
      community: [],
      balanceHidden: input.balanceHidden,
      openTransaction: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadWallets',
          src: 'loadWallets',
          onDone: [
            {
              guard: { type: 'hasNoUserWallet', params: ({ event }) => ({ loaded: event.output }) },
              target: 'creating',
              actions: assign(({ event }) => ({ ...event.output })),
            },
            { target: 'loadingHistory', actions: assign(({ event }) => ({ ...event.output })) },
          ],
          onError: expiredOrFailed,
        },
      },
      creating: {
        tags: ['busy'],
        invoke: {
          id: 'createWallet',
          src: 'createWallet',
          input: ({ context }) => ({ status: context.status }),
          onDone: {
            target: 'loadingHistory',
            actions: assign(({ event }) => ({ ...event.output })),
          },
          onError: [
            expiredOn401,
            // No personal wallet to show: 'No user wallet information available'.
            { target: 'loadingHistory', actions: logCallError },
          ],
        },
      },
      loadingHistory: {
        tags: ['busy'],
        invoke: {
          id: 'loadHistories',
          src: 'loadHistories',
          input: ({ context }) => ({
            personalId: context.userWallet?.id ?? null,
            communityId: context.communityWallets[0]?.id ?? null,
          }),
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({
              personal: event.output.personal,
              community: event.output.community,
            })),
          },
          // A history that cannot be read is an empty list (spec, section 8).
          onError: { target: 'ready', actions: logCallError },
        },
      },
      ready: {
        type: 'parallel',
        on: {
          'transaction.toggled': {
            actions: assign({
              openTransaction: ({ context, event }) =>
                context.openTransaction === event.id ? null : event.id,
            }),
          },
        },
        states: {
          tab: {
            initial: 'personal',
            states: {
              personal: {
                on: { 'communityTab.chosen': { guard: 'hasCommunityWallet', target: 'community' } },
              },
              community: { on: { 'personalTab.chosen': 'personal' } },
            },
          },
          balance: {
            initial: 'deciding',
            states: {
              deciding: {
                always: [{ guard: 'isBalanceHidden', target: 'hidden' }, { target: 'shown' }],
              },
              hidden: { on: { 'balance.shown': balanceTo(false) } },
              shown: { on: { 'balance.hidden': balanceTo(true) } },
            },
          },
        },
      },
      ...loadEndings('wallet.retried'),
    },
  }),
)
