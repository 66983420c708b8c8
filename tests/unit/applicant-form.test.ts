import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  type ApplicantFormInput,
  applicantFormMachine,
} from '../../machines/applicant-form/machine'
import {
  blockerOf,
  fieldErrorsOf,
  heldForm,
  missingOf,
} from '../../machines/applicant-form/selectors'
import { STEP_FORMS } from '../../machines/application/machine'
import {
  communityBlockerOf,
  communityErrorsOf,
} from '../../machines/community-application/selectors'
import { SIGNUP_FORM } from '../../machines/member-signup/machine'
import { emptyApplicant } from '../../machines/rules/application'

// The applicant form's guards and what its views read: the messages beside the fields, the list
// of what is missing and why Next or Submit is disabled.

const today = '2026-11-24'

/** A form of one flow's settings (the Contact step's by default). */
function start(input: Partial<ApplicantFormInput> = {}) {
  const settings = input.fields ? {} : STEP_FORMS.contact
  return createActor(applicantFormMachine, {
    input: { applicant: {}, today, fields: [], required: [], ...settings, ...input },
  }).start()
}

describe('the applicant form', () => {
  it("shows a short phone's message once the field is left, and does not go on", () => {
    const form = start()
    form.send({ type: 'field.changed', field: 'email', value: 'ada@example.com' })
    form.send({ type: 'field.changed', field: 'phone', value: '0803' })
    expect(fieldErrorsOf(form.getSnapshot().context)).toEqual({})
    form.send({ type: 'field.left', field: 'phone' })
    expect(fieldErrorsOf(form.getSnapshot().context)).toEqual({
      phone: 'Enter a phone number with at least 5 digits.',
    })
    expect(blockerOf(form.getSnapshot().context)).toBe('Correct the phone number to submit.')
    expect(form.getSnapshot().can({ type: 'form.submitted' })).toBe(false)
    form.send({ type: 'form.submitted' })
    expect(form.getSnapshot().status).toBe('active')
    form.send({ type: 'field.changed', field: 'phone', value: '0803 555 0144' })
    form.send({ type: 'form.submitted' })
    expect(form.getSnapshot().output).toMatchObject({
      went: 'on',
      applicant: { phone: '0803 555 0144' },
    })
  })

  it('says at once that a 5,000-character name is too long, and keeps Next closed', () => {
    const form = start({ ...STEP_FORMS.profile })
    form.send({ type: 'field.changed', field: 'firstName', value: 'A'.repeat(5000) })
    form.send({ type: 'field.changed', field: 'lastName', value: 'Okafor' })
    form.send({ type: 'field.changed', field: 'dateOfBirth', value: '1990-04-12' })
    const { context } = form.getSnapshot()
    expect(fieldErrorsOf(context).firstName).toBe('Use at most 120 characters; this has 5,000.')
    expect(blockerOf(context)).toBe('Correct the first name to continue.')
    expect(form.getSnapshot().can({ type: 'form.submitted' })).toBe(false)
  })

  it('lists what is missing in the form’s order, and every field when all are needed', () => {
    const profile = start({ ...STEP_FORMS.profile, applicant: { firstName: 'Tolu' } })
    expect(missingOf(profile.getSnapshot().context)).toEqual(['lastName', 'dateOfBirth'])
    expect(blockerOf(profile.getSnapshot().context)).toBe(
      'Fill in last name and date of birth to continue.',
    )
    const signup = start({ ...SIGNUP_FORM, applicant: { email: 'bisi@example.com' } })
    expect(blockerOf(signup.getSnapshot().context)).toBe('Fill in every field to submit (15 left).')
  })

  it('never lets a draft or a change touch a locked field', () => {
    const signup = start({ ...SIGNUP_FORM, applicant: { email: 'bisi@example.com' } })
    signup.send({ type: 'field.changed', field: 'email', value: 'x@y.z' })
    signup.send({ type: 'draft.restored', applicant: { firstName: 'Bisi', email: 'x@y.z' } })
    expect(signup.getSnapshot().context.applicant).toMatchObject({
      firstName: 'Bisi',
      email: 'bisi@example.com',
    })
  })

  it('goes back only where there is a step before, carrying its answers and message', () => {
    const first = start({ ...STEP_FORMS.profile })
    expect(first.getSnapshot().can({ type: 'step.movedBack' })).toBe(false)
    const contact = start({ error: 'We could not send your application.' })
    contact.send({ type: 'step.movedBack' })
    expect(contact.getSnapshot().output).toMatchObject({
      went: 'back',
      error: 'We could not send your application.',
    })
  })

  it('shows the answers being sent as a held form, without messages', () => {
    const held = heldForm(
      { applicant: { ...emptyApplicant(), phone: '0803' }, today, error: null },
      STEP_FORMS.contact,
    )
    expect(held.fields).toEqual(STEP_FORMS.contact.fields)
    expect(fieldErrorsOf(held)).toEqual({})
  })
})

describe('the community answers', () => {
  it('say a description longer than the server takes is too long', () => {
    const about = 'x'.repeat(2001)
    expect(
      communityErrorsOf({ name: 'Poets', size: '4', about, goals: 'g', registered: 'No' }),
    ).toEqual({
      about: 'Use at most 2,000 characters; this has 2,001.',
    })
  })

  it('say why step 1 cannot go on', () => {
    const snapshot = (community: object, signedIn = false) =>
      ({ context: { community, signedIn } }) as Parameters<typeof communityBlockerOf>[0]
    const filled = { name: 'Poets', size: '4', about: 'a', goals: 'g', registered: 'No' }
    expect(communityBlockerOf(snapshot({ ...filled, name: '' }))).toBe(
      'Fill in community name to continue.',
    )
    expect(communityBlockerOf(snapshot({ ...filled, goals: 'g'.repeat(2001) }, true))).toBe(
      'Shorten what it aims to achieve to submit.',
    )
    expect(communityBlockerOf(snapshot(filled))).toBeNull()
  })
})
