import type { SnapshotFrom } from 'xstate'
import { heldForm } from '../applicant-form/selectors'
import { type memberSignupMachine, SIGNUP_FORM } from './machine'

// What the member signup page reads of its machine beside its form's own selectors.

/** The profile's form as it stands while none runs: the answers being sent. */
export const heldFormOf = (snapshot: SnapshotFrom<typeof memberSignupMachine>) =>
  heldForm(snapshot.context, SIGNUP_FORM)
