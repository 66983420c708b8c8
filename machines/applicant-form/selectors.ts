import { applicantProblems, fieldsText, missingApplicantFields } from '../rules/applicant'
import type { ApplicantField } from '../rules/application'
import { type ApplicantFormContext, type ApplicantFormSettings, formContextOf } from './machine'

// What a view of the applicant form shows, read from the form's context: the message beside each
// field and the line that says why the form cannot go on yet.

/** The message beside each field that has one now (a mendable problem once the field is left). */
export function fieldErrorsOf(
  context: ApplicantFormContext,
): Partial<Record<ApplicantField, string>> {
  const errors: Partial<Record<ApplicantField, string>> = {}
  const problems = applicantProblems(context.applicant, context.fields, context.today)
  for (const [field, problem] of Object.entries(problems) as [
    ApplicantField,
    { message: string; onLeave: boolean },
  ][]) {
    if (!problem.onLeave || context.left.includes(field)) errors[field] = problem.message
  }
  return errors
}

/** The needed fields still empty, in the form's order. */
export const missingOf = (context: ApplicantFormContext): ApplicantField[] =>
  missingApplicantFields(context.applicant, context.required)

/**
 * Why Next or Submit is disabled, in a sentence ('Fill in last name and date of birth to
 * continue.'); null when nothing stops it.
 */
export function blockerOf(context: ApplicantFormContext): string | null {
  const verb = context.goesOnTo
  const missing = missingOf(context)
  const editable = context.fields.filter((field) => !context.locked.includes(field))
  if (missing.length > 3 && editable.every((field) => context.required.includes(field))) {
    return `Fill in every field to ${verb} (${missing.length} left).`
  }
  if (missing.length > 0) return `Fill in ${fieldsText(missing)} to ${verb}.`
  const wrong = Object.keys(
    applicantProblems(context.applicant, context.fields, context.today),
  ) as ApplicantField[]
  return wrong.length > 0 ? `Correct the ${fieldsText(wrong)} to ${verb}.` : null
}

/**
 * The form as it stands while none runs (its answers are being sent): the flow's answers in the
 * fields of its form, shown but no longer edited.
 */
export const heldForm = (
  holder: { applicant: ApplicantFormContext['applicant']; today: string; error: string | null },
  settings: ApplicantFormSettings,
): ApplicantFormContext => formContextOf({ ...settings, ...holder })
