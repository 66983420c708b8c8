import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { Payment } from './machine'

export const paymentsListActors = (api: Api) => ({
  loadPayments: fromPromise<Payment[], { userId: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/payments/{userId}', { params: { path: { userId: input.userId } }, signal }),
    )
    return body.payments
  }),
})
