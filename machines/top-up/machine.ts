import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { expiredOn401In, loadCallActions } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import { canTopUp, formatTopUpInput, parseTopUp } from '../rules/topup'

export interface TopUpInput {
  userId: string
  email: string
  name: string
  /** Where the provider sends the browser back: the site's origin + /profile/wallet. */
  callbackUrl: string
}

export interface TopUpRequest {
  /** Whole naira, at least MIN_TOPUP. */
  amount: number
  walletId: string
  userId: string
  email: string
  name: string
  callbackUrl: string
}

/** What starting the payment gave: the provider's address, or null when the answer had none. */
export interface TopUpStarted {
  authorizationUrl: string | null
}

/** Shown when the provider's answer has no address to go to ('Invalid payment response'). */
export const INVALID_PAYMENT_MESSAGE =
  "We couldn't start the payment: the payment service gave no checkout address. Please try again."

/**
 * Funding the wallet: the panel opens for a wallet, the amount is typed (digits only, grouped by
 * thousands, at least 1000), Top Up starts the card payment and the browser goes to the provider,
 * which sends it back to /profile/wallet. A 401 ends the session.
 */
export const topUpMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as TopUpInput,
      context: {} as TopUpInput & {
        walletId: string | null
        /** The amount as the field shows it ('5,000'). */
        amountText: string
        error: string | null
      },
      events: {} as
        | { type: 'topUp.opened'; walletId: string }
        | { type: 'topUp.closed' }
        | { type: 'amount.changed'; text: string }
        | { type: 'topUp.submitted' },
      tags: {} as 'busy' | 'expired',
    },
    actors: {
      initiateTopUp: callStub<TopUpStarted, TopUpRequest>('initiateTopUp'),
    },
    actions: {
      redirectToProvider: (_, _params: { url: string }) => {},
      ...loadCallActions,
    },
    guards: {
      canSubmit: ({ context }) =>
        context.walletId !== null && canTopUp(parseTopUp(context.amountText)),
      hasAuthorizationUrl: (_, params: { started: TopUpStarted }) =>
        typeof params.started.authorizationUrl === 'string' &&
        params.started.authorizationUrl !== '',
      ...sessionGuards,
    },
  }).createMachine({
    id: 'topUp',
    context: ({ input }) => ({ ...input, walletId: null, amountText: '', error: null }),
    initial: 'closed',
    states: {
      closed: {
        on: {
          'topUp.opened': {
            target: 'open',
            actions: assign({
              walletId: ({ event }) => event.walletId,
              amountText: '',
              error: null,
            }),
          },
        },
      },
      open: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              'amount.changed': {
                actions: assign({
                  amountText: ({ event }) => formatTopUpInput(event.text),
                  error: null,
                }),
              },
              'topUp.submitted': { guard: 'canSubmit', target: 'submitting' },
              'topUp.closed': { target: '#topUp.closed' },
            },
          },
          submitting: {
            tags: ['busy'],
            invoke: {
              id: 'initiateTopUp',
              src: 'initiateTopUp',
              input: ({ context }) => ({
                amount: parseTopUp(context.amountText) ?? 0,
                walletId: context.walletId ?? '',
                userId: context.userId,
                email: context.email,
                name: context.name,
                callbackUrl: context.callbackUrl,
              }),
              onDone: [
                {
                  guard: {
                    type: 'hasAuthorizationUrl',
                    params: ({ event }) => ({ started: event.output }),
                  },
                  target: '#topUp.redirecting',
                  actions: {
                    type: 'redirectToProvider',
                    params: ({ event }) => ({ url: event.output.authorizationUrl ?? '' }),
                  },
                },
                {
                  target: 'editing',
                  actions: [
                    {
                      type: 'logError',
                      params: () => ({ error: new Error('Invalid payment response') }),
                    },
                    assign({ error: INVALID_PAYMENT_MESSAGE }),
                  ],
                },
              ],
              onError: [
                expiredOn401In('topUp'),
                {
                  target: 'editing',
                  actions: [
                    logCallError,
                    assign({
                      error: ({ event }) =>
                        event.error instanceof ApiError
                          ? `We couldn't start the payment: ${refusalWords(event.error)}`
                          : "We couldn't reach the payment service. Check your connection and try again.",
                    }),
                  ],
                },
              ],
            },
          },
        },
      },
      redirecting: { tags: ['busy'] },
      sessionExpired: { tags: ['expired'] },
    },
  }),
)
