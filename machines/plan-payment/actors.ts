import { fromPromise } from 'xstate'
import type { Api, components } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import { planAmountMinor } from '../rules/membership'
import type { PlanAuthorization, PlanPaymentRequest } from './machine'

/** Who pays and where the provider sends the browser back. */
export interface Payer {
  userId: string
  email: string
  callbackUrl: string
}

export const planPaymentActors = (api: Api, payer: () => Payer) => ({
  initiatePayment: fromPromise<PlanAuthorization, PlanPaymentRequest>(async ({ input, signal }) => {
    const { userId, email, callbackUrl } = payer()
    const initiation: components['schemas']['PaymentInitiation'] = {
      callbackUrl,
      email,
      payment: {
        Amount: planAmountMinor(input.plan, input.currency),
        Currency: input.currency,
        Account: [userId],
        Plan: input.plan.id,
      },
      booking: { Reference: null, Account: [userId], Plan: input.plan.id },
    }
    const body = await writeOnce(
      // openapi-fetch's one-of typing cannot take a `null`-typed key (MembershipPurchase's
      // Reference); the body is checked against the contract's own type above.
      (attempt) => api.POST('/payments/initiate', { body: initiation as never, ...attempt }),
      signal,
    )
    return body.data ?? {}
  }),
})
