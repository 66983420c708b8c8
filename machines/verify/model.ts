import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import type { LoginUser, VerifyInput } from './machine'
import { verifyMachine } from './machine'

const ada: LoginUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Okafor',
  phoneNumber: '+234 803 555 0101',
  subscriptionStatus: 'Active',
  staff: false,
  staffRole: null,
}

/** The front desk's Oluwaseun: the staff role, no membership. */
const staff: LoginUser = {
  id: '00000000-0000-4000-8000-000000000016',
  email: 'staff@example.com',
  name: 'Oluwaseun Adebayo-Okonkwo',
  phoneNumber: '+234 809 555 0161',
  subscriptionStatus: null,
  staff: true,
  staffRole: 'manager',
}

const inputs: Record<string, VerifyInput> = {
  'a link with a token': { token: 'kq3V9xQmT2bZ7yR1pL8sW4nC6dF0hJ5a' },
  'a link without a token': { token: null },
}

export const verifyModel = defineModel(verifyMachine, {
  description:
    "/verify: the token is spent; success stores the login and goes to /staff (staff), /menu (active) or /bye-laws; a missing or refused token says 'Invalid Login Token', a failed call 'An error occurred while verifying the token'.",
  inputs,
  events: {
    ...callEndings(
      'verifyMagicLink',
      [
        { token: 'session-token-ada', user: ada },
        { token: 'session-token-tunde', user: { ...ada, subscriptionStatus: null } },
        { token: 'session-token-staff', user: staff },
      ],
      [
        { error: new ApiError(401, 'This login link has expired or was already used.') },
        connectionLost,
      ],
    ),
  },
})
