import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type Payment, paymentsListMachine } from './machine'

const payment: Payment = {
  id: '00000000-0000-4000-8000-0000000000d1',
  Reference: 'SBX-4f1c2a9e7d',
  Plan: 'individual-6m',
  Purpose: 'membership',
  For: 'Individual · 6 months',
  Currency: 'NGN',
  Channel: 'card',
  Amount: 25_000_000,
  'Created at': '2026-06-01T10:00:00.000Z',
  Status: 'success',
  Refund: null,
}

export const paymentsListModel = defineModel(paymentsListMachine, {
  description:
    "A member's payments are listed (or none); a failure can be retried; a 401 ends the session.",
  inputs: { 'signed in': { userId: '00000000-0000-4000-8000-000000000001' } },
  events: callEndings('loadPayments', [[payment], []], [sessionEnded, connectionLost]),
})
