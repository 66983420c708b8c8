import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { topUpMachine } from './machine'

export const topUpModel = defineModel(topUpMachine, {
  description:
    'Funding the wallet: the panel opens, the amount is typed (digits only, at least 1000), Top Up starts the card payment and goes to the provider; a missing address or a failure is told and can be tried again; a 401 ends the session.',
  inputs: {
    'active member': {
      userId: '00000000-0000-4000-8000-000000000001',
      email: 'ada@example.com',
      name: 'Ada Obi',
      callbackUrl: 'http://localhost/profile/wallet',
    },
  },
  events: {
    'topUp.opened': [{ walletId: '00000000-0000-4000-8000-0000000000a1' }],
    'amount.changed': [{ text: '5000' }, { text: '9a9' }, { text: '' }],
    ...callEndings(
      'initiateTopUp',
      [{ authorizationUrl: 'http://localhost/sandbox/checkout/abc' }, { authorizationUrl: null }],
      [
        sessionEnded,
        { error: new ApiError(400, 'The smallest top-up is ₦1,000.') },
        connectionLost,
      ],
    ),
  },
})
