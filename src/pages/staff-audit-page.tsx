import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { staffAuditActors } from '../../machines/staff-audit/actors'
import { type AuditEntry, staffAuditMachine } from '../../machines/staff-audit/machine'
import { actionLabel, auditChanges, auditMoment } from '../../machines/staff-audit/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { api } from '../api'
import { card, LoadStatus } from '../components/member-page'
import { StaffPage } from '../components/staff-page'
import { useMemberFlow, useStaffStates } from '../member-flow'

/** /staff/audit: every staff write, newest first, with who did it and what it changed. */
export default function StaffAuditPage() {
  const actorRef = useMemberFlow(
    staffAuditMachine,
    staffAuditActors(api),
    'Could not load the audit log',
  )
  return <StaffAuditView actorRef={actorRef} />
}

export function StaffAuditView({ actorRef }: { actorRef: ActorRefFrom<typeof staffAuditMachine> }) {
  const { load, forbidden, ready } = useStaffStates(actorRef)
  const entries = useSelector(actorRef, (s) => s.context.entries)
  return (
    <StaffPage
      title="Audit log"
      forbidden={forbidden}
      lead="What staff did, newest first: the latest 200 changes."
    >
      <section aria-label="Audit log" aria-busy={load.loading}>
        <LoadStatus
          {...load}
          what="the audit log"
          onRetry={() => actorRef.send({ type: 'audit.retry' })}
        />
        {ready && entries.length === 0 && (
          <p className={cx(card, css({ px: '5', py: '8', textAlign: 'center' }))}>
            Nothing yet: check-ins, decisions on applications and changes of the staff role show
            here.
          </p>
        )}
        {ready && entries.length > 0 && (
          <ol className={css({ listStyle: 'none', display: 'grid', gap: '3' })}>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </section>
    </StaffPage>
  )
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry)
  return (
    <li
      className={cx(card, css({ px: { base: '4', md: '5' }, py: '4', overflowWrap: 'anywhere' }))}
    >
      <p className={css({ fontWeight: 'semibold' })}>{actionLabel(entry.action)}</p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
        <time dateTime={entry.at}>{auditMoment(entry.at)}</time> · {entry.actor}
      </p>
      <p className={css({ fontSize: 'sm', mt: '1', fontFamily: 'mono' })}>{entry.subject}</p>
      {changes.length > 0 && (
        <dl
          className={grid({
            gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
            columnGap: '3',
            rowGap: '1',
            mt: '3',
            fontSize: 'sm',
          })}
        >
          {changes.map((change) => (
            <div key={change.field} className={css({ display: 'contents' })}>
              <dt className={css({ color: 'fg.muted' })}>{change.field}</dt>
              <dd>
                {change.before} → {change.after}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}
