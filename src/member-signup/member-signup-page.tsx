import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { applicantFormMachine } from '../../machines/applicant-form/machine'
import { blockerOf } from '../../machines/applicant-form/selectors'
import { memberSignupActors } from '../../machines/member-signup/actors'
import { memberSignupMachine } from '../../machines/member-signup/machine'
import { heldFormOf } from '../../machines/member-signup/selectors'
import { applicantDraftOf, latestBirthDate } from '../../machines/rules/application'
import type { Api } from '../../openapi/client'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { ApplicantFields } from '../applicant-form/applicant-fields'
import { useApplicantForm } from '../applicant-form/use-applicant-form'
import { showLiveFlow } from '../live-flows'
import { ApplicationForm, ApplicationLayout, formCard } from '../shared/application-layout'
import { FormError, WizardActions } from '../shared/wizard-actions'
import { mailLink, SITE } from '../site'
import { drafts } from '../storage'

let anonymous: Promise<Api> | null = null

/**
 * A client that never sends the stored token: the signup call is made without one (spec), since
 * whoever is logged in on this browser need not be the invitee.
 */
const anonymousApi = {
  POST: (...call: unknown[]) => {
    anonymous ??= import('../../openapi/create-client').then(({ createApiClient }) =>
      createApiClient(),
    )
    return anonymous.then((client) => (client.POST as (...c: unknown[]) => unknown)(...call))
  },
} as unknown as Api

/** /member-signup (query community, name, email): an invited person completes their profile. */
export default function MemberSignupPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [today] = useState(() => latestBirthDate(new Date()))
  const actorRef = useActorRef(
    memberSignupMachine.provide({
      actors: {
        ...memberSignupActors(anonymousApi),
        applicantForm: applicantFormMachine.provide({
          actions: { saveDraft: (_, { applicant }) => drafts.save('member-signup', applicant) },
        }),
      },
      actions: {
        clearDraft: () => drafts.clear('member-signup'),
        navigateToReceived: (_, { path }) => navigate(path),
        logError: (_, { error }) => console.warn('Could not complete the signup', error),
      },
    }),
    {
      input: {
        communityId: params.get('community'),
        communityName: params.get('name'),
        email: params.get('email'),
        today,
      },
      inspect: showLiveFlow,
    },
  )
  // What was typed in this tab before (a reload, a phone that closed the app) fills the form in
  // again. After hydration: the server's page has an empty form.
  useEffect(() => {
    const applicant = applicantDraftOf(drafts.read('member-signup'))
    const form = actorRef.getSnapshot().children.applicantForm
    if (applicant) form?.send({ type: 'draft.restored', applicant })
  }, [actorRef])
  return <MemberSignupView actorRef={actorRef} />
}

export function MemberSignupView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof memberSignupMachine>
}) {
  const id = useId()
  const invalidLink = useSelector(actorRef, (s) => s.matches('invalidLink'))
  const communityName = useSelector(actorRef, (s) => s.context.communityName)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const { form, send, canGoOn, submit } = useApplicantForm(actorRef, heldFormOf)

  if (invalidLink) {
    return (
      <ApplicationLayout
        eyebrow="Friends of 16"
        title="Complete your profile"
        intro={
          <p>
            This invite link is incomplete: it does not say which community invited you, or which
            e-mail address was invited.
          </p>
        }
      >
        <div className={formCard}>
          <p className={css({ mb: '5', lineHeight: 'relaxed' })}>
            Open the link in your invitation e-mail again, or ask the person who invited you to send
            a new invite. If it still does not work, write to{' '}
            <a
              href={mailLink(
                'My community invite link',
                'Hello,\n\nMy invite link does not work.\n',
              )}
              className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
            >
              {SITE.supportEmail}
            </a>
            .
          </p>
          <Link to="/membership" className={button({ variant: 'outline', size: 'lg' })}>
            About Friends of 16
          </Link>
        </div>
      </ApplicationLayout>
    )
  }

  return (
    <ApplicationLayout
      eyebrow={communityName ? `Invited to ${communityName}` : 'Community invite'}
      title="Complete your profile"
      intro={
        <p>
          You have been invited to join {communityName ?? 'a community'} on Friends of 16. Fill in
          your profile to accept; every field is needed.
        </p>
      }
    >
      <ApplicationForm labelledBy={`${id}-title`} onSubmit={submit}>
        <h2 id={`${id}-title`} className={css({ textStyle: 'display.subhead', mb: '6' })}>
          Your profile
        </h2>
        <ApplicantFields form={form} send={send} disabled={busy} />
        <FormError message={form.error} />
        <WizardActions submit={{ disabled: !canGoOn, busy }} hint={blockerOf(form)} />
      </ApplicationForm>
    </ApplicationLayout>
  )
}
