import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { applicantFormMachine } from '../../machines/applicant-form/machine'
import { blockerOf } from '../../machines/applicant-form/selectors'
import { applicationActors } from '../../machines/application/actors'
import { applicationMachine } from '../../machines/application/machine'
import { heldFormOf, stepIndexOf, stepOf } from '../../machines/application/selectors'
import {
  applicantDraftOf,
  INDIVIDUAL_STEPS,
  type IndividualStep,
  latestBirthDate,
} from '../../machines/rules/application'
import { css } from '../../styled-system/css'
import { api } from '../api'
import { ApplicantFields } from '../applicant-form/applicant-fields'
import { useApplicantForm } from '../applicant-form/use-applicant-form'
import { showLiveFlow } from '../live-flows'
import { ApplicationForm, ApplicationLayout } from '../shared/application-layout'
import { entryStepOf, useStepHistory } from '../shared/use-step-history'
import { FormError, WizardActions } from '../shared/wizard-actions'
import { StepHeading, StepIndicator } from '../shared/wizard-steps'
import { drafts } from '../storage'

/** /membership/application (query name, code): the individual application in three steps. */
export default function ApplicationPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [today] = useState(() => latestBirthDate(new Date()))
  const actorRef = useActorRef(
    applicationMachine.provide({
      actors: {
        ...applicationActors(api),
        applicantForm: applicantFormMachine.provide({
          actions: { saveDraft: (_, { applicant }) => drafts.save('application', applicant) },
        }),
      },
      actions: {
        clearDraft: () => drafts.clear('application'),
        navigateToReceived: (_, { path }) => navigate(path),
        logError: (_, { error }) => console.warn('Could not send the application', error),
      },
    }),
    { input: { name: params.get('name'), code: params.get('code'), today }, inspect: showLiveFlow },
  )
  // What was typed in this tab before (a reload, a phone that closed the app) fills the form in
  // again, on the step the reload left. After hydration: the server's page has an empty form.
  const { state } = useLocation()
  const [resumeAt] = useState(() => entryStepOf(state, 'profile') as IndividualStep)
  useEffect(() => {
    const applicant = applicantDraftOf(drafts.read('application'))
    if (applicant) actorRef.send({ type: 'draft.resumed', applicant, step: resumeAt })
  }, [actorRef, resumeAt])
  return <ApplicationView actorRef={actorRef} />
}

const STEP_IDS = INDIVIDUAL_STEPS.map((step) => step.id)

export function ApplicationView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof applicationMachine>
}) {
  const step = useSelector(actorRef, stepIndexOf)
  const stepId = useSelector(actorRef, stepOf)
  const code = useSelector(actorRef, (s) => s.context.code)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const { form, send, canGoOn, canGoBack, submit, back } = useApplicantForm(actorRef, heldFormOf)
  useStepHistory(STEP_IDS, stepId, back)
  const current = INDIVIDUAL_STEPS.find((s) => s.id === stepId) ?? INDIVIDUAL_STEPS[0]
  if (!current) return null
  const last = stepId === 'contact'

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
      <ApplicationForm labelledBy="application-step" onSubmit={submit}>
        <div id="application-step">
          <StepHeading step={current.id}>{current.title}</StepHeading>
        </div>
        <ApplicantFields form={form} send={send} optional={['companyName']} disabled={busy} />
        <FormError message={form.error} />
        <WizardActions
          previous={{ disabled: !canGoBack, onClick: back }}
          {...(last ? { submit: { disabled: !canGoOn, busy } } : { next: { disabled: !canGoOn } })}
          hint={blockerOf(form)}
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
