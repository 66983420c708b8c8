import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { dayInFull } from '../../machines/rules/dates'
import type { StaffTool } from '../../machines/rules/staff-roles'
import { staffDayActors } from '../../machines/staff-day/actors'
import { type StaffSession, staffDayMachine } from '../../machines/staff-day/machine'
import {
  dayLayout,
  dayTotals,
  expectedPlaces,
  freePlaces,
  opensTool,
  SESSION_KINDS,
} from '../../machines/staff-day/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { useLoadStates } from '../member-flow'
import { card, LoadStatus, ProfileLink } from '../shared/member-page'
import { StaffPage, staffFlowPage } from '../shared/staff-page'

/** /staff: the front desk's day. Every session with its places: booked, in, and free. */
export default staffFlowPage(
  staffDayMachine,
  staffDayActors,
  "Could not load the day's sessions",
  StaffDayView,
)

/** The house's other tools, under the day: those the staff member's role opens. */
const TOOLS: readonly { to: StaffTool; label: string; hint: string }[] = [
  { to: '/staff/bookings', label: 'Bookings', hint: "Find a guest's booking, by day and name" },
  { to: '/staff/applications', label: 'Applications', hint: 'Read them, then approve or decline' },
  { to: '/staff/events', label: 'Events', hint: 'Create and change events, and their posters' },
  {
    to: '/staff/spaces',
    label: 'Spaces and studio items',
    hint: 'Add, change or hide what people book',
  },
  { to: '/staff/members', label: 'Members', hint: 'Find a member, extend a membership' },
  { to: '/staff/payments', label: 'Payments', hint: 'Find a payment, refund it' },
  { to: '/staff/audit', label: 'Audit log', hint: 'What staff did, and when' },
]

const toolList = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  '& > li': { borderTopWidth: '1px', borderColor: 'border' },
  '& > li:first-child': { borderTopWidth: '0' },
  md: { '& > li:nth-child(2)': { borderTopWidth: '0' } },
})

export function StaffDayView({ actorRef }: { actorRef: ActorRefFrom<typeof staffDayMachine> }) {
  const load = useLoadStates(actorRef)
  const forbidden = useSelector(actorRef, (s) => s.hasTag('forbidden'))
  const day = useSelector(actorRef, (s) => s.context.day)
  const totals = day && dayTotals(day)
  const layout = day && dayLayout(day)
  const tools = TOOLS.filter((tool) => opensTool(day, tool.to))
  return (
    <StaffPage
      title="Today"
      forbidden={forbidden}
      back="/menu"
      width="4xl"
      lead={day ? dayInFull(day.date) : "The day's events, co-working and studio sessions."}
    >
      <div className={flex({ gap: '3', wrap: 'wrap', mb: '6' })}>
        <Link to="/staff/check-in" className={button({ size: 'lg' })}>
          Check in guests
        </Link>
        <button
          type="button"
          className={button({ variant: 'outline', size: 'lg' })}
          disabled={load.loading}
          onClick={() => actorRef.send({ type: 'day.refreshed' })}
        >
          {load.loading && day ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <section aria-label="Sessions" aria-busy={load.loading}>
        <LoadStatus
          {...load}
          loading={load.loading && !day}
          what="the day's sessions"
          onRetry={() => actorRef.send({ type: 'day.retried' })}
        />
        {day && totals && (
          <p className={css({ color: 'fg.muted', mb: '3' })}>
            {day.sessions.length === 0
              ? 'Nothing is booked or on today.'
              : `${totals.checkedIn} of ${totals.booked} ${totals.booked === 1 ? 'guest' : 'guests'} in.`}
          </p>
        )}
        {layout && layout.cards.length > 0 && (
          <ul
            className={grid({
              listStyle: 'none',
              gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: '3',
            })}
          >
            {layout.cards.map((session) => (
              <SessionRow
                key={`${session.kind}:${session.id}:${session.timeSlot}`}
                session={session}
              />
            ))}
          </ul>
        )}
        {layout && layout.quiet.length > 0 && (
          <ul
            aria-label="Open, nothing booked"
            className={css({ listStyle: 'none', display: 'grid', gap: '2', mt: '3' })}
          >
            {layout.quiet.map((line) => (
              <li
                key={line.kind}
                className={css({
                  px: { base: '4', md: '5' },
                  py: '3',
                  borderRadius: 'l2',
                  borderWidth: '1px',
                  borderStyle: 'dashed',
                  borderColor: 'border',
                  fontSize: 'sm',
                  color: 'fg.muted',
                  overflowWrap: 'anywhere',
                })}
              >
                <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                  {line.text}
                </span>{' '}
                · {line.places}
              </li>
            ))}
          </ul>
        )}
      </section>
      {tools.length > 0 && (
        <nav aria-label="Front desk tools" className={cx(card, css({ mt: '8' }))}>
          <ul className={toolList}>
            {tools.map((tool) => (
              <li key={tool.to}>
                <ProfileLink {...tool} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </StaffPage>
  )
}

function SessionRow({ session }: { session: StaffSession }) {
  const free = freePlaces(session)
  const expected = expectedPlaces(session)
  const place = [session.timeSlot, session.venue !== session.title ? session.venue : null]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className={cx(card, css({ px: { base: '4', md: '5' }, py: '4' }))}>
      <div className={flex({ align: 'baseline', justify: 'space-between', gap: '3' })}>
        <h2
          className={css({
            fontWeight: 'semibold',
            fontSize: 'lg',
            minW: '0',
            overflowWrap: 'anywhere',
          })}
        >
          {session.title}
        </h2>
        <span
          className={cx(
            badge({ tone: session.kind === 'event' ? 'paid' : 'free' }),
            css({ flexShrink: 0, whiteSpace: 'nowrap' }),
          )}
        >
          {SESSION_KINDS[session.kind]}
        </span>
      </div>
      {place && <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{place}</p>}
      <dl className={grid({ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3', mt: '3' })}>
        <Count label="Booked" value={session.booked} />
        <Count
          label="In"
          value={session.checkedIn}
          note={expected > 0 ? `${expected} to come` : undefined}
        />
        <Count label="Free" value={free ?? '—'} note={free === null ? 'No limit' : undefined} />
      </dl>
    </li>
  )
}

function Count({ label, value, note }: { label: string; value: number | string; note?: string }) {
  return (
    <div className={css({ minW: '0' })}>
      <dt
        className={css({
          fontSize: 'xs',
          color: 'fg.muted',
          textTransform: 'uppercase',
          letterSpacing: 'wider',
        })}
      >
        {label}
      </dt>
      <dd className={css({ fontFamily: 'display', fontSize: '2xl', lineHeight: '1.2' })}>
        {value}
      </dd>
      {note && <dd className={css({ fontSize: 'xs', color: 'fg.muted' })}>{note}</dd>}
    </div>
  )
}
