import { sampleAccount } from './fixtures'
import { defineModel } from './model'
import { viewerMachine } from './viewer.machine'

export const viewerModel = defineModel({
  machine: viewerMachine,
  description: 'Visitor, or a signed-in person whose profile makes them an active member or not.',
  inputs: { visitor: { signedIn: false }, 'signed in': { signedIn: true } },
  events: {
    'xstate.done.actor.loadProfile': [
      { output: sampleAccount('Active') },
      { output: sampleAccount('Inactive') },
    ],
  },
})
