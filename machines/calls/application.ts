import { ApiError } from '../../openapi/client'
import { type Applicant, receivedPath } from '../rules/application'

// What the application flows share about sending: the message of a failed send, and pieces of
// the send's invoke and of the draft. The pieces name the flow's own stubs (`navigateToReceived`,
// `saveDraft`), so each flow still declares them in its setup().

/**
 * A short, specific message for a failed application call: the server's own words for a refusal
 * it explained (a 4xx), `fallback` for a crash, a lost connection or a call not built yet.
 */
export function applicationFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'Your login has expired. Log in again, then send this form.'
  }
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message
  return fallback
}

export const SEND_FAILED =
  'We could not send your application. Nothing you typed is lost: check your connection and try again.'

/**
 * What was typed so far, kept in the browser so a reload or a closed app loses none of it: the
 * flow's `saveDraft` stub, after the change is assigned.
 */
export const keepApplicantDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: { applicant: Applicant } }) => ({
    applicant: context.applicant,
  }),
} as const

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
