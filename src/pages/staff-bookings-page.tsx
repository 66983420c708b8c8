import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { staffBookingsActors } from '../../machines/staff-bookings/actors'
import { type StaffBooking, staffBookingsMachine } from '../../machines/staff-bookings/machine'
import {
  BOOKING_STATUS_LABELS,
  bookingsLead,
  partyLine,
  whatLine,
} from '../../machines/staff-bookings/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge } from '../../styled-system/recipes'
import { api } from '../api'
import { Field, textInput } from '../components/form-fields'
import { card, LoadStatus } from '../components/member-page'
import { NotStaff, StaffPage, StaffSearch, staffColumn } from '../components/staff-page'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects, useLoadStates } from '../member-flow'

/** /staff/bookings: a day's bookings, found by name, e-mail or phone; each opens on its own. */
export default function StaffBookingsPage() {
  const actorRef = useActorRef(
    staffBookingsMachine.provide({
      actors: staffBookingsActors(api),
      actions: memberFlowEffects('Could not load the bookings', 'error'),
    }),
    { inspect: showLiveFlow },
  )
  return <StaffBookingsView actorRef={actorRef} />
}

type BookingsRef = ActorRefFrom<typeof staffBookingsMachine>

export const STATUS_TONES: Record<StaffBooking['status'], 'free' | 'neutral' | 'danger'> = {
  confirmed: 'free',
  held: 'neutral',
  cancelled: 'danger',
}

export function StaffBookingsView({ actorRef }: { actorRef: BookingsRef }) {
  const load = useLoadStates(actorRef)
  const dayId = useId()
  const forbidden = useSelector(actorRef, (s) => s.hasTag('forbidden'))
  const ready = useSelector(actorRef, (s) => s.matches('ready'))
  const { date, query, day } = useSelector(actorRef, (s) => s.context)
  if (forbidden) {
    return (
      <StaffPage title="Bookings">
        <NotStaff />
      </StaffPage>
    )
  }
  return (
    <StaffPage title="Bookings" lead="A day's bookings. Find one by name, e-mail or phone.">
      <div className={grid({ gap: '0', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <Field label="Day" htmlFor={dayId}>
          <input
            id={dayId}
            type="date"
            value={date ?? ''}
            disabled={load.loading}
            onChange={(event) => {
              if (event.target.value)
                actorRef.send({ type: 'day.changed', date: event.target.value })
            }}
            className={cx(textInput, css({ maxW: '14rem', mb: '3' }))}
          />
        </Field>
        <StaffSearch
          name="Find bookings"
          label="Name, e-mail or phone"
          query={query}
          busy={load.loading}
          onSearch={(typed) => actorRef.send({ type: 'search.submitted', query: typed })}
        />
      </div>
      <section aria-label="Bookings found" aria-busy={load.loading} className={staffColumn}>
        <LoadStatus
          {...load}
          what="the bookings"
          onRetry={() => actorRef.send({ type: 'bookings.retry' })}
        />
        {ready && day && (
          <p className={css({ color: 'fg.muted' })}>
            {bookingsLead(day.date, query, day.bookings.length)}
          </p>
        )}
        {ready && day && day.bookings.length > 0 && (
          <ul className={cx(staffColumn, css({ listStyle: 'none' }))}>
            {day.bookings.map((booking) => (
              <BookingRow key={booking.id} booking={booking} />
            ))}
          </ul>
        )}
      </section>
    </StaffPage>
  )
}

function BookingRow({ booking }: { booking: StaffBooking }) {
  return (
    <li>
      <Link
        to={`/staff/bookings/${booking.id}`}
        className={cx(
          card,
          grid({
            gap: '1',
            gridTemplateColumns: 'minmax(0, 1fr)',
            px: { base: '4', md: '5' },
            py: '4',
            color: 'fg.default',
            overflowWrap: 'anywhere',
            _hover: { borderColor: 'sand.400' },
            focusOutline: 'inside',
          }),
        )}
      >
        <span className={flex({ align: 'baseline', justify: 'space-between', gap: '3' })}>
          <span className={css({ fontWeight: 'semibold', fontSize: 'lg', minW: '0' })}>
            {booking.name}
          </span>
          <span
            className={cx(badge({ tone: STATUS_TONES[booking.status] }), css({ flexShrink: 0 }))}
          >
            {booking.checkedInAt ? 'Checked in' : BOOKING_STATUS_LABELS[booking.status]}
          </span>
        </span>
        <span className={css({ fontSize: 'sm' })}>{whatLine(booking)}</span>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {[booking.email, booking.phone, partyLine(booking)].join(' · ')}
        </span>
      </Link>
    </li>
  )
}
