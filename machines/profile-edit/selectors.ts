import { draftChanges, draftProblems, type ProfileDraft } from '../rules/profile'
import type { DraftField } from './machine'

// What the profile form says beside its fields and its Save button, from the flow's context.

interface DraftContext {
  draft: ProfileDraft
  saved: ProfileDraft
}

/** A field's problem, said only once the person has changed it from what is saved. */
export function changedFieldProblems({
  draft,
  saved,
}: DraftContext): Partial<Record<DraftField, string>> {
  const problems = draftProblems(draft)
  return Object.fromEntries(
    (Object.keys(problems) as DraftField[])
      .filter((field) => draft[field] !== saved[field])
      .map((field) => [field, problems[field]]),
  )
}

/** Why Save is closed (when it is): a changed detail to fix, or nothing changed yet. */
export const saveClosedReason = ({ draft, saved }: DraftContext) =>
  Object.keys(draftChanges(draft, saved)).length > 0
    ? 'Fix the details above to save.'
    : 'Change a detail to save it.'
