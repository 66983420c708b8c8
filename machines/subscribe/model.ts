import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { subscribeMachine } from './machine'

export const subscribeModel = defineModel(subscribeMachine, {
  description:
    "The teaser's mailing list: a valid e-mail enables Subscribe; 'Please wait', then a 'Subscribed' banner and a reload 6 s later; a failure says so.",
  inputs: { 'the teaser page': undefined },
  events: {
    'email.changed': [{ value: 'tolu@' }, { value: 'tolu@example.com' }],
    ...callEndings(
      'subscribe',
      [undefined],
      [{ error: new ApiError(429, 'Too many requests. Try again in a minute.') }, connectionLost],
    ),
  },
})
