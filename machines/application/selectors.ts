import type { SnapshotFrom } from 'xstate'
import { heldForm } from '../applicant-form/selectors'
import { INDIVIDUAL_STEPS, type IndividualStep } from '../rules/application'
import { type applicationMachine, STEP_FORMS } from './machine'

// What the individual application's page reads of its machine (the fields themselves are read
// from the running step's form, machines/applicant-form/selectors.ts).

type Snapshot = SnapshotFrom<typeof applicationMachine>

/** The step on screen: the one being edited, or Contact while the answers are sent. */
export function stepOf(snapshot: Snapshot): IndividualStep {
  if (snapshot.matches({ editing: 'profile' })) return 'profile'
  if (snapshot.matches({ editing: 'address' })) return 'address'
  return 'contact'
}

/** The step's place among the three (0, 1 or 2), for the step indicator. */
export const stepIndexOf = (snapshot: Snapshot): number =>
  INDIVIDUAL_STEPS.findIndex((step) => step.id === stepOf(snapshot))

/** The step's form as it stands while none runs: the answers being sent. */
export const heldFormOf = (snapshot: Snapshot) =>
  heldForm(snapshot.context, STEP_FORMS[stepOf(snapshot)])
