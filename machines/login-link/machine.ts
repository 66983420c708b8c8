import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { emailGuards, emailSending, emailSubmitted } from '../calls/email-form'
import { loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export interface LoginLinkInput {
  /** The `?email=` of the address when it is a valid one: prefilled and locked. */
  email: string | null
}

export interface LoginLinkContext {
  email: string
  /** The e-mail came with the address and cannot be changed here. */
  locked: boolean
  error: string | null
}

/** The spec's message for a login-link request that fails. */
export const ACCOUNT_NOT_FOUND = 'Account not found'
export const LOGIN_LINK_FAILED =
  'We could not send the login link. Check your connection and try again.'

/** The reason a request failed, as the person reads it. */
export function loginLinkFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message
  if (error instanceof ApiError && error.status < 500) return ACCOUNT_NOT_FOUND
  return LOGIN_LINK_FAILED
}

/**
 * /login: an e-mail (prefilled and locked when the address names one) and 'Send Login Link',
 * enabled once the e-mail is valid; on success the person is sent to /login-sent.
 */
export const loginLinkMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as LoginLinkInput,
      context: {} as LoginLinkContext,
      events: {} as { type: 'email.changed'; value: string } | { type: 'form.submitted' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      requestLoginLink: callStub<void, { email: string }>('requestLoginLink'),
    },
    actions: {
      navigateToSent: (_, _params: { email: string }) => {},
      ...loadCallActions,
    },
    guards: {
      ...emailGuards,
      isEditable: ({ context }) => !context.locked,
    },
  }).createMachine({
    id: 'loginLink',
    context: ({ input }) => ({
      email: input.email ?? '',
      locked: input.email !== null,
      error: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'email.changed': {
            guard: 'isEditable',
            actions: assign({ email: ({ event }) => event.value, error: null }),
          },
          'form.submitted': emailSubmitted(),
        },
      },
      sending: emailSending('requestLoginLink', {
        onDone: {
          target: 'sent',
          actions: {
            type: 'navigateToSent',
            params: ({ context }) => ({ email: context.email.trim() }),
          },
        },
        failure: loginLinkFailure,
      }),
      sent: { type: 'final' },
    },
  }),
)
