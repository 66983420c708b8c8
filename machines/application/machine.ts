import { assign, sendTo, setup } from 'xstate'
import type { components } from '../../openapi/client'
import {
  type ApplicantFormSettings,
  applicantFormMachine,
  formContextOf,
  isFormComplete,
} from '../applicant-form/machine'
import {
  applicantFormInvoke,
  formAnswers,
  formError,
  formStep,
  isFormLeftBack,
  sendFailure,
  sendingStubs,
  sentToReceived,
} from '../calls/application'
import { logCallError } from '../calls/booking'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import {
  type Applicant,
  applicationOf,
  emptyApplicant,
  INDIVIDUAL_STEPS,
  type IndividualStep,
} from '../rules/application'

type Application = components['schemas']['Application']

const fieldsOfStep = (step: IndividualStep) =>
  INDIVIDUAL_STEPS.find((s) => s.id === step)?.fields ?? []

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
  /** The answers as the last step's form left them (each step's form edits its own). */
  applicant: Applicant
  code: string | null
  today: string
  /** A short, specific message about the last failed send. */
  error: string | null
}

/**
 * The page found a draft in this tab, and the step a reload left (its history entry's): the flow
 * goes on there when the answers the steps before it need are in, else the first step's form
 * takes the draft.
 */
export type ApplicationEvent = {
  type: 'draft.resumed'
  applicant: Partial<Applicant>
  step: IndividualStep
}

/** Whether the steps before `step` would each go on with these answers. */
export function canResumeAt(step: IndividualStep, applicant: Applicant, today: string): boolean {
  const at = INDIVIDUAL_STEPS.findIndex((s) => s.id === step)
  return (
    at > 0 &&
    INDIVIDUAL_STEPS.slice(0, at).every((before) =>
      isFormComplete(formContextOf({ ...STEP_FORMS[before.id], applicant, today })),
    )
  )
}

/**
 * Each step's form: its fields, those it needs (spec: the names and date of birth, then the
 * e-mail), Previous from the second step on; the last step submits.
 */
export const STEP_FORMS: Record<IndividualStep, ApplicantFormSettings> = {
  profile: {
    fields: fieldsOfStep('profile'),
    required: ['firstName', 'lastName', 'dateOfBirth'],
    goesOnTo: 'continue',
  },
  address: {
    fields: fieldsOfStep('address'),
    required: [],
    hasPrevious: true,
    goesOnTo: 'continue',
  },
  contact: { fields: fieldsOfStep('contact'), required: ['email'], hasPrevious: true },
}

/**
 * The individual application: Profile, Address and Contact steps, each a form of its own
 * (machines/applicant-form); then the application is sent (or the invite claimed) and the person
 * goes to the 'All done' page. Every answer is kept as a draft until it is sent (by the forms);
 * a draft kept from before fills the form in again.
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
      applicantForm: applicantFormMachine,
      submitApplication: callStub<void, ApplicationRequest>('submitApplication'),
    },
    actions: {
      /** A step's form ended: its answers (and the message, cleared by a change) are kept. */
      keepAnswers: assign({ applicant: formAnswers, error: formError }),
      resumeDraft: assign({
        applicant: ({ context }, params: { applicant: Partial<Applicant> }) => ({
          ...context.applicant,
          ...params.applicant,
        }),
      }),
      /** The first step's form takes the draft as it is. */
      restoreDraft: sendTo('applicantForm', (_, params: { applicant: Partial<Applicant> }) => ({
        type: 'draft.restored' as const,
        applicant: params.applicant,
      })),
      ...sendingStubs,
    },
    guards: {
      isFormLeftBack,
      /** The entry names `step`, and the answers are in for the steps before it. */
      isResumableAt: (
        { context, event },
        params: { step: IndividualStep; applicant: Partial<Applicant> },
      ) =>
        event.type === 'draft.resumed' &&
        event.step === params.step &&
        canResumeAt(params.step, { ...context.applicant, ...params.applicant }, context.today),
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
        states: {
          profile: {
            invoke: {
              ...applicantFormInvoke(STEP_FORMS.profile),
              onDone: { target: 'address', actions: 'keepAnswers' },
            },
            on: {
              'draft.resumed': [
                ...(['contact', 'address'] as const).map((step) => ({
                  guard: {
                    type: 'isResumableAt' as const,
                    params: ({ event }: { event: ApplicationEvent }) => ({
                      step,
                      applicant: event.applicant,
                    }),
                  },
                  target: step,
                  actions: {
                    type: 'resumeDraft' as const,
                    params: ({ event }: { event: ApplicationEvent }) => ({
                      applicant: event.applicant,
                    }),
                  },
                })),
                {
                  actions: {
                    type: 'restoreDraft',
                    params: ({ event }) => ({ applicant: event.applicant }),
                  },
                },
              ],
            },
          },
          address: formStep(STEP_FORMS.address, 'profile', 'contact'),
          contact: formStep(STEP_FORMS.contact, 'address', '#application.submitting'),
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
