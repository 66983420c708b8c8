import { fromPromise } from 'xstate'
import { type Api, expectData } from '../openapi/client'
import type {
  StudioDebitRequest,
  StudioOptions,
  StudioPaymentRequest,
} from './print-studio.machine'
import { printStudioPriceKobo } from './rules/pricing'

/** Starts a card payment for a session and returns the provider's authorization address. */
export const initiateStudioPayment = (api: Api) =>
  fromPromise<string, StudioPaymentRequest>(async ({ input, signal }) => {
    const body = await expectData(
      api.POST('/payments/initiate', {
        body: {
          callbackUrl: input.callbackUrl,
          email: input.email,
          payment: {
            Amount: printStudioPriceKobo(),
            Currency: 'NGN',
            Account: input.account === null ? null : [input.account],
            Plan: null,
          },
          booking: input.booking,
        },
        signal,
      }),
    )
    return body.data.authorization_url
  })

/** Whether the studio takes bookings and on which days, loaded together. */
export const loadStudioOptions = (api: Api) =>
  fromPromise<StudioOptions>(async ({ signal }) => {
    const [items, days] = await Promise.all([
      expectData(api.GET('/schedules/print-studio', { signal })),
      expectData(api.GET('/events/available-days/print-studio', { signal })),
    ])
    return { items: items.data, days: days.data }
  })

export const printStudioActors = (api: Api) => ({
  loadStudio: loadStudioOptions(api),
  initiatePayment: initiateStudioPayment(api),
  debitWallet: fromPromise<unknown, StudioDebitRequest>(async ({ input, signal }) => {
    const body = await expectData(
      api.POST('/wallets/debit/{walletId}', {
        params: { path: { walletId: input.walletId } },
        body: {
          debitAmount: input.debitAmount,
          narration: input.narration,
          booking: input.booking,
        },
        signal,
      }),
    )
    return body.data
  }),
})
