import { connectionLost, sampleAccount, sampleCommunity, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import { profileMachine } from './machine'

export const profileModel = defineModel({
  machine: profileMachine,
  description:
    "A member's profile and community are read; a failure can be retried; a 401 ends the session.",
  inputs: { 'signed in': undefined },
  events: {
    'xstate.done.actor.loadProfile': [
      { output: { account: sampleAccount('Active'), community: null } },
      { output: { account: sampleAccount('Active'), community: sampleCommunity('Active') } },
    ],
    'xstate.error.actor.loadProfile': [sessionEnded, connectionLost],
  },
})
