import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { expiredOn401In, expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import { canRemove, hasRoom, isListed } from '../rules/community-members'
import { isValidEmail } from '../rules/email'
import { isCreator } from '../rules/profile'

export type Community = components['schemas']['Community']

/** The creator's first community, or null when they have none. */
export type CommunityLoaded = Community | null

/** Who is being removed, or added, and where. */
export interface MemberChange {
  communityId: string
  email: string
}

export interface CommunityMembersInput {
  /** The stored e-mail of the signed-in person. */
  email: string | null
}

interface CommunityMembersContext {
  /** The signed-in e-mail: only the creator manages the community. */
  viewer: string | null
  community: Community | null
  /** The e-mail typed in the 'Add new member' form. */
  draft: string
  /** The person the 'Are you sure?' question is about. */
  target: string | null
  error: string | null
}

/**
 * A change to the community's members, adding (`inviteMember`) or removing (`removeMember`) the
 * e-mail `emailOf` gives; once made, on to `done` (its banner, then the list read again).
 */
const memberChange = <const TSrc extends 'inviteMember' | 'removeMember'>(
  src: TSrc,
  emailOf: (context: CommunityMembersContext) => string,
  done: string,
) =>
  ({
    id: src,
    src,
    input: ({ context }: { context: CommunityMembersContext }): MemberChange => ({
      communityId: context.community?.id ?? '',
      email: emailOf(context),
    }),
    onDone: { target: done },
  }) as const

/** The reload after a member is added or removed (spec: 3 s). */
export const RELOAD_AFTER_MS = 3000

/** A failure to add or remove, in a sentence: the server's message when it gave one. */
function failureMessage(what: 'add' | 'remove', error: unknown): string {
  if (error instanceof ApiError) return `Could not ${what} the member: ${refusalWords(error)}`
  return `Could not ${what} the member. Check your connection and try again.`
}

/**
 * /profile/community: the community's members and pending members; the creator adds people by
 * e-mail while places are left and removes anyone but themself after 'Are you sure?'. A change
 * shows its success banner, then the list is read again 3 s later. A 401 ends the session.
 */
export const communityMembersMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CommunityMembersInput,
      context: {} as CommunityMembersContext,
      events: {} as
        | { type: 'community.retried' }
        | { type: 'member.addOpened' }
        | { type: 'member.addCancelled' }
        | { type: 'member.emailChanged'; email: string }
        | { type: 'member.addSubmitted' }
        | { type: 'member.removeAsked'; email: string }
        | { type: 'member.removeConfirmed' }
        | { type: 'member.removeCancelled' },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadCommunity: callStub<CommunityLoaded>('loadCommunity'),
      inviteMember: callStub<void, MemberChange>('inviteMember'),
      removeMember: callStub<void, MemberChange>('removeMember'),
    },
    actions: loadCallActions,
    guards: {
      hasCommunity: (_, params: { community: CommunityLoaded }) => params.community !== null,
      hasRoom: ({ context }) =>
        context.community !== null &&
        isCreator(context.community, context.viewer) &&
        hasRoom(context.community),
      canAdd: ({ context }) =>
        context.community !== null &&
        isValidEmail(context.draft.trim()) &&
        !isListed(context.community, context.draft),
      canRemove: ({ context }, params: { email: string }) =>
        context.community !== null &&
        isCreator(context.community, context.viewer) &&
        canRemove(context.community, params.email),
      ...sessionGuards,
    },
    delays: { reloadDelay: RELOAD_AFTER_MS },
  }).createMachine({
    id: 'communityMembers',
    context: ({ input }) => ({
      viewer: input.email,
      community: null,
      draft: '',
      target: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadCommunity',
          src: 'loadCommunity',
          onDone: [
            {
              guard: { type: 'hasCommunity', params: ({ event }) => ({ community: event.output }) },
              target: 'ready',
              actions: keepOutput('community'),
            },
            { target: 'none' },
          ],
          onError: expiredOrFailed,
        },
      },
      none: {},
      ...loadEndings('community.retried'),
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'member.addOpened': {
                guard: 'hasRoom',
                target: 'adding',
                actions: assign({ draft: '', error: null }),
              },
              'member.removeAsked': {
                guard: { type: 'canRemove', params: ({ event }) => ({ email: event.email }) },
                target: 'confirming',
                actions: assign({ target: ({ event }) => event.email, error: null }),
              },
            },
          },
          adding: {
            on: {
              'member.emailChanged': {
                actions: assign({ draft: ({ event }) => event.email, error: null }),
              },
              'member.addSubmitted': { guard: 'canAdd', target: 'inviting' },
              'member.addCancelled': { target: 'idle', actions: assign({ error: null }) },
            },
          },
          inviting: {
            tags: ['busy'],
            invoke: {
              ...memberChange(
                'inviteMember',
                (context) => context.draft.trim(),
                '#communityMembers.added',
              ),
              onError: [
                expiredOn401In('communityMembers'),
                {
                  target: 'adding',
                  actions: [
                    logCallError,
                    assign({ error: ({ event }) => failureMessage('add', event.error) }),
                  ],
                },
              ],
            },
          },
          confirming: {
            on: {
              'member.removeConfirmed': { target: 'removing' },
              'member.removeCancelled': { target: 'idle', actions: assign({ target: null }) },
            },
          },
          removing: {
            tags: ['busy'],
            invoke: {
              ...memberChange(
                'removeMember',
                (context) => context.target ?? '',
                '#communityMembers.removed',
              ),
              onError: [
                expiredOn401In('communityMembers'),
                {
                  target: 'idle',
                  actions: [
                    logCallError,
                    assign({
                      target: null,
                      error: ({ event }) => failureMessage('remove', event.error),
                    }),
                  ],
                },
              ],
            },
          },
        },
      },
      // 'Member added successfully' / 'Member removed successfully', then the list is read again.
      added: { after: { reloadDelay: { target: 'loading', actions: assign({ draft: '' }) } } },
      removed: { after: { reloadDelay: { target: 'loading', actions: assign({ target: null }) } } },
    },
  }),
)
