import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { inviteMachine } from './machine'

export const inviteModel = defineModel(inviteMachine, {
  description:
    "/invite/{code}: 'Verifying invite code', then a greeting and 'Complete your profile' for a pending invite, or 'This invite code has been used' / 'This invite code is not valid'.",
  inputs: {
    'a pending code': { code: 'WELCOME16' },
    'a code that cannot be one': { code: '!' },
  },
  events: {
    ...callEndings(
      'getInvite',
      [
        { 'First Name': 'Chioma', Status: 'Pending' },
        { 'First Name': 'Kemi', Status: 'Used' },
      ],
      [{ error: new ApiError(404, 'No invite has this code.') }, connectionLost],
    ),
  },
})
