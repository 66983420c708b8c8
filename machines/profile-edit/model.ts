import { ApiError } from '../../openapi/client'
import { connectionLost, sampleAccount, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import { profileEditMachine } from './machine'

const account = {
  ...sampleAccount('Active'),
  'First Name': ['Ada'],
  'Last Name': ['Okafor'],
  'Phone Number': ['+234 803 555 0101'],
}
const withPicture = { ...account, Picture: '/media/avatars/ada.webp' }

export const profileEditModel = defineModel({
  machine: profileEditMachine,
  description:
    'Edit name and phone and save them; upload or remove the picture; refusals shown, a 401 ends the session.',
  inputs: { 'signed in': undefined },
  limit: 5000,
  events: {
    'xstate.done.actor.loadProfile': [{ output: account }, { output: withPicture }],
    'xstate.error.actor.loadProfile': [sessionEnded, connectionLost],
    'form.changed': [
      { field: 'firstName', value: 'Adaeze' },
      { field: 'phone', value: 'call me' },
    ],
    'xstate.done.actor.saveProfile': [{ output: { ...account, 'First Name': ['Adaeze'] } }],
    'xstate.error.actor.saveProfile': [
      sessionEnded,
      { error: new ApiError(400, 'Phone Number must match pattern') },
    ],
    'picture.chosen': [
      { file: { type: 'image/png', size: 48_000 } },
      { file: { type: 'image/gif', size: 48_000 } },
    ],
    'xstate.done.actor.uploadPicture': [{ output: withPicture }],
    'xstate.error.actor.uploadPicture': [
      sessionEnded,
      { error: new ApiError(413, 'The picture is larger than 5 MB.') },
    ],
    'xstate.done.actor.removePicture': [{ output: account }],
    'xstate.error.actor.removePicture': [sessionEnded, connectionLost],
  },
})
