import { fromPromise } from 'xstate'
import type { Api, components } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'

import type { TopUpRequest, TopUpStarted } from './machine'

type PaymentInitiation = components['schemas']['PaymentInitiation']

/** The spec's top-up payload (section 7): amounts in kobo, NGN, plan 'topup', the wallet's id. */
export function topUpPayload(request: TopUpRequest): PaymentInitiation {
  const amountMinor = request.amount * 100
  return {
    callbackUrl: request.callbackUrl,
    email: request.email,
    payment: {
      Amount: amountMinor,
      Currency: 'NGN' as const,
      Account: [request.userId],
      Plan: 'topup',
      walletId: request.walletId,
    },
    booking: {
      Email: request.email,
      Name: request.name,
      Type: 'wallet-topup' as const,
      Amount: amountMinor,
      'Paid with': 'paystack' as const,
      'Payment Reference': null,
    },
  } satisfies PaymentInitiation
}

export const topUpActors = (api: Api) => ({
  initiateTopUp: fromPromise<TopUpStarted, TopUpRequest>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) =>
        api.POST('/payments/initiate', {
          // openapi-fetch's one-of typing cannot take a `null`-typed key ('Payment
          // Reference'); the body is checked against the contract's own type in topUpPayload.
          body: topUpPayload(input) as never,
          ...attempt,
        }),
      signal,
    )
    const url = (body as { data?: { authorization_url?: unknown } }).data?.authorization_url
    return { authorizationUrl: typeof url === 'string' && url !== '' ? url : null }
  }),
})
