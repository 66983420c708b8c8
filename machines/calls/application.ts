import { ApiError } from '../../openapi/client'
import type {
  ApplicantFormInput,
  ApplicantFormOutput,
  ApplicantFormSettings,
} from '../applicant-form/machine'
import { type Applicant, receivedPath } from '../rules/application'
import { refusalWords } from './words'

// What the application flows share about sending: the message of a failed send, and pieces of
// the send's invoke, of the forms' steps and of the draft. The pieces name the flow's own actions
// and guards (`keepAnswers`, `isFormLeftBack`, `navigateToReceived`), so each flow still declares
// them in its setup().

/**
 * A short, specific message for a failed application call: the server's own words for a refusal
 * it explained (a 4xx), `fallback` for a crash, a lost connection or a call not built yet.
 */
export function applicationFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'Your login has expired. Log in again, then send this form.'
  }
  if (error instanceof ApiError && error.status < 500 && error.message) return refusalWords(error)
  return fallback
}

export const SEND_FAILED =
  'We could not send your application. Nothing you typed is lost: check your connection and try again.'

/** What every flow keeps that its applicant form needs. */
interface FormHolder {
  applicant: Applicant
  today: string
  error: string | null
}

/**
 * The input of the applicant form a flow's state invokes (machines/applicant-form): the flow's
 * answers and message go in, `form` says which fields it asks. The flow names `applicantForm` in
 * its setup() and invokes it with `id` and `src` 'applicantForm'.
 */
export const applicantFormInput =
  (form: ApplicantFormSettings) =>
  ({ context }: { context: FormHolder }): ApplicantFormInput => ({
    ...form,
    applicant: context.applicant,
    today: context.today,
    error: context.error,
  })

/** The applicant form a flow's state invokes, with the flow's answers (add the state's onDone). */
export const applicantFormInvoke = (form: ApplicantFormSettings) =>
  ({ id: 'applicantForm', src: 'applicantForm', input: applicantFormInput(form) }) as const

/** The stubs of sending an application that every applicant flow names. */
export const sendingStubs = {
  /** Forgets the kept answers: the application is sent. */
  clearDraft: () => {},
  /** The 'All done' page, with the e-mail to check. */
  navigateToReceived: (_: unknown, _params: { path: string }) => {},
  logError: (_: unknown, _params: { error: unknown }) => {},
}

type FormDone = { event: { output?: ApplicantFormOutput } | object }
const outputOf = ({ event }: FormDone) =>
  'output' in event ? (event.output as ApplicantFormOutput | undefined) : undefined

/** The form's answers and message, kept by the flow when its form ends. */
export const formAnswers = ({ context, event }: FormDone & { context: FormHolder }) =>
  outputOf({ event })?.applicant ?? context.applicant
export const formError = ({ context, event }: FormDone & { context: FormHolder }) => {
  const output = outputOf({ event })
  return output ? output.error : context.error
}

/** The person went back a step from the form (Previous), not on. */
export const isFormLeftBack = (args: FormDone) => outputOf(args)?.went === 'back'

/** A state that asks `form`: Previous goes `back`, Next (or Submit) `on`; either keeps the answers. */
export const formStep = (form: ApplicantFormSettings, back: string, on: string) =>
  ({
    invoke: {
      ...applicantFormInvoke(form),
      onDone: [
        { guard: 'isFormLeftBack', target: back, actions: 'keepAnswers' },
        { target: on, actions: 'keepAnswers' },
      ],
    },
  }) as const

/** Sent: on the way to the 'All done' page, with the e-mail to check. */
export const sentToReceived = {
  target: 'leaving',
  actions: {
    type: 'navigateToReceived',
    params: ({ context }: { context: { applicant: Applicant } }) => ({
      path: receivedPath(context.applicant.email),
    }),
  },
} as const

/** Not sent: the form's message, the send's failure in words (nothing typed is lost). */
export const sendFailure = ({ event }: { event: { error: unknown } }) =>
  applicationFailure(event.error, SEND_FAILED)
