import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { applicationActors } from '../../machines/application/actors'
import { applicationMachine } from '../../machines/application/machine'
import {
  type ApplicantField,
  applicantDraftOf,
  INDIVIDUAL_STEPS,
  isValidBirthDate,
  latestBirthDate,
} from '../../machines/rules/application'
import { isValidEmail } from '../../machines/rules/email'
import { css } from '../../styled-system/css'
import { api } from '../api'
import {
  ApplicantFields,
  ApplicationForm,
  ApplicationLayout,
  FormError,
  missingText,
  StepHeading,
  StepIndicator,
  WizardActions,
} from '../components/applicant-fields'
import { showLiveFlow } from '../live-flows'
import { drafts } from '../storage'

/** /membership/application (query name, code): the individual application in three steps. */
export default function ApplicationPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [today] = useState(() => latestBirthDate(new Date()))
  const actorRef = useActorRef(
    applicationMachine.provide({
      actors: applicationActors(api),
      actions: {
        saveDraft: (_, { applicant }) => drafts.save('application', applicant),
        clearDraft: () => drafts.clear('application'),
        navigateToReceived: (_, { path }) => navigate(path),
        logError: (_, { error }) => console.warn('Could not send the application', error),
      },
    }),
    { input: { name: params.get('name'), code: params.get('code'), today }, inspect: showLiveFlow },
  )
  // What was typed in this tab before (a reload, a phone that closed the app) fills the form in
  // again. After hydration: the server's page has an empty form.
  useEffect(() => {
    const applicant = applicantDraftOf(drafts.read('application'))
    if (applicant) actorRef.send({ type: 'draft.restored', applicant })
  }, [actorRef])
  return <ApplicationView actorRef={actorRef} />
}

const REQUIRED: ApplicantField[] = ['firstName', 'lastName', 'dateOfBirth', 'email']

export function ApplicationView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof applicationMachine>
}) {
  const step = useSelector(actorRef, (s) =>
    s.matches({ editing: 'address' })
      ? 1
      : s.matches({ editing: 'contact' }) || !s.matches('editing')
        ? 2
        : 0,
  )
  const applicant = useSelector(actorRef, (s) => s.context.applicant)
  const today = useSelector(actorRef, (s) => s.context.today)
  const code = useSelector(actorRef, (s) => s.context.code)
  const error = useSelector(actorRef, (s) => s.context.error)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const canNext = useSelector(actorRef, (s) => s.can({ type: 'step.next' }))
  const canPrevious = useSelector(actorRef, (s) => s.can({ type: 'step.previous' }))
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  const current = INDIVIDUAL_STEPS[step] ?? INDIVIDUAL_STEPS[0]
  if (!current) return null
  const last = step === INDIVIDUAL_STEPS.length - 1

  const missing: ApplicantField[] = [
    ...(applicant.firstName.trim() ? [] : (['firstName'] as const)),
    ...(applicant.lastName.trim() ? [] : (['lastName'] as const)),
    ...(isValidBirthDate(applicant.dateOfBirth, today) ? [] : (['dateOfBirth'] as const)),
  ]
  const hint = last
    ? isValidEmail(applicant.email.trim())
      ? null
      : 'Enter a valid email address to submit.'
    : step === 0 && missing.length > 0
      ? `Fill in ${missingText(missing)} to continue.`
      : null

  return (
    <ApplicationLayout
      eyebrow="Friends of 16"
      title="Apply for membership"
      intro={
        code ? (
          <p>
            You were invited to Friends of 16. Tell us about yourself and we will be in touch by
            e-mail.
          </p>
        ) : (
          <p>
            Tell us about yourself in three short steps. It takes about three minutes; we reply by
            e-mail.
          </p>
        )
      }
    >
      <StepIndicator steps={INDIVIDUAL_STEPS.map((s) => s.title)} current={step} />
      <ApplicationForm
        labelledBy="application-step"
        onSubmit={() => actorRef.send({ type: last ? 'form.submitted' : 'step.next' })}
      >
        <div id="application-step">
          <StepHeading step={current.id}>{current.title}</StepHeading>
        </div>
        <ApplicantFields
          fields={current.fields}
          applicant={applicant}
          today={today}
          required={REQUIRED}
          optional={['companyName']}
          disabled={busy}
          onChange={(field, value) => actorRef.send({ type: 'field.changed', field, value })}
        />
        <FormError message={error} />
        <WizardActions
          previous={{
            disabled: !canPrevious,
            onClick: () => actorRef.send({ type: 'step.previous' }),
          }}
          {...(last
            ? { submit: { disabled: !canSubmit, busy } }
            : { next: { disabled: !canNext } })}
          hint={hint}
        />
      </ApplicationForm>
      <p className={css({ mt: '6', fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
        Applying for a group?{' '}
        <Link
          to="/membership/community-application"
          className={css({
            color: 'clay.700',
            fontWeight: 'semibold',
            textDecoration: 'underline',
          })}
        >
          Apply as a community
        </Link>
      </p>
    </ApplicationLayout>
  )
}
