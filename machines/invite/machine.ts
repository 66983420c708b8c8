import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { errorParams } from '../calls/booking'
import { failedOnError, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type InviteFields = components['schemas']['InviteFields']

export interface InviteInput {
  /** The code of /invite/{code}. */
  code: string
}

/** The spec's messages (section 8). */
export const INVITE_CHECKING = 'Verifying invite code'
export const INVITE_USED = 'This invite code has been used'
export const INVITE_INVALID = 'This invite code is not valid'

/** A code the server does not know (or one that cannot be a code). */
function isUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/**
 * /invite/{code}: the invite is checked; a pending one greets the invitee by first name and
 * leads to the application with the code; a used or unknown code says so. A check that could
 * not be made (network, server) can be tried again.
 */
export const inviteMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as InviteInput,
      context: {} as { code: string; firstName: string },
      events: {} as { type: 'invite.retried' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      getInvite: callStub<InviteFields, { code: string }>('getInvite'),
    },
    actions: loadCallActions,
    guards: {
      hasCode: ({ context }) => /^[A-Za-z0-9_-]{3,64}$/.test(context.code),
      isPending: (_, params: { invite: InviteFields }) => params.invite.Status === 'Pending',
      isUnknown: (_, params: { error: unknown }) => isUnknown(params.error),
    },
  }).createMachine({
    id: 'invite',
    context: ({ input }) => ({ code: input.code.trim(), firstName: '' }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'hasCode', target: 'verifying' }, { target: 'invalid' }],
      },
      verifying: {
        tags: ['busy'],
        invoke: {
          id: 'getInvite',
          src: 'getInvite',
          input: ({ context }) => ({ code: context.code }),
          onDone: [
            {
              guard: { type: 'isPending', params: ({ event }) => ({ invite: event.output }) },
              target: 'pending',
              actions: assign({ firstName: ({ event }) => event.output['First Name'].trim() }),
            },
            { target: 'used' },
          ],
          onError: [
            {
              guard: { type: 'isUnknown', params: errorParams },
              target: 'invalid',
            },
            failedOnError,
          ],
        },
      },
      pending: {},
      used: { tags: ['error'] },
      invalid: { tags: ['error'] },
      failed: { tags: ['error'], on: { 'invite.retried': 'verifying' } },
    },
  }),
)
