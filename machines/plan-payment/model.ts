import { ApiError } from '../../openapi/client'
import { sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { planPaymentMachine } from './machine'

export const planPaymentModel = defineModel(planPaymentMachine, {
  description:
    'A plan is paid by card in USD or NGN: the browser goes to the provider; a broken answer or a failure can be retried; a 401 ends the session.',
  inputs: {
    'no plan passed': { planId: null },
    'a chosen plan': { planId: 'community-6' },
    'an unknown plan': { planId: 'platinum' },
  },
  events: {
    'currency.chosen': [{ currency: 'USD' }, { currency: 'NGN' }],
    ...callEndings(
      'initiatePayment',
      [{ authorization_url: 'https://checkout.example.com/pay/abc' }, { authorization_url: '' }],
      [sessionEnded, { error: new ApiError(502, 'The payment provider did not answer.') }],
    ),
  },
})
