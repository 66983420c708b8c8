import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { keepApplicantDraft, sendFailure, sentToReceived } from '../calls/application'
import { logCallError } from '../calls/booking'
import { onFirstUse } from '../on-first-use'
import {
  type Applicant,
  type ApplicantField,
  applicationOf,
  canSubmitApplicant,
  emptyApplicant,
  type IndividualStep,
  isApplicantField,
  isProfileComplete,
  stepOfField,
} from '../rules/application'

type Application = components['schemas']['Application']

/** What the individual application sends: with an invite code it claims the invite. */
export interface ApplicationRequest {
  code: string | null
  application: Application
}

export interface ApplicationInput {
  /** The `name` query: prefills the first name. */
  name: string | null
  /** The `code` query: an invite code, claimed on submit. */
  code: string | null
  /** Today in Lagos ('yyyy-MM-dd'): no date of birth after it. */
  today: string
}

export interface ApplicationContext {
  applicant: Applicant
  code: string | null
  today: string
  /** A short, specific message about the last failed send. */
  error: string | null
}

export type ApplicationEvent =
  | { type: 'field.changed'; field: ApplicantField; value: string }
  /** The answers kept from an earlier visit of the form in this tab (a reload, a closed app). */
  | { type: 'draft.restored'; applicant: Partial<Applicant> }
  | { type: 'step.next' }
  | { type: 'step.previous' }
  | { type: 'form.submitted' }

/** A field of this step (a person only sees the fields of the step they are on). */
const fieldOf = (step: IndividualStep) => ({
  guard: { type: 'isFieldOfStep' as const, params: { step } },
  actions: ['changeField' as const, keepApplicantDraft],
})

/**
 * The individual application: Profile, Address and Contact steps, then the application is sent
 * (or the invite claimed) and the person goes to the 'All done' page. Every answer is kept as a
 * draft until it is sent; a draft kept from before fills the form in again.
 */
export const applicationMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as ApplicationInput,
      context: {} as ApplicationContext,
      events: {} as ApplicationEvent,
      tags: {} as 'busy' | 'error',
    },
    actors: {
      submitApplication: fromPromise<void, ApplicationRequest>(async () => {
        throw new Error('submitApplication is not provided')
      }),
    },
    actions: {
      changeField: assign({
        applicant: ({ context, event }) =>
          event.type === 'field.changed'
            ? { ...context.applicant, [event.field]: event.value }
            : context.applicant,
        error: null,
      }),
      restoreDraft: assign({
        applicant: ({ context, event }) =>
          event.type === 'draft.restored'
            ? { ...context.applicant, ...event.applicant }
            : context.applicant,
      }),
      /** Keeps the answers in the browser (the view's storage); the draft outlives a reload. */
      saveDraft: (_, _params: { applicant: Applicant }) => {},
      /** Forgets the kept answers: the application is sent. */
      clearDraft: () => {},
      /** The 'All done' page, with the e-mail to check. */
      navigateToReceived: (_, _params: { path: string }) => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isFieldOfStep: ({ event }, params: { step: IndividualStep }) =>
        event.type === 'field.changed' &&
        isApplicantField(event.field) &&
        stepOfField(event.field) === params.step,
      isProfileComplete: ({ context }) => isProfileComplete(context.applicant, context.today),
      canSubmit: ({ context }) => canSubmitApplicant(context.applicant, context.today),
    },
  }).createMachine({
    id: 'application',
    context: ({ input }) => ({
      applicant: { ...emptyApplicant(), firstName: input.name?.trim() ?? '' },
      code: input.code?.trim() || null,
      today: input.today,
      error: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: 'profile',
        on: { 'draft.restored': { actions: 'restoreDraft' } },
        states: {
          profile: {
            on: {
              'field.changed': fieldOf('profile'),
              'step.next': { guard: 'isProfileComplete', target: 'address' },
            },
          },
          address: {
            on: {
              'field.changed': fieldOf('address'),
              'step.previous': { target: 'profile' },
              'step.next': { target: 'contact' },
            },
          },
          contact: {
            on: {
              'field.changed': fieldOf('contact'),
              'step.previous': { target: 'address' },
              'form.submitted': { guard: 'canSubmit', target: '#application.submitting' },
            },
          },
        },
      },
      submitting: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'submitApplication',
          src: 'submitApplication',
          input: ({ context }) => ({
            code: context.code,
            // The rules' payload is the contract's Application (a change on either side fails).
            application: applicationOf(context.applicant, {
              community: false,
            }) satisfies Application,
          }),
          onDone: sentToReceived,
          onError: {
            target: '#application.editing.contact',
            actions: [assign({ error: sendFailure }), logCallError],
          },
        },
      },
      // On the way to the 'All done' page: the button keeps saying 'Please wait'.
      leaving: { tags: ['busy'], entry: 'clearDraft' },
    },
  }),
)
