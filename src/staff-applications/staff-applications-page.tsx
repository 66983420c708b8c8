import { Tabs } from '@ark-ui/react/tabs'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { staffApplicationsActors } from '../../machines/staff-applications/actors'
import {
  type ApplicationsShown,
  type StaffApplication,
  staffApplicationsMachine,
} from '../../machines/staff-applications/machine'
import {
  appliedLine,
  decisionLine,
  KIND_LABELS,
  listLead,
  STATUS_LABELS,
} from '../../machines/staff-applications/selectors'
import { css, cx } from '../../styled-system/css'
import { badge } from '../../styled-system/recipes'
import { useStaffStates } from '../member-flow'
import { LoadStatus } from '../shared/member-page'
import { pillTabList, pillTabTrigger } from '../shared/pill-tabs'
import { RowTitle, StaffPage, staffCardLink, staffFlowPage } from '../shared/staff-page'

/** /staff/applications: the queue of applications for membership, and those decided. */
export default staffFlowPage(
  staffApplicationsMachine,
  staffApplicationsActors,
  'Could not load the applications',
  StaffApplicationsView,
)

const SHOWN_LABELS: Record<ApplicationsShown, string> = {
  pending: 'Waiting',
  decided: 'Decided',
}

export function StaffApplicationsView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof staffApplicationsMachine>
}) {
  const { load, forbidden, ready } = useStaffStates(actorRef)
  const { shown, applications } = useSelector(actorRef, (s) => s.context)
  return (
    <StaffPage
      title="Applications"
      forbidden={forbidden}
      lead="Applications for membership: read them, then decide."
    >
      <Tabs.Root
        value={shown}
        onValueChange={(details) =>
          actorRef.send({ type: 'tab.chosen', shown: details.value as ApplicationsShown })
        }
      >
        <Tabs.List aria-label="Applications" className={pillTabList}>
          {(['pending', 'decided'] as const).map((value) => (
            <Tabs.Trigger key={value} value={value} className={pillTabTrigger}>
              {SHOWN_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['pending', 'decided'] as const).map((value) => (
          <Tabs.Content key={value} value={value} aria-busy={load.loading}>
            {value === shown && (
              <>
                <LoadStatus
                  {...load}
                  what="the applications"
                  onRetry={() => actorRef.send({ type: 'applications.retried' })}
                />
                {ready && (
                  <p className={css({ color: 'fg.muted', mb: '3' })}>
                    {listLead(shown, applications.length)}
                  </p>
                )}
                {ready && applications.length > 0 && (
                  <ul className={css({ listStyle: 'none', display: 'grid', gap: '3' })}>
                    {applications.map((application) => (
                      <ApplicationRow key={application.id} application={application} />
                    ))}
                  </ul>
                )}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </StaffPage>
  )
}

function ApplicationRow({ application }: { application: StaffApplication }) {
  const decision = decisionLine(application)
  return (
    <li>
      <Link
        to={`/staff/applications/${application.id}`}
        className={cx(
          staffCardLink,
          css({
            display: 'block',
            px: { base: '4', md: '5' },
            py: '4',
            transition: 'border-color 0.15s',
          }),
        )}
      >
        <RowTitle name={application.name} inline>
          <span className={cx(badge({ tone: 'free' }), css({ flexShrink: 0 }))}>
            {KIND_LABELS[application.kind]}
          </span>
        </RowTitle>
        <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          {application.email}
        </span>
        {application.community && (
          <span className={css({ display: 'block', fontSize: 'sm', mt: '1' })}>
            For {application.community}
          </span>
        )}
        <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', mt: '2' })}>
          {appliedLine(application)}
          {decision ? ` · ${decision}` : ` · ${STATUS_LABELS[application.status]}`}
        </span>
      </Link>
    </li>
  )
}
