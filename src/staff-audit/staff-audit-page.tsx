import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { dateAndClock } from '../../machines/rules/dates'
import { staffAuditActors } from '../../machines/staff-audit/actors'
import { type AuditEntry, staffAuditMachine } from '../../machines/staff-audit/machine'
import { actionLabel, changeText } from '../../machines/staff-audit/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { useStaffStates } from '../member-flow'
import { card, LoadStatus } from '../shared/member-page'
import { StaffPage, staffFlowPage } from '../shared/staff-page'

/** /staff/audit: every staff write, newest first, with who did it and what it changed. */
export default staffFlowPage(
  staffAuditMachine,
  staffAuditActors,
  'Could not load the audit log',
  StaffAuditView,
)

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
          onRetry={() => actorRef.send({ type: 'audit.retried' })}
        />
        {ready && entries.length === 0 && (
          <p className={cx(card, css({ px: '5', py: '8', textAlign: 'center' }))}>
            Nothing yet: check-ins, decisions on applications and changes of the staff role show
            here.
          </p>
        )}
        {ready && entries.length > 0 && (
          <ol
            // One column no wider than the screen, whatever the names' length.
            className={css({
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr)',
              gap: '3',
            })}
          >
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
  const { record, changes, actor } = entry
  return (
    <li
      className={cx(card, css({ px: { base: '4', md: '5' }, py: '4', overflowWrap: 'anywhere' }))}
    >
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'clay.800' })}>
        {actionLabel(entry.action)}
      </p>
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg', mt: '1' })}>{record.name}</p>
      {record.detail && (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{record.detail}</p>
      )}
      {changes.length > 0 && (
        <dl
          className={grid({
            gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 12rem) minmax(0, 1fr)' },
            columnGap: '4',
            rowGap: { base: '0', sm: '1' },
            mt: '3',
            pt: '3',
            borderTopWidth: '1px',
            borderColor: 'border',
            fontSize: 'sm',
          })}
        >
          {changes.map((change) => (
            <div key={change.field} className={css({ display: 'contents' })}>
              <dt className={css({ color: 'fg.muted', mt: { base: '2', sm: '0' } })}>
                {change.field}
              </dt>
              <dd>{changeText(change)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '3' })}>
        <time dateTime={entry.at}>{dateAndClock(entry.at)}</time> · {actor.name}
        {actor.email && <> · {actor.email}</>}
      </p>
    </li>
  )
}
