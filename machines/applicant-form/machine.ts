import { assign, setup } from 'xstate'
import { onFirstUse } from '../on-first-use'
import { applicantProblems, missingApplicantFields } from '../rules/applicant'
import { type Applicant, type ApplicantField, emptyApplicant } from '../rules/application'

/** What a flow hands the form it invokes. */
export interface ApplicantFormInput {
  /** The answers so far (the flow's, or a draft's). */
  applicant: Partial<Applicant>
  /** Today in Lagos ('yyyy-MM-dd'): no date of birth after it. */
  today: string
  /** The fields this form asks for, in their order. */
  fields: readonly ApplicantField[]
  /** The fields it cannot go on without. */
  required: readonly ApplicantField[]
  /** Fields shown but never changed (an invitee's e-mail, from the link). */
  locked?: readonly ApplicantField[]
  /** Whether there is a step before this one (Previous). */
  hasPrevious?: boolean
  /** 'continue' (a step with another after it) or 'submit': the hint's last word. */
  goesOnTo?: 'continue' | 'submit'
  /** The flow's message about a failed send, shown until something is changed. */
  error?: string | null
}

/** What a flow says about the form it invokes, beside the answers, today and its message. */
export type ApplicantFormSettings = Omit<ApplicantFormInput, 'applicant' | 'today' | 'error'>

export interface ApplicantFormContext {
  applicant: Applicant
  today: string
  fields: readonly ApplicantField[]
  required: readonly ApplicantField[]
  locked: readonly ApplicantField[]
  hasPrevious: boolean
  goesOnTo: 'continue' | 'submit'
  error: string | null
  /** Fields the person has left: a problem that typing on may mend shows only then. */
  left: readonly ApplicantField[]
}

export type ApplicantFormEvent =
  | { type: 'field.changed'; field: ApplicantField; value: string }
  | { type: 'field.left'; field: ApplicantField }
  /** The answers kept from an earlier visit of the form in this tab (a reload, a closed app). */
  | { type: 'draft.restored'; applicant: Partial<Applicant> }
  | { type: 'form.submitted' }
  | { type: 'step.movedBack' }

/** What the form ends with: the answers, which way the person went, and the flow's message. */
export interface ApplicantFormOutput {
  applicant: Applicant
  went: 'on' | 'back'
  error: string | null
}

/** The form's context as it starts from its input (nothing left yet). */
export function formContextOf(input: ApplicantFormInput): ApplicantFormContext {
  return {
    applicant: { ...emptyApplicant(), ...input.applicant },
    today: input.today,
    fields: input.fields,
    required: input.required,
    locked: input.locked ?? [],
    hasPrevious: input.hasPrevious ?? false,
    goesOnTo: input.goesOnTo ?? 'submit',
    error: input.error ?? null,
    left: [],
  }
}

/** Whether every needed answer is in and every answer can be sent as it is. */
export function isFormComplete(context: ApplicantFormContext): boolean {
  return (
    missingApplicantFields(context.applicant, context.required).length === 0 &&
    Object.keys(applicantProblems(context.applicant, context.fields, context.today)).length === 0
  )
}

/**
 * The applicant's answers, as the individual application (one form per step), the community
 * application (Personal Info) and member signup ask for them: each change kept as a draft in the
 * tab, each answer checked with the contract's limits (machines/rules/applicant.ts). The form ends
 * when the person goes on with every answer fit to send, or goes back a step; the flow that
 * invoked it reads the answers from its done event.
 */
export const applicantFormMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as ApplicantFormInput,
      context: {} as ApplicantFormContext,
      events: {} as ApplicantFormEvent,
      output: {} as ApplicantFormOutput,
    },
    actions: {
      changeField: assign({
        applicant: ({ context, event }) =>
          event.type === 'field.changed'
            ? { ...context.applicant, [event.field]: event.value }
            : context.applicant,
        error: null,
      }),
      leaveField: assign({
        left: ({ context, event }) =>
          event.type === 'field.left' ? [...context.left, event.field] : context.left,
      }),
      // A draft never changes a locked field (the invited e-mail).
      restoreDraft: assign({
        applicant: ({ context, event }) => {
          if (event.type !== 'draft.restored') return context.applicant
          const restored = { ...context.applicant, ...event.applicant }
          for (const field of context.locked) restored[field] = context.applicant[field]
          return restored
        },
      }),
      /** Keeps the answers in the browser (the view's storage); the draft outlives a reload. */
      saveDraft: (_, _params: { applicant: Applicant }) => {},
    },
    guards: {
      isEditableField: ({ context, event }) =>
        event.type === 'field.changed' &&
        context.fields.includes(event.field) &&
        !context.locked.includes(event.field),
      isFirstLeave: ({ context, event }) =>
        event.type === 'field.left' &&
        context.fields.includes(event.field) &&
        !context.left.includes(event.field),
      isComplete: ({ context }) => isFormComplete(context),
      hasPrevious: ({ context }) => context.hasPrevious,
    },
  }).createMachine({
    id: 'applicantForm',
    context: ({ input }) => formContextOf(input),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.changed': {
            guard: 'isEditableField',
            actions: [
              'changeField',
              { type: 'saveDraft', params: ({ context }) => ({ applicant: context.applicant }) },
            ],
          },
          'field.left': { guard: 'isFirstLeave', actions: 'leaveField' },
          'draft.restored': { actions: 'restoreDraft' },
          'form.submitted': { guard: 'isComplete', target: 'wentOn' },
          'step.movedBack': { guard: 'hasPrevious', target: 'wentBack' },
        },
      },
      wentOn: { type: 'final', output: 'on' },
      wentBack: { type: 'final', output: 'back' },
    },
    // The final state's own output (which way) arrives as the done event's.
    output: ({ context, event }) => ({
      applicant: context.applicant,
      went: (event as { output?: unknown }).output === 'back' ? 'back' : 'on',
      error: context.error,
    }),
  }),
)
