import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { BOOKING_STATUS_LABELS } from '../../machines/rules/bookings'
import { staffBookingsActors } from '../../machines/staff-bookings/actors'
import { type StaffBooking, staffBookingsMachine } from '../../machines/staff-bookings/machine'
import { bookingsLead, partyLine, whatLine } from '../../machines/staff-bookings/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { badge } from '../../styled-system/recipes'
import { DownloadSection } from '../download/download-section'
import { useStaffStates } from '../member-flow'
import { Field, textInput } from '../shared/form-fields'
import {
  RowTitle,
  StaffPage,
  StaffResults,
  StaffSearch,
  staffCardLink,
  staffFlowPage,
} from '../shared/staff-page'

/** /staff/bookings: a day's bookings, found by name, e-mail or phone; each opens on its own. */
export default staffFlowPage(
  staffBookingsMachine,
  staffBookingsActors,
  'Could not load the bookings',
  StaffBookingsView,
  'error',
)

type BookingsRef = ActorRefFrom<typeof staffBookingsMachine>

export const STATUS_TONES: Record<StaffBooking['status'], 'free' | 'neutral' | 'danger'> = {
  confirmed: 'free',
  held: 'neutral',
  cancelled: 'danger',
}

export function StaffBookingsView({ actorRef }: { actorRef: BookingsRef }) {
  const dayId = useId()
  const { load, forbidden, ready } = useStaffStates(actorRef)
  const { date, query, day } = useSelector(actorRef, (s) => s.context)
  return (
    <StaffPage
      title="Bookings"
      forbidden={forbidden}
      lead="A day's bookings. Find one by name, e-mail or phone."
    >
      <div className={grid({ gap: '0', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <Field label="Day" htmlFor={dayId}>
          <input
            id={dayId}
            type="date"
            value={date ?? ''}
            disabled={load.loading}
            onChange={(event) => {
              if (event.target.value)
                actorRef.send({ type: 'day.chosen', date: event.target.value })
            }}
            className={cx(textInput, css({ maxW: '14rem', mb: '3' }))}
          />
        </Field>
        <StaffSearch actorRef={actorRef} name="Find bookings" label="Name, e-mail or phone" />
      </div>
      <StaffResults
        actorRef={actorRef}
        label="Bookings found"
        what="the bookings"
        retried="bookings.retried"
        rows={ready && day ? day.bookings : null}
        lead={(count) => day && bookingsLead(day.date, query, count)}
        row={(booking) => <BookingRow key={booking.id} booking={booking} />}
      />
      {ready && day && (
        <div className={css({ mt: '5' })}>
          <DownloadSection key={day.date} ask={{ kind: 'bookings', date: day.date }} />
        </div>
      )}
    </StaffPage>
  )
}

function BookingRow({ booking }: { booking: StaffBooking }) {
  return (
    <li>
      <Link
        to={`/staff/bookings/${booking.id}`}
        className={cx(
          staffCardLink,
          grid({
            gap: '1',
            gridTemplateColumns: 'minmax(0, 1fr)',
            px: { base: '4', md: '5' },
            py: '4',
          }),
        )}
      >
        <RowTitle name={booking.name} inline>
          <span
            className={cx(badge({ tone: STATUS_TONES[booking.status] }), css({ flexShrink: 0 }))}
          >
            {booking.checkedInAt ? 'Checked in' : BOOKING_STATUS_LABELS[booking.status]}
          </span>
        </RowTitle>
        <span className={css({ fontSize: 'sm' })}>{whatLine(booking)}</span>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {[booking.email, booking.phone, partyLine(booking)].join(' · ')}
        </span>
      </Link>
    </li>
  )
}
