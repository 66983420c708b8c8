import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { RefundRequest, StaffPayment } from './machine'

export const staffPaymentsActors = (api: Api) => ({
  searchPayments: fromPromise<StaffPayment[], { query: string }>(async ({ input, signal }) => {
    const query = input.query ? { q: input.query } : {}
    const body = await expectData(api.GET('/staff/payments', { params: { query }, signal }))
    return body.payments
  }),
  // Money goes back once, however often the answer is lost on the way (Idempotency-Key).
  refund: fromPromise<StaffPayment, RefundRequest>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/staff/payments/{paymentId}/refund', {
          params: { path: { paymentId: input.id } },
          body: { method: input.method, reason: input.reason },
          ...attempt,
        }),
      signal,
    ),
  ),
})
