import { ApiError } from '../../openapi/client'
import type { BookingPayment, WalletDebitRequest } from '../calls/booking'
import { callEndings, defineModel } from '../flow-model'
import { checkoutMachine } from './machine'

const origin = 'https://sixteen.example'

/** Ada's wallet (₦100,000) and her community's (₦50,000), as GET /wallets answers them. */
const adaWallet = { id: '00000000-0000-4000-8000-00000000a001', Balance: 10_000_000 }
const collectiveWallet = { id: '00000000-0000-4000-8000-00000000c001', Balance: 5_000_000 }

/**
 * The read of the wallets as a paying flow's panel opens, for the flows' models: her own wallet
 * and her community's, both able to pay; her own only, funded; her own only with ₦1,000 left
 * (less than any booking); a 401 (the session is over); the network down (a retry).
 */
export const walletReadEvents = {
  ...callEndings(
    'loadWallets',
    [
      { userWallet: adaWallet, communityWallets: [collectiveWallet] },
      { userWallet: adaWallet, communityWallets: [] },
      { userWallet: { ...adaWallet, Balance: 100_000 }, communityWallets: [] },
    ],
    [
      { error: new ApiError(401, 'Login session has expired') },
      { error: new TypeError('Failed to fetch') },
    ],
  ),
}

/** A paid ticket of Ada's, as every booking flow hands it over (the flows' own tests check them). */
const booking = {
  Email: 'ada@example.com',
  Name: 'Ada Okafor',
  Event: 'risograph-workshop',
  Type: 'event',
  Venue: 'Print Studio',
  Date: '2026-11-29',
  Amount: 1_000_000,
  'Time Slot': '12pm - 4pm',
  'Paid with': 'paystack',
  'Payment Reference': null,
  Phone: '+234 803 555 0101',
  metadata: null,
  Visitors: 0,
  'Names of Visitors': null,
} satisfies BookingPayment['booking']

const payment: BookingPayment = {
  callbackUrl: `${origin}/profile/bookings`,
  email: 'ada@example.com',
  payment: {
    Amount: 1_000_000,
    Currency: 'NGN',
    Account: ['00000000-0000-4000-8000-000000000001'],
    Plan: null,
  },
  booking,
}

const debit = (walletId: string, paidWith: 'wallet' | 'community-wallet'): WalletDebitRequest => ({
  walletId,
  body: {
    debitAmount: 1_000_000,
    narration: 'Risograph Workshop',
    booking: { ...booking, 'Paid with': paidWith, 'Payment Reference': 'Wallet transaction' },
  },
})

const expired = new ApiError(401, 'Login session has expired')

export const checkoutModel = defineModel(checkoutMachine, {
  description:
    "Paying, invoked by every booking flow: a card payment started, then the browser on the provider's page (back again if the page is restored), or a wallet debit (the booking made; a refusal shows, then the page reloads after 5 s); a 401 ends the session; the flow reads how it ended.",
  inputs: {
    'by card': { method: 'card', payment },
    'from her own wallet': {
      method: 'personal',
      debit: debit('00000000-0000-4000-8000-00000000a001', 'wallet'),
    },
    "from her community's wallet": {
      method: 'community',
      debit: debit('00000000-0000-4000-8000-00000000c001', 'community-wallet'),
    },
  },
  events: {
    ...callEndings(
      'initiatePayment',
      [`${origin}/api/payments/sandbox/checkout/ref_1`],
      [{ error: expired }, { error: new ApiError(409, 'Sold out') }],
    ),
    ...callEndings(
      'debitWallet',
      [{ transaction: null }],
      [
        { error: expired },
        { error: new ApiError(402, 'Your wallet balance is too low for this payment.') },
      ],
    ),
  },
})
