import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type Community, communityMembersMachine } from './machine'

const community: Community = {
  id: '00000000-0000-4000-8000-0000000000c1',
  Name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
  Status: 'Active',
  'Membership Expiry': '2027-09-24T09:00:00.000Z',
  'Created At': '2026-09-24T09:00:00.000Z',
  Creator: 'zainab@example.com',
  'Number of Members': 4,
  Members: 'zainab@example.com,femi@example.com',
  'Pending Members': 'bisi@example.com',
}
const full: Community = { ...community, 'Pending Members': 'bisi@example.com,kemi@example.com' }

export const communityMembersModel = defineModel(communityMembersMachine, {
  description:
    "The creator's community: members and pending members listed; Add member while places are left (a valid, new e-mail); Remove anyone but the creator after 'Are you sure?'; a success banner, then the list is read again after 3 s; failures are told; a 401 ends the session.",
  inputs: {
    'the creator': { email: 'zainab@example.com' },
    'a member': { email: 'femi@example.com' },
  },
  events: {
    ...callEndings('loadCommunity', [community, full, null], [sessionEnded, connectionLost]),
    'member.emailChanged': [
      { email: 'new@example.com' },
      { email: 'not-an-email' },
      { email: 'bisi@example.com' },
    ],
    'member.removeAsked': [{ email: 'bisi@example.com' }, { email: 'zainab@example.com' }],
    'xstate.error.actor.inviteMember': [
      sessionEnded,
      { error: new ApiError(409, 'The community is full.') },
    ],
    'xstate.error.actor.removeMember': [sessionEnded, connectionLost],
  },
})
