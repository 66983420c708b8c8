import { ApiError } from '../../openapi/client'
import { connectionLost, sampleAccount, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { profileEditMachine } from './machine'

const account = {
  ...sampleAccount('Active'),
  'First Name': ['Ada'],
  'Last Name': ['Okafor'],
  'Phone Number': ['+234 803 555 0101'],
}
const withPicture = { ...account, Picture: '/media/avatars/ada.webp' }

export const profileEditModel = defineModel(profileEditMachine, {
  description:
    'Edit name and phone and save them; upload or remove the picture; refusals shown, a 401 ends the session.',
  inputs: { 'signed in': undefined },
  limit: 5000,
  events: {
    ...callEndings('loadProfile', [account, withPicture], [sessionEnded, connectionLost]),
    'field.changed': [
      { field: 'firstName', value: 'Adaeze' },
      { field: 'phone', value: 'call me' },
    ],
    ...callEndings(
      'saveProfile',
      [{ ...account, 'First Name': ['Adaeze'] }],
      [sessionEnded, { error: new ApiError(400, 'Phone Number must match pattern') }],
    ),
    'picture.chosen': [
      { file: { type: 'image/png', size: 48_000 } },
      { file: { type: 'image/gif', size: 48_000 } },
    ],
    ...callEndings(
      'uploadPicture',
      [withPicture],
      [sessionEnded, { error: new ApiError(413, 'The picture is larger than 5 MB.') }],
    ),
    ...callEndings('removePicture', [account], [sessionEnded, connectionLost]),
  },
})
