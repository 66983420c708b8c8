import { assign, setup } from 'xstate'
import {
  type BookingPayment,
  errorParams,
  logCallError,
  type WalletDebitRequest,
  type WalletKind,
} from '../calls/booking'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

/** How a person pays: by card (the provider's page), or from their own or their community's wallet. */
export type PaymentMethod = 'card' | WalletKind

/** What the flow hands the checkout when the person pays: the method and its request. */
export type CheckoutInput =
  | { method: 'card'; payment: BookingPayment }
  | { method: WalletKind; debit: WalletDebitRequest }

/** How the checkout ended, for the flow that invoked it. */
export type CheckoutOutcome = 'paid' | 'refused' | 'expired' | 'returned'

/**
 * The checkout's output (its done event's `output`): paid (a wallet paid, the booking is made);
 * refused (the card payment could not start: `error` says why, nothing was charged); expired (a
 * 401); returned (the browser came back from the provider's page without paying).
 */
export interface CheckoutOutput {
  outcome: CheckoutOutcome
  error: unknown
}

export interface CheckoutContext {
  method: PaymentMethod
  payment: BookingPayment | null
  debit: WalletDebitRequest | null
  /** The failed call's error, while the wallet's refusal shows (the flow words it). */
  error: unknown
  outcome: CheckoutOutcome | null
}

export type CheckoutEvent = { type: 'payment.returned' }

/**
 * Paying, the one way every booking flow takes money (RSVP, co-working, the print studio and its
 * 'Book again' form): invoked as a child with the request, it starts a card payment and sends the
 * browser to the provider's page, or debits a wallet (the server books in the same step). A
 * wallet's refusal shows for 5 s, then the page reloads (fresh balances and places); a 401 ends
 * the session. The flow reads its done event's output.
 */
export const checkoutMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CheckoutInput,
      context: {} as CheckoutContext,
      events: {} as CheckoutEvent,
      output: {} as CheckoutOutput,
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      initiatePayment: callStub<string, BookingPayment>('initiatePayment'),
      debitWallet: callStub<unknown, WalletDebitRequest>('debitWallet'),
    },
    actions: {
      settle: assign((_, params: { outcome: CheckoutOutcome }) => ({ outcome: params.outcome })),
      keepError: assign((_, params: { error: unknown }) => ({ error: params.error })),
      /** The browser goes to the card provider's checkout. */
      redirectToPayment: (_, _params: { url: string }) => {},
      /** After a refused wallet payment the page reloads (spec: 5 s later). */
      reloadPage: () => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      ...sessionGuards,
      isCard: ({ context }) => context.method === 'card',
    },
    delays: { walletFailureReload: 5000 },
  }).createMachine({
    id: 'checkout',
    context: ({ input }) => ({
      method: input.method,
      payment: input.method === 'card' ? input.payment : null,
      debit: input.method === 'card' ? null : input.debit,
      error: null,
      outcome: null,
    }),
    initial: 'starting',
    output: ({ context }) => ({ outcome: context.outcome ?? 'refused', error: context.error }),
    states: {
      starting: {
        always: [{ guard: 'isCard', target: 'initiating' }, { target: 'debiting' }],
      },
      // The server holds the place and answers the provider's checkout address.
      initiating: {
        tags: ['busy'],
        invoke: {
          id: 'initiatePayment',
          src: 'initiatePayment',
          input: ({ context }) => context.payment as BookingPayment,
          onDone: {
            target: 'redirecting',
            actions: { type: 'redirectToPayment', params: ({ event }) => ({ url: event.output }) },
          },
          onError: [
            expiredOn401,
            {
              target: 'refused',
              actions: [logCallError, { type: 'keepError', params: errorParams }],
            },
          ],
        },
      },
      // On the way to the provider's page ('Please wait'); back if the browser restores the page.
      redirecting: {
        tags: ['busy'],
        on: { 'payment.returned': 'returned' },
      },
      // The debit and the booking commit together on the server.
      debiting: {
        tags: ['busy'],
        invoke: {
          id: 'debitWallet',
          src: 'debitWallet',
          input: ({ context }) => context.debit as WalletDebitRequest,
          onDone: 'paid',
          onError: [
            expiredOn401,
            {
              target: 'walletFailed',
              actions: [logCallError, { type: 'keepError', params: errorParams }],
            },
          ],
        },
      },
      // The refusal shows; 5 s later the page reloads (spec).
      walletFailed: {
        tags: ['error'],
        after: { walletFailureReload: { target: 'reloading', actions: 'reloadPage' } },
      },
      reloading: { tags: ['busy'] },
      paid: { type: 'final', entry: { type: 'settle', params: { outcome: 'paid' } } },
      refused: { type: 'final', entry: { type: 'settle', params: { outcome: 'refused' } } },
      returned: { type: 'final', entry: { type: 'settle', params: { outcome: 'returned' } } },
      // A 401: the session-expiry banner says so and goes to /login.
      sessionExpired: {
        type: 'final',
        tags: ['expired'],
        entry: { type: 'settle', params: { outcome: 'expired' } },
      },
    },
  }),
)

/**
 * The parent's side, shared by every paying flow: the first branches of its onDone for the
 * checkout's invoke (`{ id: 'checkout', src: 'checkout' }`, so the done event is
 * `xstate.done.actor.checkout`). `paid` is the flow's state for a booking made (a flow that only
 * takes cards has none), `returned` its state for a browser back from the provider's page (for a
 * flow that listens for it); an expired session goes to the invoking
 * state's sibling `sessionExpired`. The flow's last branch is a card payment that could not start
 * (`event.output.error`, worded by the flow). The flow declares the `hasOutcome` guard.
 */
export function checkoutOutcomes(targets: { paid?: string; returned?: string }) {
  const outcome = (wanted: CheckoutOutcome) => ({
    type: 'hasOutcome' as const,
    params: ({ event }: { event: { output: CheckoutOutput } }) => ({
      output: event.output,
      outcome: wanted,
    }),
  })
  const paid = targets.paid ? [{ guard: outcome('paid'), target: targets.paid }] : []
  const returned = targets.returned
    ? [{ guard: outcome('returned'), target: targets.returned }]
    : []
  return [...paid, { guard: outcome('expired'), target: 'sessionExpired' }, ...returned] as const
}

/** The guard `checkoutOutcomes` names: how the checkout ended. */
export const checkoutGuards = {
  hasOutcome: (_: unknown, params: { output: CheckoutOutput; outcome: CheckoutOutcome }) =>
    params.output.outcome === params.outcome,
}
