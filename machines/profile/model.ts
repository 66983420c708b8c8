import { connectionLost, sampleAccount, sampleCommunity, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { profileMachine } from './machine'

export const profileModel = defineModel(profileMachine, {
  description:
    "A member's profile and community are read; a failure can be retried; a 401 ends the session.",
  inputs: { 'signed in': undefined },
  events: {
    ...callEndings(
      'loadProfile',
      [
        { account: sampleAccount('Active'), community: null },
        { account: sampleAccount('Active'), community: sampleCommunity('Active') },
      ],
      [sessionEnded, connectionLost],
    ),
  },
})
