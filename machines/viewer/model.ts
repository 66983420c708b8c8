import { ApiError } from '../../openapi/client'
import { sampleAccount, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { viewerMachine } from './machine'

export const viewerModel = defineModel(viewerMachine, {
  description:
    'Visitor, or a signed-in person whose profile makes them an active member or not; a dead token makes them a visitor quietly.',
  inputs: { visitor: { signedIn: false }, 'signed in': { signedIn: true } },
  events: {
    ...callEndings(
      'loadProfile',
      [sampleAccount('Active'), sampleAccount('Inactive')],
      [
        sessionEnded,
        { error: new ApiError(500, 'Something went wrong on our side. Please try again.') },
      ],
    ),
  },
})
