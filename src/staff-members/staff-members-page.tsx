import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { staffMembersActors } from '../../machines/staff-members/actors'
import { type StaffMember, staffMembersMachine } from '../../machines/staff-members/machine'
import {
  extendedMessage,
  firstExtensionDay,
  INCOMPLETE_EXTENSION,
  MEMBER_STATUS_LABELS,
  membershipLine,
  membersLead,
} from '../../machines/staff-members/selectors'
import { REASON_MAX_LENGTH, reasonRoom } from '../../machines/staff-payments/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { useStaffStates } from '../member-flow'
import { DoneLine, Field, onSubmitted, RefusedLine, textInput } from '../shared/form-fields'
import { LoadNotice } from '../shared/member-page'
import {
  NotReached,
  ReasonField,
  RowTitle,
  StaffPage,
  StaffResults,
  StaffSearch,
  SubmitOrCancel,
  staffCard,
  staffColumn,
  staffFlowPage,
} from '../shared/staff-page'

/** /staff/members: find a member; extend a membership by hand, with a reason. */
export default staffFlowPage(
  staffMembersMachine,
  staffMembersActors,
  'Could not load or extend the members',
  StaffMembersView,
  'error',
)

type MembersRef = ActorRefFrom<typeof staffMembersMachine>

const STATUS_TONES: Record<StaffMember['status'], 'free' | 'neutral' | 'danger'> = {
  active: 'free',
  inactive: 'neutral',
  expired: 'danger',
}

export function StaffMembersView({ actorRef }: { actorRef: MembersRef }) {
  const { forbidden, ready } = useStaffStates(actorRef)
  const { query, members } = useSelector(actorRef, (s) => s.context)
  return (
    <StaffPage
      title="Members"
      forbidden={forbidden}
      lead="Find a member by name, e-mail or phone. Extend a membership by hand, with the reason."
    >
      <StaffSearch actorRef={actorRef} name="Find members" label="Name, e-mail or phone" />
      <StaffResults
        actorRef={actorRef}
        label="Members found"
        what="the members"
        retried="members.retried"
        rows={ready ? members : null}
        lead={(count) => membersLead(query, count)}
        row={(member) => <MemberRow key={member.id} actorRef={actorRef} member={member} />}
      />
    </StaffPage>
  )
}

function MemberRow({ actorRef, member }: { actorRef: MembersRef; member: StaffMember }) {
  const chosen = useSelector(actorRef, (s) => s.context.chosen === member.id)
  const browsing = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'browsing' }) || s.matches({ ready: 'extended' }),
  )
  const extended = useSelector(actorRef, (s) => chosen && s.matches({ ready: 'extended' }))
  return (
    <li className={staffCard}>
      <RowTitle name={member.name}>
        <span className={cx(badge({ tone: STATUS_TONES[member.status] }), css({ flexShrink: 0 }))}>
          {MEMBER_STATUS_LABELS[member.status]}
        </span>
      </RowTitle>
      <div className={grid({ fontSize: 'sm', gap: '0.5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <p>{[member.email, member.phone].filter(Boolean).join(' · ')}</p>
        <p className={css({ color: 'fg.muted' })}>
          {member.role} · {membershipLine(member)}
        </p>
      </div>
      {browsing && (
        <button
          type="button"
          className={cx(button({ variant: 'outline', size: 'md' }), css({ justifySelf: 'start' }))}
          onClick={() => actorRef.send({ type: 'extend.started', id: member.id })}
        >
          Extend
        </button>
      )}
      {extended && <DoneLine>{extendedMessage(member)}</DoneLine>}
      {chosen && <ExtensionForm actorRef={actorRef} member={member} />}
    </li>
  )
}

/** The extension of the chosen member: the new last day and the reason, then the call. */
function ExtensionForm({ actorRef, member }: { actorRef: MembersRef; member: StaffMember }) {
  const state = useSelector(actorRef, (s) => s)
  const untilId = useId()
  const send = actorRef.send
  const { until, reason, incomplete, refusal } = state.context
  const writing = (['extending', 'saving', 'refused', 'saveFailed'] as const).some((name) =>
    state.matches({ ready: name }),
  )
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the extension" />
  if (!writing) return null
  const busy = state.hasTag('busy')
  const failed = state.matches({ ready: 'saveFailed' })
  return (
    <form
      aria-label="Extension"
      noValidate
      className={cx(staffColumn, css({ borderTopWidth: '1px', borderColor: 'sand.200', pt: '3' }))}
      onSubmit={onSubmitted(() => send({ type: failed ? 'extend.retried' : 'extend.confirmed' }))}
    >
      <Field label="New last day" htmlFor={untilId}>
        <input
          id={untilId}
          type="date"
          value={until}
          min={firstExtensionDay(member, new Date())}
          readOnly={busy}
          onChange={(event) => send({ type: 'until.changed', until: event.target.value })}
          className={textInput}
        />
      </Field>
      <ReasonField
        label="Reason, for the audit log"
        value={reason}
        maxLength={REASON_MAX_LENGTH}
        room={reasonRoom(reason)}
        busy={busy}
        onChange={(typed) => send({ type: 'reason.changed', reason: typed })}
      />
      {incomplete && (
        <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
          {INCOMPLETE_EXTENSION}
        </p>
      )}
      {state.matches({ ready: 'refused' }) && <RefusedLine>{refusal}</RefusedLine>}
      {failed && <NotReached nothingWas="changed" then="extend" />}
      <SubmitOrCancel
        label="Extend"
        busyLabel="Extending…"
        busy={busy}
        onCancel={() => send({ type: 'extend.cancelled' })}
      />
    </form>
  )
}
