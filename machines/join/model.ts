import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type JoinInput, joinMachine } from './machine'

const invite = {
  communityId: '00000000-0000-4000-8000-00000000c001',
  communityName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
  email: 'bisi@example.com',
}

const inputs: Record<string, JoinInput> = {
  'a signed-in invitee': { ...invite, signedIn: true },
  'an invitee not logged in': { ...invite, signedIn: false },
  'a link without a community': { ...invite, communityId: '', signedIn: true },
}

export const joinModel = defineModel(joinMachine, {
  description:
    "/join-community: 'Accept Invite' joins and goes to /menu; 'Invalid Community ID', 'Invalid invite' or 'An error occurred while processing the request' otherwise; without a login, /login with the e-mail.",
  inputs,
  events: {
    ...callEndings(
      'joinCommunity',
      [{ status: 'success' }, { status: 'error' }],
      [
        sessionEnded,
        { error: new ApiError(403, 'This invite is for another e-mail address.') },
        connectionLost,
      ],
    ),
  },
})
