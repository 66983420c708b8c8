import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { PaymentOutcome } from './machine'

export const paymentReturnActors = (api: Api) => ({
  verifyPayment: fromPromise<PaymentOutcome, { reference: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/payments/verify/{reference}', {
        params: { path: { reference: input.reference } },
        signal,
      }),
    )
    return body.data
  }),
})
