import type { SnapshotFrom } from 'xstate'
import { heldForm } from '../applicant-form/selectors'
import { communityProblem } from '../rules/applicant'
import {
  COMMUNITY_LABELS,
  type CommunityDetails,
  type CommunityField,
  LARGER_COMMUNITY,
  missingCommunityFields,
} from '../rules/application'
import { andList } from '../rules/text'
import { type communityApplicationMachine, PERSONAL_FORM } from './machine'

// What the community application's page reads of its machine: which step shows, the community
// answers' messages and why step 1 cannot go on (Personal Info's are its form's own selectors).

type Snapshot = SnapshotFrom<typeof communityApplicationMachine>

/** Personal Info shows: while a visitor edits it, and while their application is sent. */
export const isPersonalStep = (snapshot: Snapshot): boolean =>
  snapshot.matches({ editing: 'personal' }) ||
  (!snapshot.matches('editing') && !snapshot.context.signedIn)

/** Personal Info's form as it stands while none runs: the answers being sent. */
export const heldFormOf = (snapshot: Snapshot) => heldForm(snapshot.context, PERSONAL_FORM)

/** The message beside each community answer that is too long to send. */
export function communityErrorsOf(
  community: CommunityDetails,
): Partial<Record<CommunityField, string>> {
  const errors: Partial<Record<CommunityField, string>> = {}
  for (const field of Object.keys(community) as CommunityField[]) {
    const problem = communityProblem(field, community[field])
    if (problem) errors[field] = problem
  }
  return errors
}

/** Why step 1's Next (or a member's Submit) is disabled, in a sentence; null when it is not. */
export function communityBlockerOf(snapshot: Snapshot): string | null {
  const { community, signedIn } = snapshot.context
  const verb = signedIn ? 'submit' : 'continue'
  if (community.size === LARGER_COMMUNITY) {
    return 'Communities of more than 8 apply through support (see above).'
  }
  const missing = missingCommunityFields(community)
  if (missing.length > 0) return `Fill in ${andList(missing)} to ${verb}.`
  const long = Object.keys(communityErrorsOf(community)) as CommunityField[]
  return long.length > 0
    ? `Shorten ${andList(long.map((field) => COMMUNITY_LABELS[field]))} to ${verb}.`
    : null
}
