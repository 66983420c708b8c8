import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { emailGuards, emailSending, emailSubmitted } from '../calls/email-form'
import { loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export interface SubscribeContext {
  email: string
  /** A short, specific message about the last failure. */
  error: string | null
}

export const SUBSCRIBE_FAILED =
  'We could not add you to the mailing list. Check your connection and try again.'

/** The reason a subscription failed, as the person reads it: the server's own on a 429. */
const subscribeFailure = (error: unknown) =>
  error instanceof ApiError && error.status === 429 ? error.message : SUBSCRIBE_FAILED

/**
 * The mailing list of the /membership-program teaser: a valid e-mail enables Subscribe;
 * 'Please wait' while it is sent; a 'Subscribed' banner, then the page reloads after 6 s.
 */
export const subscribeMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as SubscribeContext,
      events: {} as { type: 'email.changed'; value: string } | { type: 'form.submitted' },
      tags: {} as 'busy' | 'error' | 'success',
    },
    actors: {
      subscribe: callStub<void, { email: string }>('subscribe'),
    },
    actions: {
      /** The teaser afresh, 6 s after the banner (spec). */
      reloadPage: () => {},
      ...loadCallActions,
    },
    guards: emailGuards,
    delays: { subscribedReload: 6000 },
  }).createMachine({
    id: 'subscribe',
    context: { email: '', error: null },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'email.changed': {
            actions: assign({ email: ({ event }) => event.value, error: null }),
          },
          'form.submitted': emailSubmitted(),
        },
      },
      sending: emailSending('subscribe', {
        onDone: { target: 'subscribed' },
        failure: subscribeFailure,
      }),
      subscribed: {
        tags: ['success'],
        after: { subscribedReload: { target: 'reloading' } },
      },
      reloading: { type: 'final', entry: 'reloadPage' },
    },
  }),
)
