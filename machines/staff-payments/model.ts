import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded, staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type StaffPayment, staffPaymentsMachine } from './machine'

/** Ada's booking paid from her wallet, as the staff's search lists it. */
export const walletPayment: StaffPayment = {
  id: '00000000-0000-4000-8000-0000000000e1',
  method: 'wallet',
  reference: null,
  channel: null,
  email: 'ada@example.com',
  name: 'Ada Okafor',
  what: 'Rooftop Jazz',
  amountMinor: 1_000_000,
  currency: 'NGN',
  at: '2026-11-23T17:40:00.000Z',
  status: 'paid',
  refundable: true,
  refund: null,
}

/** Kemi's membership, paid by card. */
const cardPayment: StaffPayment = {
  ...walletPayment,
  id: '00000000-0000-4000-8000-0000000000e3',
  method: 'card',
  reference: 'MEM-3F9K2Q7ZLA1',
  email: 'kemi@example.com',
  name: 'Kemi Adeyemi',
  what: 'Membership: 6 months',
  amountMinor: 15_000_000,
}

/** A wallet top-up by card: spent from the wallet, so not refunded here. */
const topUp: StaffPayment = {
  ...walletPayment,
  id: '00000000-0000-4000-8000-0000000000e2',
  method: 'card',
  reference: 'TOPUP-7PVGX8MEK85',
  what: 'Wallet top-up',
  amountMinor: 2_500_000,
  refundable: false,
}

/** The reason staff write for the payer. */
export const REFUND_REASON =
  'The rooftop was closed for rain and the concert moved indoors with half the seats. We are sorry.'

export const REFUNDED: StaffPayment = {
  ...walletPayment,
  status: 'refunded',
  refundable: false,
  refund: {
    at: '2026-11-24T09:30:00.000Z',
    reason: REFUND_REASON,
    by: 'Oluwaseun Adebayo-Okonkwo',
    walletBalanceMinor: 3_500_000,
  },
}

/** Another member of staff refunded it first. */
export const refundedMeanwhile = {
  error: new ApiError(409, 'This payment was already refunded on Nov 24, 2026.'),
}

export const staffPaymentsModel = defineModel(staffPaymentsMachine, {
  description:
    'Staff find payments by reference, e-mail or name (or read the latest), and refund one in full with a reason for the payer; a blank reason is refused in the form; a refund refused because it was refunded meanwhile says so and reads the list again; a failed refund can be sent again; a top-up is not refunded here; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'front desk': undefined },
  events: {
    ...callEndings('searchPayments', [[walletPayment, cardPayment, topUp], []], staffReadFailures),
    'search.submitted': [{ query: 'ada@example.com' }],
    'refund.started': [{ id: walletPayment.id }, { id: cardPayment.id }, { id: topUp.id }],
    'reason.changed': [{ reason: REFUND_REASON }],
    ...callEndings(
      'refund',
      [REFUNDED],
      [sessionEnded, connectionLost, notStaff, refundedMeanwhile],
    ),
  },
})
