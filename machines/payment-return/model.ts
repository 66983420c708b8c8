import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { defineModel } from '../flow-model'
import { type PaymentOutcome, paymentReturnMachine } from './machine'

const outcome = (status: PaymentOutcome['status']): { output: PaymentOutcome } => ({
  output: { reference: 'SBX-4f1c2a9e7d', status, purpose: 'booking' },
})

export const paymentReturnModel = defineModel(paymentReturnMachine, {
  description:
    'Back from the card provider: the payment is verified and shown confirmed, declined, refunded or still pending (checked again); errors can be retried.',
  inputs: {
    'no reference': { reference: null },
    'back from the provider': { reference: 'SBX-4f1c2a9e7d' },
  },
  events: {
    'xstate.done.actor.verifyPayment': [
      outcome('success'),
      outcome('failed'),
      outcome('abandoned'),
      outcome('refunded'),
      outcome('pending'),
    ],
    'xstate.error.actor.verifyPayment': [
      { error: new ApiError(404, 'No payment has this reference.') },
      { error: new ApiError(400, 'reference must match pattern "^[A-Za-z0-9_.=-]+$".') },
      { error: new ApiError(501, 'Not implemented') },
      connectionLost,
    ],
  },
})
