import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { loadCallActions } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import { DEFAULT_PLAN, findPlan, type Plan } from '../rules/membership'

export type PlanCurrency = components['schemas']['Currency']

export interface PlanPaymentInput {
  /** The `?plan=` of the address; null when none is passed (the default plan then). */
  planId: string | null
}

/** What the payment call needs from the machine; the page adds who pays and where to return. */
export interface PlanPaymentRequest {
  plan: Plan
  currency: PlanCurrency
}

/** The provider's answer: where the browser goes to pay (missing in a broken answer). */
export interface PlanAuthorization {
  authorization_url?: string | null
}

/** The error catalogue's text for an answer without an authorization address. */
export const INVALID_PAYMENT_RESPONSE = 'Invalid payment response'

/**
 * /profile/payment/confirm: a plan's summary and card payment in USD or NGN. The payment call
 * answers the provider's authorization address and the browser goes there; a 401 ends the
 * session out loud ('Login session has expired', then /login 3 s later).
 */
export const planPaymentMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as PlanPaymentInput,
      context: {} as {
        planId: string | null
        plan: Plan | null
        currency: PlanCurrency | null
        error: string | null
      },
      events: {} as { type: 'currency.chosen'; currency: PlanCurrency },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      initiatePayment: callStub<PlanAuthorization, PlanPaymentRequest>('initiatePayment'),
    },
    actions: {
      redirectToProvider: (_, _params: { url: string }) => {},
      ...loadCallActions,
    },
    guards: {
      isKnownPlan: ({ context }) => context.plan !== null,
      hasAuthorizationUrl: (_, params: { authorization: PlanAuthorization }) =>
        typeof params.authorization.authorization_url === 'string' &&
        params.authorization.authorization_url !== '',
      ...sessionGuards,
    },
  }).createMachine({
    id: 'planPayment',
    context: ({ input }) => ({
      planId: input.planId,
      plan: input.planId ? findPlan(input.planId) : DEFAULT_PLAN,
      currency: null,
      error: null,
    }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'isKnownPlan', target: 'ready' }, { target: 'unknownPlan' }],
      },
      unknownPlan: { tags: ['error'] },
      ready: {
        on: {
          'currency.chosen': {
            target: 'paying',
            actions: assign({ currency: ({ event }) => event.currency, error: null }),
          },
        },
      },
      paying: {
        tags: ['busy'],
        invoke: {
          id: 'initiatePayment',
          src: 'initiatePayment',
          input: ({ context }) => ({
            plan: context.plan ?? DEFAULT_PLAN,
            currency: context.currency ?? 'NGN',
          }),
          onDone: [
            {
              guard: {
                type: 'hasAuthorizationUrl',
                params: ({ event }) => ({ authorization: event.output }),
              },
              target: 'redirecting',
              actions: {
                type: 'redirectToProvider',
                params: ({ event }) => ({ url: event.output.authorization_url ?? '' }),
              },
            },
            {
              target: 'ready',
              actions: [
                assign({ error: INVALID_PAYMENT_RESPONSE }),
                {
                  type: 'logError',
                  params: () => ({ error: new Error(INVALID_PAYMENT_RESPONSE) }),
                },
              ],
            },
          ],
          onError: [
            expiredOn401,
            {
              target: 'ready',
              actions: [
                assign({
                  error: ({ event }) =>
                    event.error instanceof ApiError
                      ? refusalWords(event.error)
                      : 'We could not reach the payment service. Please try again.',
                }),
                logCallError,
              ],
            },
          ],
        },
      },
      /** The browser is on its way to the provider's page. */
      redirecting: { tags: ['busy'] },
      sessionExpired: { tags: ['expired'] },
    },
  }),
)
