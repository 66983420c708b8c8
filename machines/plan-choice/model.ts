import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { PLANS } from '../rules/membership'
import { planChoiceMachine } from './machine'

export const planChoiceModel = defineModel(planChoiceMachine, {
  description:
    'The plans on offer are read (a failure can be retried); choosing one goes on to pay.',
  inputs: { 'signed in': undefined },
  events: {
    ...callEndings('loadPlans', [PLANS], [connectionLost]),
    'plan.chosen': [{ id: 'individual-12m' }, { id: 'no-such-plan' }],
  },
})
