import { assign, fromPromise, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
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
        | { type: 'wallet.retry' }
        | { type: 'tab.personal' }
        | { type: 'tab.community' }
        | { type: 'balance.shown' }
        | { type: 'balance.hidden' }
        | { type: 'transaction.toggled'; id: string },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadWallets: fromPromise<WalletsLoaded>(async () => {
        throw new Error('loadWallets is not provided')
      }),
      createWallet: fromPromise<WalletsLoaded, { status: string | null }>(async () => {
        throw new Error('createWallet is not provided')
      }),
      loadHistories: fromPromise<
        WalletHistories,
        { personalId: string | null; communityId: string | null }
      >(async () => {
        throw new Error('loadHistories is not provided')
      }),
    },
    actions: {
      notifySessionExpired: () => {},
      rememberBalanceHidden: (_, _params: { hidden: boolean }) => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isSessionExpired: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.status === 401,
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
          onError: [
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          ],
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
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              // No personal wallet to show: 'No user wallet information available'.
              target: 'loadingHistory',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
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
          onError: {
            // A history that cannot be read is an empty list (spec, section 8).
            target: 'ready',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
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
                on: { 'tab.community': { guard: 'hasCommunityWallet', target: 'community' } },
              },
              community: { on: { 'tab.personal': 'personal' } },
            },
          },
          balance: {
            initial: 'deciding',
            states: {
              deciding: {
                always: [{ guard: 'isBalanceHidden', target: 'hidden' }, { target: 'shown' }],
              },
              hidden: {
                on: {
                  'balance.shown': {
                    target: 'shown',
                    actions: [
                      assign({ balanceHidden: false }),
                      { type: 'rememberBalanceHidden', params: { hidden: false } },
                    ],
                  },
                },
              },
              shown: {
                on: {
                  'balance.hidden': {
                    target: 'hidden',
                    actions: [
                      assign({ balanceHidden: true }),
                      { type: 'rememberBalanceHidden', params: { hidden: true } },
                    ],
                  },
                },
              },
            },
          },
        },
      },
      failed: { tags: ['error'], on: { 'wallet.retry': 'loading' } },
      sessionExpired: { tags: ['error'] },
    },
  }),
)
