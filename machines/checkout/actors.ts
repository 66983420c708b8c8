import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { BookingPayment, WalletDebitRequest } from '../calls/booking'
import { writeOnce } from '../calls/write-once'
import type { LoadedWallets } from '../rules/wallets'
import { checkoutMachine } from './machine'

// The calls of the booking flows (RSVP, co-working, print studio) that pay: the person's wallets,
// a card payment and a wallet debit.

/** GET /wallets: the person's own wallet (null when none yet) and their communities' wallets. */
export const readWallets = async (api: Api, signal?: AbortSignal) =>
  (await expectData(api.GET('/wallets', { signal }))).data

/** The wallets a booking panel offers, read when it opens; a guest's answer null, no call made. */
export const loadBookingWallets = (api: Api) =>
  fromPromise<LoadedWallets | null, { signedIn: boolean }>(({ input, signal }) =>
    input.signedIn ? readWallets(api, signal) : Promise.resolve(null),
  )

/** Starts a card payment for a booking and answers the provider's checkout address. */
export const initiateBookingPayment = (api: Api) =>
  fromPromise<string, BookingPayment>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) => api.POST('/payments/initiate', { body: input, ...attempt }),
      signal,
    )
    return body.data.authorization_url
  })

/** Debits a wallet for a booking; the server books it in the same step. */
export const postWalletDebit = (
  api: Api,
  { walletId, body }: WalletDebitRequest,
  signal: AbortSignal,
) =>
  writeOnce(
    (attempt) =>
      api.POST('/wallets/debit/{walletId}', { params: { path: { walletId } }, body, ...attempt }),
    signal,
  )

/** The wallet debit as an actor, for flows that only need to know it went through. */
export const debitWalletForBooking = (api: Api) =>
  fromPromise<unknown, WalletDebitRequest>(async ({ input, signal }) => {
    const body = await postWalletDebit(api, input, signal)
    return body.data
  })

/** The checkout's calls: a card payment started, or a wallet debited. */
export const checkoutActors = (api: Api) => ({
  initiatePayment: initiateBookingPayment(api),
  debitWallet: debitWalletForBooking(api),
})

/**
 * The checkout a flow invokes, with its calls: the flows' actors name it `checkout`; the page
 * provides the browser's side (the redirect, the reload) on top.
 */
export const checkoutWithCalls = (api: Api) =>
  checkoutMachine.provide({ actors: checkoutActors(api) })
