import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type Account = components['schemas']['Account']
export type Community = components['schemas']['Community']

/** The signed-in person's account and their community (the first one listed), if any. */
export interface MemberProfile {
  account: Account
  community: Community | null
}

/**
 * /profile and /profile/info: the signed-in person's account and community are read; a 401
 * ends the session out loud; any other failure can be retried.
 */
export const profileMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { profile: MemberProfile | null },
      events: {} as { type: 'profile.retried' },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadProfile: callStub<MemberProfile>('loadProfile'),
    },
    actions: loadCallActions,
    guards: sessionGuards,
  }).createMachine({
    id: 'profile',
    context: { profile: null },
    initial: 'loading',
    states: {
      loading: callState('loadProfile', {
        keep: 'profile',
        target: 'ready',
        onError: expiredOrFailed,
      }),
      ready: {},
      ...loadEndings('profile.retried'),
    },
  }),
)
