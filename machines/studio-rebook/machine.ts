import { assign, fromPromise, setup } from 'xstate'
import { type BookingPayment, logCallError } from '../calls/booking'
import { onFirstUse } from '../on-first-use'
import {
  failureMessage,
  noStudioChoice,
  type StudioOptions,
  studioCallFailed,
  studioGuards,
  studioLoaded,
  studioPayment,
} from '../print-studio/machine'
import { canRebookStudio, type StudioPerson } from '../rules/print-studio'

export interface StudioRebookInput {
  /** The site's origin: the card provider sends the browser back to the booked page here. */
  origin: string
  /** The details of the booking just made, to start from (empty text when unknown). */
  guest: StudioPerson
}

export interface StudioRebookContext extends StudioRebookInput {
  days: string[]
  venue: string | null
  day: string | null
  slot: string | null
  error: string | null
}

/**
 * 'Book again' on /booked-printstudio: Day, Time, Name, Email Address and Phone Number; Book only
 * when the e-mail is valid and everything is filled; then 'Please wait' and the browser goes to
 * the card provider, which returns it to the booked page.
 */
export const studioRebookMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as StudioRebookInput,
      context: {} as StudioRebookContext,
      events: {} as
        | { type: 'rebook.retry' }
        | { type: 'day.selected'; day: string }
        | { type: 'slot.selected'; slot: string }
        | { type: 'guest.changed'; field: keyof StudioPerson; value: string }
        | { type: 'form.submitted' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadStudio: fromPromise<StudioOptions>(async () => {
        throw new Error('loadStudio is not provided')
      }),
      initiatePayment: fromPromise<string, BookingPayment>(async () => {
        throw new Error('initiatePayment is not provided')
      }),
    },
    actions: {
      redirectToPayment: (_, _params: { url: string }) => {},
      logError: (_, _params: { error: unknown }) => {},
      showFailure: assign((_, params: { error: unknown; action: string }) => ({
        error: failureMessage(params.error, params.action),
      })),
    },
    guards: {
      ...studioGuards,
      canSubmit: ({ context }) => canRebookStudio({ ...context.guest, ...context }),
    },
  }).createMachine({
    id: 'studioRebook',
    context: ({ input }) => ({ ...input, ...noStudioChoice() }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadStudio',
          src: 'loadStudio',
          onDone: {
            target: 'checking',
            actions: assign(({ event }) => studioLoaded(event.output)),
          },
          onError: { target: 'failed', actions: logCallError },
        },
      },
      checking: { always: [{ guard: 'hasStudio', target: 'editing' }, { target: 'unavailable' }] },
      failed: { tags: ['error'], on: { 'rebook.retry': 'loading' } },
      /** No studio item takes bookings any more. */
      unavailable: {},
      editing: {
        on: {
          'day.selected': {
            guard: { type: 'isOfferedDay', params: ({ event }) => ({ day: event.day }) },
            actions: assign({ day: ({ event }) => event.day, error: null }),
          },
          'slot.selected': {
            guard: { type: 'isStudioSlot', params: ({ event }) => ({ slot: event.slot }) },
            actions: assign({ slot: ({ event }) => event.slot, error: null }),
          },
          'guest.changed': {
            actions: assign({
              guest: ({ context, event }) => ({ ...context.guest, [event.field]: event.value }),
              error: null,
            }),
          },
          'form.submitted': { guard: 'canSubmit', target: 'submitting' },
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'initiatePayment',
          src: 'initiatePayment',
          input: ({ context }) =>
            studioPayment({ ...context, person: context.guest, account: null }),
          onDone: {
            target: 'redirecting',
            actions: { type: 'redirectToPayment', params: ({ event }) => ({ url: event.output }) },
          },
          onError: studioCallFailed('editing', 'start the payment'),
        },
      },
      redirecting: { tags: ['busy'] },
      sessionExpired: {},
    },
  }),
)
