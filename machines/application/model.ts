import type { SnapshotFrom } from 'xstate'
import { ApiError } from '../../openapi/client'
import { type ApplicantFormOutput, formContextOf, isFormComplete } from '../applicant-form/machine'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type Applicant, emptyApplicant } from '../rules/application'
import { type ApplicationContext, applicationMachine, STEP_FORMS } from './machine'
import { stepOf } from './selectors'

const today = '2026-11-24'

/**
 * Ada's answers as each step's form (machines/applicant-form, walked on its own) ends with them:
 * the Profile step's, then with her country, then with her e-mail.
 */
const PROFILE: Applicant = {
  ...emptyApplicant(),
  firstName: 'Ada',
  lastName: 'Okafor',
  dateOfBirth: '1990-04-12',
}
const ADDRESS: Applicant = { ...PROFILE, country: 'Nigeria' }
export const ADA: Applicant = { ...ADDRESS, email: 'ada@example.com' }

const formEnded = (applicant: Applicant, went: ApplicantFormOutput['went']) => ({
  output: { applicant, went, error: null } satisfies ApplicantFormOutput,
})

export const applicationModel = defineModel(applicationMachine, {
  description:
    'The individual application: Profile (first name, last name, date of birth needed), Address and Contact (a valid e-mail needed), each a form of its own (the applicant form), then the application is sent, or the invite claimed with a code, and the person goes to the All done page; a failed send keeps everything typed and says why on the Contact step.',
  inputs: {
    'a visitor from the membership page': { name: null, code: null, today },
    'an invitee with a code and a name': { name: 'Chioma', code: 'WELCOME16', today },
  },
  events: {
    // A step's form ends: the person pressed Next (or Submit) with its answers fit, or Previous.
    'xstate.done.actor.applicantForm': [PROFILE, ADDRESS, ADA].flatMap((applicant) => [
      formEnded(applicant, 'on'),
      formEnded(applicant, 'back'),
    ]),
    // A reload: the draft, and the step its history entry left (resumed there when the answers
    // before it are in; else the first step's form takes the draft).
    'draft.resumed': [
      { applicant: ADA, step: 'contact' },
      { applicant: ADDRESS, step: 'address' },
      { applicant: { firstName: 'Bisi' }, step: 'contact' },
    ],
    ...callEndings(
      'submitApplication',
      [undefined],
      [
        { error: new ApiError(409, 'An application for this e-mail is already waiting.') },
        connectionLost,
      ],
    ),
  },
  // A step's form ends with the answers it was given, changed only in its own fields, going on
  // only when they are fit to send; the Profile step has no step before it to go back to.
  sendsWhen: (snapshot, event) => {
    if (event.type !== 'xstate.done.actor.applicantForm') return true
    const { applicant, went } = event.output as ApplicantFormOutput
    const step = stepOf(snapshot as SnapshotFrom<typeof applicationMachine>)
    const given = (snapshot.context as ApplicationContext).applicant
    const own = STEP_FORMS[step].fields
    const fields = Object.keys(given) as (keyof Applicant)[]
    // It goes on only with its needed answers in (Ada's e-mail on the Contact step).
    const fit = isFormComplete(formContextOf({ ...STEP_FORMS[step], applicant, today }))
    return (
      (went === 'on' ? fit : step !== 'profile') &&
      fields.every((field) => own.includes(field) || applicant[field] === given[field])
    )
  },
})
