import { useActorRef, useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { applicantFormMachine } from '../../machines/applicant-form/machine'
import { blockerOf } from '../../machines/applicant-form/selectors'
import { communityApplicationActors } from '../../machines/community-application/actors'
import { communityApplicationMachine } from '../../machines/community-application/machine'
import {
  communityBlockerOf,
  communityErrorsOf,
  heldFormOf,
  isPersonalStep,
} from '../../machines/community-application/selectors'
import {
  ACCOUNT_EXISTS_BANNER,
  COMMUNITY_SIZE_OPTIONS,
  type CommunityField,
  communityDraftOf,
  LARGER_COMMUNITY,
  latestBirthDate,
} from '../../machines/rules/application'
import { css } from '../../styled-system/css'
import { api } from '../api'
import { ApplicantFields, errorText, fieldInput } from '../applicant-form/applicant-fields'
import { useApplicantForm } from '../applicant-form/use-applicant-form'
import { useHydrated } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { ApplicationLayout, formCard } from '../shared/application-layout'
import { Banner } from '../shared/banner'
import { ChoiceChips, Field } from '../shared/form-fields'
import { Skeleton } from '../shared/skeleton'
import { TextArea } from '../shared/text-area'
import { useStepHistory } from '../shared/use-step-history'
import { FormError, WizardActions } from '../shared/wizard-actions'
import { StepHeading, StepIndicator } from '../shared/wizard-steps'
import { mailLink, SITE } from '../site'
import { drafts, readSession, storage } from '../storage'

/**
 * /membership/community-application. Who applies depends on the stored login, which only the
 * browser has: the server's HTML shows the page's frame, the form follows once hydrated.
 */
export default function CommunityApplicationPage() {
  const hydrated = useHydrated()
  return (
    <ApplicationLayout
      eyebrow="Friends of 16"
      title="Community application"
      intro={
        <p>
          Bring your collective, studio or club into Friends of 16: memberships for 4, 6 or 8
          people, one application.
        </p>
      }
    >
      {hydrated ? <CommunityApplicationScreen /> : <FormSkeleton />}
    </ApplicationLayout>
  )
}

function FormSkeleton() {
  return (
    <div className={formCard} aria-busy="true">
      <span className={css({ srOnly: true })}>Loading the form</span>
      <Skeleton className={css({ h: '8', w: '48', mb: '6' })} />
      <div className={css({ display: 'grid', gap: '5' })}>
        <Skeleton className={css({ h: '12' })} />
        <Skeleton className={css({ h: '12' })} />
        <Skeleton className={css({ h: '28' })} />
      </div>
    </div>
  )
}

function CommunityApplicationScreen() {
  const navigate = useNavigate()
  const [input] = useState(() => {
    const session = readSession()
    return {
      viewer: { signedIn: session !== null, email: session ? storage.get('userEmail') : null },
      today: latestBirthDate(new Date()),
      // What was typed in this tab before (a reload, a phone that closed the app).
      draft: communityDraftOf(drafts.read('community-application')),
    }
  })
  const actorRef = useActorRef(
    communityApplicationMachine.provide({
      actors: {
        ...communityApplicationActors(api),
        // Personal Info's answers join the community's in the one draft of this form.
        applicantForm: applicantFormMachine.provide({
          actions: {
            saveDraft: (_, { applicant }) =>
              drafts.save('community-application', {
                community: communityDraftOf(drafts.read('community-application'))?.community ?? {},
                applicant,
              }),
          },
        }),
      },
      actions: {
        saveDraft: (_, draft) => drafts.save('community-application', draft),
        clearDraft: () => drafts.clear('community-application'),
        navigateToReceived: (_, { path }) => navigate(path),
        navigateToLogin: (_, { email }) =>
          navigate(email ? `/login?email=${encodeURIComponent(email)}` : '/login'),
        logError: (_, { error }) => console.warn('Could not send the community application', error),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  return <CommunityApplicationView actorRef={actorRef} />
}

const COMMUNITY_STEPS = ['community', 'personal'] as const

export function CommunityApplicationView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof communityApplicationMachine>
}) {
  const id = useId()
  const context = useSelector(actorRef, (s) => s.context)
  const personal = useSelector(actorRef, isPersonalStep)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const accountExists = useSelector(actorRef, (s) => s.matches('accountExists'))
  const canNext = useSelector(actorRef, (s) => s.can({ type: 'step.advanced' }))
  const canSubmitCommunity = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  const communityBlocker = useSelector(actorRef, communityBlockerOf)
  const applicantForm = useApplicantForm(actorRef, heldFormOf)
  useStepHistory(COMMUNITY_STEPS, personal ? 'personal' : 'community', applicantForm.back)
  const { community, signedIn } = context
  const communityErrors = communityErrorsOf(community)
  const send = (field: CommunityField, value: string) =>
    actorRef.send({ type: 'field.changed', field, value })
  const canSubmit = personal ? applicantForm.canGoOn : canSubmitCommunity
  const hint = personal ? blockerOf(applicantForm.form) : communityBlocker
  const error = personal ? applicantForm.form.error : context.error
  const disabled = busy || accountExists
  const nameError = communityErrors.name

  return (
    <>
      {!signedIn && (
        <StepIndicator steps={['Community Info', 'Personal Info']} current={personal ? 1 : 0} />
      )}
      <form
        noValidate
        aria-labelledby={`${id}-step`}
        className={formCard}
        onSubmit={(e) => {
          e.preventDefault()
          if (personal) applicantForm.submit()
          else actorRef.send({ type: signedIn ? 'form.submitted' : 'step.advanced' })
        }}
      >
        <div id={`${id}-step`}>
          <StepHeading step={personal ? 'personal' : 'community'}>
            {personal ? 'Personal Info' : 'Community Info'}
          </StepHeading>
        </div>
        {personal ? (
          <ApplicantFields
            form={applicantForm.form}
            send={applicantForm.send}
            optional={['companyName']}
            disabled={disabled}
          />
        ) : (
          <fieldset disabled={disabled} className={css({ display: 'grid', gap: '6', minW: '0' })}>
            <legend className={css({ srOnly: true })}>About your community</legend>
            <Field label="Community name" htmlFor={`${id}-name`}>
              <input
                id={`${id}-name`}
                name="communityName"
                aria-required
                autoCapitalize="words"
                value={community.name}
                onChange={(e) => send('name', e.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id}-name-error` : undefined}
                className={fieldInput}
              />
              <FieldError id={`${id}-name-error`} message={nameError} />
            </Field>
            <div>
              <ChoiceChips
                legend="How many people?"
                name={`${id}-size`}
                options={COMMUNITY_SIZE_OPTIONS.map((o) => ({ ...o }))}
                chosen={community.size || null}
                disabled={disabled}
                onChoose={(value) => send('size', value)}
              />
              {community.size === LARGER_COMMUNITY && (
                <div className={css({ mt: '3' })}>
                  <Banner tone="info">
                    <span>
                      For communities of more than 8 people, contact{' '}
                      <a
                        href={mailLink(
                          'Community membership for more than 8 people',
                          `Hello,\n\nWe would like a customised community membership for ${community.name || 'our community'}.\n`,
                        )}
                        className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
                      >
                        {SITE.supportEmail}
                      </a>{' '}
                      for a customised application.
                    </span>
                  </Banner>
                </div>
              )}
            </div>
            <LongAnswer
              label="What does your community do?"
              id={`${id}-about`}
              name="aboutCommunity"
              value={community.about}
              error={communityErrors.about}
              onChange={(value) => send('about', value)}
            />
            <LongAnswer
              label="What does it aim to achieve?"
              id={`${id}-goals`}
              name="communityGoals"
              value={community.goals}
              error={communityErrors.goals}
              onChange={(value) => send('goals', value)}
            />
            <ChoiceChips
              legend="Is the community registered?"
              name={`${id}-registered`}
              options={[
                { value: 'Yes', label: 'Yes' },
                { value: 'No', label: 'No' },
              ]}
              chosen={community.registered || null}
              disabled={disabled}
              onChoose={(value) => send('registered', value)}
            />
          </fieldset>
        )}
        <FormError message={error} />
        {accountExists && (
          <div className={css({ mt: '6' })}>
            <Banner tone="warning">
              <span>
                {ACCOUNT_EXISTS_BANNER}{' '}
                <Link
                  to={`/login?email=${encodeURIComponent(context.applicant.email.trim())}`}
                  className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
                >
                  Log in now
                </Link>
              </span>
            </Banner>
          </div>
        )}
        <WizardActions
          previous={
            signedIn
              ? undefined
              : {
                  disabled: !personal || disabled,
                  onClick: applicantForm.back,
                }
          }
          {...(personal || signedIn
            ? { submit: { disabled: !canSubmit, busy: busy } }
            : { next: { disabled: !canNext } })}
          hint={hint}
        />
      </form>
    </>
  )
}

/** A field's message under it, tied to the field by its id (nothing while there is none). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className={errorText}>
      {message}
    </p>
  )
}

/** A community answer of a few lines (what it does, what it aims at), with its message. */
function LongAnswer({
  label,
  id,
  name,
  value,
  error,
  onChange,
}: {
  label: string
  id: string
  name: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <Field label={label} htmlFor={id}>
      <TextArea
        id={id}
        name={name}
        aria-required
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </Field>
  )
}
