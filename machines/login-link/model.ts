import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type LoginLinkInput, loginLinkMachine } from './machine'

const inputs: Record<string, LoginLinkInput> = {
  'nothing in the address': { email: null },
  'an e-mail in the address': { email: 'ada@example.com' },
}

export const loginLinkModel = defineModel(loginLinkMachine, {
  description:
    "/login: 'Send Login Link' once the e-mail is valid (locked when the address names it); success goes to /login-sent, a failure says 'Account not found'.",
  inputs,
  events: {
    'email.changed': [{ value: 'ada@' }, { value: 'ada@example.com' }],
    ...callEndings(
      'requestLoginLink',
      [undefined],
      [{ error: new ApiError(404, 'No account has this e-mail address.') }, connectionLost],
    ),
  },
})
