import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import type { MemberProfile } from '../profile/machine'
import { COMMUNITY_SIZES, isActiveStatus } from '../rules/membership'
import { membershipStatus } from '../rules/profile'

/**
 * /profile/edit-community: the creator of a community picks its size (4, 6 or 8 members) before
 * paying. Save does nothing until a size is chosen; saved, it goes on to /profile/payment.
 * Cancel goes to /profile/payment, Close to /menu; an Active community (or, with none, an active
 * membership) goes to /menu at once.
 */
export const communitySizeMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as {
        profile: MemberProfile | null
        size: number | null
        error: string | null
      },
      events: {} as
        | { type: 'size.chosen'; size: number }
        | { type: 'size.saved' }
        | { type: 'size.cancelled' }
        | { type: 'size.closed' }
        | { type: 'community.retried' },
      tags: {} as 'busy' | 'error' | 'expired' | 'saving',
    },
    actors: {
      loadCommunity: callStub<MemberProfile>('loadCommunity'),
      saveSize: callStub<unknown, { communityId: string; numberOfMembers: number }>('saveSize'),
    },
    actions: {
      navigateToPayment: (_, _params: { size: number | null }) => {},
      navigateToMenu: () => {},
      ...loadCallActions,
    },
    guards: {
      // Nothing to size: the community is Active already (its size waits for the renewal), or
      // there is none and the person is an active member. A community not paid yet is sized,
      // whoever applied for it: an active member keeps their own membership meanwhile.
      isActiveMember: (_, params: { profile: MemberProfile }) =>
        isActiveStatus(
          params.profile.community
            ? params.profile.community.Status
            : membershipStatus(params.profile.account, null),
        ),
      hasCommunity: (_, params: { profile: MemberProfile }) => params.profile.community !== null,
      isOfferedSize: (_, params: { size: number }) => COMMUNITY_SIZES.includes(params.size),
      hasSize: ({ context }) => context.size !== null,
      ...sessionGuards,
    },
  }).createMachine({
    id: 'communitySize',
    context: { profile: null, size: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadCommunity',
          src: 'loadCommunity',
          onDone: [
            {
              guard: { type: 'isActiveMember', params: ({ event }) => ({ profile: event.output }) },
              target: 'leaving',
              actions: 'navigateToMenu',
            },
            {
              guard: { type: 'hasCommunity', params: ({ event }) => ({ profile: event.output }) },
              target: 'choosing',
              actions: keepOutput('profile'),
            },
            { target: 'noCommunity', actions: keepOutput('profile') },
          ],
          onError: expiredOrFailed,
        },
      },
      ...loadEndings('community.retried'),
      /** Not the creator of a community: nothing to size here. */
      noCommunity: {},
      choosing: {
        on: {
          'size.chosen': {
            guard: { type: 'isOfferedSize', params: ({ event }) => ({ size: event.size }) },
            actions: assign({ size: ({ event }) => event.size, error: null }),
          },
          'size.saved': { guard: 'hasSize', target: 'saving' },
        },
      },
      saving: {
        tags: ['saving'],
        invoke: {
          id: 'saveSize',
          src: 'saveSize',
          input: ({ context }) => ({
            communityId: context.profile?.community?.id ?? '',
            numberOfMembers: context.size ?? 0,
          }),
          onDone: {
            target: 'leaving',
            actions: {
              type: 'navigateToPayment',
              params: ({ context }) => ({ size: context.size }),
            },
          },
          onError: [
            expiredOn401,
            {
              target: 'choosing',
              actions: [
                assign({
                  error: ({ event }) =>
                    event.error instanceof ApiError
                      ? refusalWords(event.error)
                      : 'We could not reach the server. Please try again.',
                }),
                logCallError,
              ],
            },
          ],
        },
      },
      leaving: { type: 'final' },
    },
    on: {
      'size.cancelled': {
        target: '.leaving',
        actions: { type: 'navigateToPayment', params: () => ({ size: null }) },
      },
      'size.closed': { target: '.leaving', actions: 'navigateToMenu' },
    },
  }),
)
