import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { PLANS } from '../rules/membership'
import { plansMachine } from './machine'

export const plansModel = defineModel(plansMachine, {
  description:
    'The rates on /membership: a skeleton while the plans load, then the rates; a failure shows Try again.',
  inputs: { 'the membership page': undefined },
  events: callEndings(
    'loadPlans',
    [[...PLANS]],
    [{ error: new ApiError(501, 'Not implemented') }, connectionLost],
  ),
})
