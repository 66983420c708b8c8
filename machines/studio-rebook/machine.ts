import { assign, setup } from 'xstate'
import { logCallError } from '../calls/booking'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import {
  type DetailLeftEvent,
  fieldLeft,
  leaveField,
  leftGuards,
  type WithLeftDetails,
} from '../checkout/left-details'
import { type CheckoutInput, checkoutGuards, checkoutMachine } from '../checkout/machine'
import { onFirstUse } from '../on-first-use'
import {
  failureMessage,
  noStudioChoice,
  type StudioOptions,
  studioCheckoutEnded,
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

export interface StudioRebookContext extends StudioRebookInput, WithLeftDetails {
  days: string[]
  venue: string | null
  day: string | null
  slot: string | null
  error: string | null
}

/** What the checkout is handed: a guest's card payment, back to the booked page. */
export const checkoutOf = (context: StudioRebookContext): CheckoutInput => ({
  method: 'card',
  payment: studioPayment({ ...context, person: context.guest, account: null }),
})

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
        | { type: 'rebook.retried' }
        | { type: 'day.chosen'; day: string }
        | { type: 'slot.chosen'; slot: string }
        | { type: 'field.changed'; field: keyof StudioPerson; value: string }
        | DetailLeftEvent
        | { type: 'card.chosen' },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadStudio: callStub<StudioOptions>('loadStudio'),
      checkout: checkoutMachine,
    },
    actions: {
      leaveField: leaveField(),
      logError: (_, _params: { error: unknown }) => {},
      showFailure: assign((_, params: { error: unknown; action: string }) => ({
        error: failureMessage(params.error, params.action),
      })),
    },
    guards: {
      ...studioGuards,
      ...sessionGuards,
      ...checkoutGuards,
      ...leftGuards,
      canSubmit: ({ context }) => canRebookStudio({ ...context.guest, ...context }),
    },
  }).createMachine({
    id: 'studioRebook',
    context: ({ input }) => ({ ...input, ...noStudioChoice(), left: [] }),
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
      failed: { tags: ['error'], on: { 'rebook.retried': 'loading' } },
      /** No studio item takes bookings any more. */
      unavailable: {},
      editing: {
        on: {
          'day.chosen': {
            guard: { type: 'isOfferedDay', params: ({ event }) => ({ day: event.day }) },
            actions: assign({ day: ({ event }) => event.day, error: null }),
          },
          'slot.chosen': {
            guard: { type: 'isStudioSlot', params: ({ event }) => ({ slot: event.slot }) },
            actions: assign({ slot: ({ event }) => event.slot, error: null }),
          },
          'field.changed': {
            actions: assign({
              guest: ({ context, event }) => ({ ...context.guest, [event.field]: event.value }),
              error: null,
            }),
          },
          'field.left': fieldLeft,
          'card.chosen': { guard: 'canSubmit', target: 'paying' },
        },
      },
      // The checkout starts the card payment; the browser goes to the provider.
      paying: {
        invoke: {
          id: 'checkout',
          src: 'checkout',
          input: ({ context }) => checkoutOf(context),
          onDone: studioCheckoutEnded({ failed: 'editing' }),
        },
      },
      sessionExpired: { tags: ['expired'] },
    },
  }),
)
