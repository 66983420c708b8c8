import { ApiError } from '../../openapi/client'
import { connectionLost, sampleAccount, sampleCommunity, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { communitySizeMachine } from './machine'

const creator = { ...sampleAccount('Inactive'), 'Email Address': 'zainab@example.com' }

export const communitySizeModel = defineModel(communitySizeMachine, {
  description:
    "A community's creator picks its size (Save needs one) and goes on to pay; Cancel and Close leave; an active membership goes to the menu.",
  inputs: { 'signed in': undefined },
  limit: 300,
  events: {
    ...callEndings(
      'loadCommunity',
      [
        { account: creator, community: sampleCommunity('Community - Pending') },
        { account: creator, community: sampleCommunity('Active') },
        { account: creator, community: null },
      ],
      [sessionEnded, connectionLost],
    ),
    'size.chosen': [{ size: 6 }, { size: 12 }],
    'xstate.error.actor.saveSize': [
      sessionEnded,
      { error: new ApiError(409, 'The community already has more members than that.') },
    ],
  },
})
