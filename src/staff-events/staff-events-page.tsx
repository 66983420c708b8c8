import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { StaffEvent } from '../../machines/event-editor/machine'
import { waitingMark } from '../../machines/event-editor/selectors'
import { staffEventsActors } from '../../machines/staff-events/actors'
import { staffEventsMachine } from '../../machines/staff-events/machine'
import { eventMarks, placesLine, whenLine } from '../../machines/staff-events/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { useStaffStates } from '../member-flow'
import { card, LoadStatus } from '../shared/member-page'
import { ResponsiveImage } from '../shared/responsive-image'
import { StaffPage, staffCardLink, staffFlowPage } from '../shared/staff-page'

/** /staff/events: every event, coming ones first; each opens in the editor. */
export default staffFlowPage(
  staffEventsMachine,
  staffEventsActors,
  'Could not load the events',
  StaffEventsView,
)

export function StaffEventsView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof staffEventsMachine>
}) {
  const { load, forbidden, ready } = useStaffStates(actorRef)
  const events = useSelector(actorRef, (s) => s.context.events)
  return (
    <StaffPage
      title="Events"
      forbidden={forbidden}
      width="4xl"
      lead="What the calendar shows: the coming events first."
    >
      <div className={flex({ mb: '5' })}>
        <Link to="/staff/events/new" className={button({ size: 'lg' })}>
          New event
        </Link>
      </div>
      <section aria-label="Events" aria-busy={load.loading}>
        <LoadStatus
          {...load}
          what="the events"
          onRetry={() => actorRef.send({ type: 'events.retried' })}
        />
        {ready && events.length === 0 && (
          <p className={cx(card, css({ px: '5', py: '8', textAlign: 'center' }))}>
            No events yet: the first one you make shows on the calendar.
          </p>
        )}
        {ready && events.length > 0 && (
          <ul
            className={grid({
              listStyle: 'none',
              gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: '3',
            })}
          >
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
        )}
      </section>
    </StaffPage>
  )
}

function EventRow({ event }: { event: StaffEvent }) {
  const marks = eventMarks(event)
  const waiting = waitingMark(event)
  return (
    <li>
      <Link
        to={`/staff/events/${event.id}`}
        className={cx(
          staffCardLink,
          grid({ gridTemplateColumns: '4.5rem minmax(0, 1fr)', gap: '4', px: '4', py: '4' }),
        )}
      >
        <span
          className={css({
            display: 'block',
            w: '4.5rem',
            aspectRatio: '3 / 4',
            borderRadius: 'l2',
            overflow: 'hidden',
            bg: 'sand.100',
          })}
        >
          {event.poster && (
            <ResponsiveImage
              url={event.poster}
              alt=""
              slot="card"
              className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
            />
          )}
        </span>
        <span className={css({ display: 'grid', gap: '1', alignContent: 'start' })}>
          <span className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            {event.draft.title}
          </span>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{whenLine(event)}</span>
          <span className={css({ fontSize: 'sm' })}>{placesLine(event)}</span>
          {(waiting || marks.length > 0) && (
            <span className={flex({ gap: '2', wrap: 'wrap', mt: '1' })}>
              {waiting && <span className={badge({ tone: 'paid' })}>{waiting}</span>}
              {marks.map((mark) => (
                <span key={mark} className={badge({ tone: 'neutral' })}>
                  {mark}
                </span>
              ))}
            </span>
          )}
        </span>
      </Link>
    </li>
  )
}
