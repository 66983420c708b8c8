import { useSelector } from '@xstate/react'
import { Link, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { applicationReviewActors } from '../../machines/application-review/actors'
import { applicationReviewMachine } from '../../machines/application-review/machine'
import type { StaffApplication } from '../../machines/staff-applications/machine'
import {
  appliedLine,
  decidedMessage,
  decisionLine,
  KIND_LABELS,
  NOTE_MAX_LENGTH,
  noteRoom,
} from '../../machines/staff-applications/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { onSubmitted } from '../shared/form-fields'
import { card, LoadNotice, LoadStatus } from '../shared/member-page'
import { NotStaff, ReasonField, StaffPage, SubmitOrCancel, staffColumn } from '../shared/staff-page'

/** /staff/applications/:id: one application, read in full, then approved or declined. */
export default function ApplicationReviewPage() {
  const { applicationId = '' } = useParams()
  const actorRef = useMemberFlow(
    applicationReviewMachine,
    applicationReviewActors(api),
    'Could not decide the application',
    { level: 'error', input: { id: applicationId } },
  )
  return <ApplicationReviewView actorRef={actorRef} />
}

type ReviewRef = ActorRefFrom<typeof applicationReviewMachine>

export function ApplicationReviewView({ actorRef }: { actorRef: ReviewRef }) {
  const load = useLoadStates(actorRef)
  const state = useSelector(actorRef, (s) => s)
  const application = state.context.application
  const back = '/staff/applications'
  if (state.hasTag('forbidden')) {
    return (
      <StaffPage title="Application" back={back}>
        <NotStaff />
      </StaffPage>
    )
  }
  if (state.hasTag('missing')) {
    return (
      <StaffPage title="Application" back={back}>
        <div role="alert" className={cx(card, css({ px: '5', py: '6', textAlign: 'center' }))}>
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            No application has this address
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
            Open it again from the list of applications.
          </p>
          <Link
            to={back}
            className={cx(button({ variant: 'outline', size: 'md' }), css({ mt: '4' }))}
          >
            All applications
          </Link>
        </div>
      </StaffPage>
    )
  }
  return (
    <StaffPage
      title={application?.name ?? 'Application'}
      back={back}
      lead={
        application ? (
          <span className={css({ overflowWrap: 'anywhere' })}>{application.email}</span>
        ) : undefined
      }
    >
      <LoadStatus
        {...load}
        what="the application"
        onRetry={() => actorRef.send({ type: 'application.retried' })}
      />
      {application && state.matches('ready') && (
        // Long names and e-mail addresses wrap rather than widen the page at 320 px.
        <div
          className={grid({
            gap: '5',
            gridTemplateColumns: 'minmax(0, 1fr)',
            overflowWrap: 'anywhere',
          })}
        >
          <Decision actorRef={actorRef} application={application} />
          <Answers application={application} />
        </div>
      )}
    </StaffPage>
  )
}

/** The application's state and what staff can do with it now. */
function Decision({
  actorRef,
  application,
}: {
  actorRef: ReviewRef
  application: StaffApplication
}) {
  const state = useSelector(actorRef, (s) => s)
  const send = actorRef.send
  const decision = decisionLine(application)
  const summary = (
    <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
      {KIND_LABELS[application.kind]} membership · {appliedLine(application)}
      {application.community ? ` · for ${application.community}` : ''}
      {application.inviteCode ? ` · invite ${application.inviteCode}` : ''}
    </p>
  )
  const panel = cx(staffColumn, css({ px: { base: '4', md: '5' }, py: '4' }))
  const actions = flex({ gap: '3', wrap: 'wrap' })

  if (state.matches({ ready: 'decided' })) {
    return (
      <section aria-label="Decision" className={staffColumn}>
        {summary}
        <div role="status" className={cx(card, panel, css({ borderColor: 'palm.300' }))}>
          <p className={css({ fontWeight: 'semibold' })}>{decidedMessage(application)}</p>
          <Link to="/staff/applications" className={button({ variant: 'outline', size: 'md' })}>
            Back to the applications
          </Link>
        </div>
      </section>
    )
  }
  if (state.matches({ ready: 'closed' })) {
    return (
      <section aria-label="Decision" className={staffColumn}>
        {summary}
        <div className={cx(card, panel)}>
          <p className={css({ fontWeight: 'semibold' })}>{decision}</p>
          {application.decisionNote && (
            <p className={css({ fontSize: 'sm', whiteSpace: 'pre-line' })}>
              Note sent: {application.decisionNote}
            </p>
          )}
        </div>
      </section>
    )
  }
  const busy = state.hasTag('busy')
  return (
    <section aria-label="Decision" className={staffColumn}>
      {summary}
      {state.matches({ ready: 'open' }) && (
        <div className={actions}>
          <button
            type="button"
            className={button({ size: 'lg' })}
            onClick={() => send({ type: 'approve.started' })}
          >
            Approve
          </button>
          <button
            type="button"
            className={button({ variant: 'outline', size: 'lg' })}
            onClick={() => send({ type: 'decline.started' })}
          >
            Decline
          </button>
        </div>
      )}
      {(state.matches({ ready: 'confirmingApproval' }) ||
        state.matches({ ready: 'approving' }) ||
        state.matches({ ready: 'approveFailed' })) && (
        <div className={cx(card, panel)}>
          <p className={css({ fontWeight: 'semibold' })}>Approve {application.name}?</p>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Their account is made from these answers, and a welcome e-mail with a login link goes to{' '}
            {application.email}.
          </p>
          {state.matches({ ready: 'approveFailed' }) && <DecisionFailed what="approve" />}
          <SubmitOrCancel
            label="Yes, approve"
            busyLabel="Approving…"
            busy={busy}
            onConfirm={() =>
              send({
                type: state.matches({ ready: 'approveFailed' })
                  ? 'decision.retried'
                  : 'approve.confirmed',
              })
            }
            onCancel={() => send({ type: 'decision.cancelled' })}
          />
        </div>
      )}
      {(state.matches({ ready: 'writingNote' }) ||
        state.matches({ ready: 'declining' }) ||
        state.matches({ ready: 'declineFailed' })) && (
        <form
          aria-label="Decline"
          className={cx(card, panel)}
          onSubmit={onSubmitted(() =>
            send({
              type: state.matches({ ready: 'declineFailed' })
                ? 'decision.retried'
                : 'decline.confirmed',
            }),
          )}
        >
          <p className={css({ fontWeight: 'semibold' })}>Decline {application.name}?</p>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            A polite e-mail goes to {application.email}. Your note, if you write one, is added to it
            as you write it.
          </p>
          <ReasonField
            label="Note for the applicant (optional)"
            value={state.context.note}
            maxLength={NOTE_MAX_LENGTH}
            room={noteRoom(state.context.note)}
            busy={busy}
            onChange={(note) => send({ type: 'note.changed', note })}
          />
          {state.matches({ ready: 'declineFailed' }) && <DecisionFailed what="decline" />}
          <SubmitOrCancel
            label="Yes, decline"
            busyLabel="Declining…"
            busy={busy}
            onCancel={() => send({ type: 'decision.cancelled' })}
          />
        </form>
      )}
      {state.matches({ ready: 'refused' }) && (
        <div role="alert" className={cx(card, panel, css({ borderColor: 'berry.300' }))}>
          <p className={css({ fontWeight: 'semibold' })}>{state.context.refusal}</p>
          <button
            type="button"
            className={button({ variant: 'outline', size: 'md' })}
            onClick={() => send({ type: 'application.reloaded' })}
          >
            Read it again
          </button>
        </div>
      )}
      {state.hasTag('expired') && <LoadNotice kind="expired" what="the decision" />}
    </section>
  )
}

function DecisionFailed({ what }: { what: 'approve' | 'decline' }) {
  return (
    <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
      We couldn't reach the server, so nothing was sent. Check the connection, then {what} again.
    </p>
  )
}

/** Every answer the applicant gave, as the form asked it. */
function Answers({ application }: { application: StaffApplication }) {
  return (
    <section
      aria-label="Answers"
      className={cx(card, css({ px: { base: '4', md: '5' }, py: '4' }))}
    >
      <h2 className={css({ fontWeight: 'semibold', mb: '3' })}>Answers</h2>
      <dl
        className={grid({
          gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 14rem) minmax(0, 1fr)' },
          columnGap: '4',
          rowGap: { base: '0.5', sm: '2' },
          fontSize: 'sm',
          overflowWrap: 'anywhere',
        })}
      >
        {application.answers.map((answer) => (
          <div key={answer.label} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted', mt: { base: '2', sm: '0' } })}>
              {answer.label}
            </dt>
            <dd className={css({ whiteSpace: 'pre-line' })}>{answer.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
