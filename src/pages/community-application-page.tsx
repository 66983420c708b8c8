import { useActorRef, useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { communityApplicationActors } from '../../machines/community-application/actors'
import { communityApplicationMachine } from '../../machines/community-application/machine'
import {
  ACCOUNT_EXISTS_BANNER,
  APPLICANT_FIELDS,
  type ApplicantField,
  COMMUNITY_SIZE_OPTIONS,
  type CommunityField,
  communityDraftOf,
  isValidBirthDate,
  LARGER_COMMUNITY,
  latestBirthDate,
  missingCommunityFields,
} from '../../machines/rules/application'
import { isValidEmail } from '../../machines/rules/email'
import { css } from '../../styled-system/css'
import { api } from '../api'
import {
  ApplicantFields,
  ApplicationLayout,
  FormError,
  formCard,
  missingText,
  StepHeading,
  StepIndicator,
  TextArea,
  WizardActions,
} from '../components/applicant-fields'
import { Banner } from '../components/banner'
import { ChoiceChips, Field, textInput } from '../components/form-fields'
import { Skeleton } from '../components/skeleton'
import { useHydrated } from '../initial-data'
import { showLiveFlow } from '../live-flows'
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
      actors: communityApplicationActors(api),
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

const REQUIRED: ApplicantField[] = ['firstName', 'lastName', 'dateOfBirth', 'email']

export function CommunityApplicationView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof communityApplicationMachine>
}) {
  const id = useId()
  const context = useSelector(actorRef, (s) => s.context)
  const personal = useSelector(
    actorRef,
    (s) => s.matches({ editing: 'personal' }) || (!s.matches('editing') && !s.context.signedIn),
  )
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const accountExists = useSelector(actorRef, (s) => s.matches('accountExists'))
  const canNext = useSelector(actorRef, (s) => s.can({ type: 'step.next' }))
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  const { community, applicant, signedIn, today } = context
  const send = (field: CommunityField, value: string) =>
    actorRef.send({ type: 'community.changed', field, value })

  const missing = missingCommunityFields(context.community)
  const applicantMissing: ApplicantField[] = [
    ...(applicant.firstName.trim() ? [] : (['firstName'] as const)),
    ...(applicant.lastName.trim() ? [] : (['lastName'] as const)),
    ...(isValidBirthDate(applicant.dateOfBirth, today) ? [] : (['dateOfBirth'] as const)),
    ...(isValidEmail(applicant.email.trim()) ? [] : (['email'] as const)),
  ]
  const hint = personal
    ? applicantMissing.length > 0
      ? `Fill in ${missingText(applicantMissing)} to submit.`
      : null
    : community.size === LARGER_COMMUNITY
      ? 'Communities of more than 8 apply through support (see above).'
      : missing.length > 0
        ? `Fill in ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')} to ${signedIn ? 'submit' : 'continue'}.`
        : null
  const disabled = busy || accountExists

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
          actorRef.send({ type: personal || signedIn ? 'form.submitted' : 'step.next' })
        }}
      >
        <div id={`${id}-step`}>
          <StepHeading step={personal ? 'personal' : 'community'}>
            {personal ? 'Personal Info' : 'Community Info'}
          </StepHeading>
        </div>
        {personal ? (
          <ApplicantFields
            fields={APPLICANT_FIELDS}
            applicant={applicant}
            today={today}
            required={REQUIRED}
            optional={['companyName']}
            disabled={disabled}
            onChange={(field, value) => actorRef.send({ type: 'field.changed', field, value })}
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
                className={textInput}
              />
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
            <Field label="What does your community do?" htmlFor={`${id}-about`}>
              <TextArea
                id={`${id}-about`}
                name="aboutCommunity"
                aria-required
                rows={4}
                value={community.about}
                onChange={(e) => send('about', e.target.value)}
              />
            </Field>
            <Field label="What does it aim to achieve?" htmlFor={`${id}-goals`}>
              <TextArea
                id={`${id}-goals`}
                name="communityGoals"
                aria-required
                rows={4}
                value={community.goals}
                onChange={(e) => send('goals', e.target.value)}
              />
            </Field>
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
        <FormError message={context.error} />
        {accountExists && (
          <div className={css({ mt: '6' })}>
            <Banner tone="warning">
              <span>
                {ACCOUNT_EXISTS_BANNER}{' '}
                <Link
                  to={`/login?email=${encodeURIComponent(applicant.email.trim())}`}
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
                  onClick: () => actorRef.send({ type: 'step.previous' }),
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
