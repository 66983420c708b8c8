import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { BOOKING_STATUS_LABELS } from '../../machines/rules/bookings'
import { dateAndClock, dayInFull } from '../../machines/rules/dates'
import { staffBookingActors } from '../../machines/staff-booking/actors'
import { staffBookingMachine } from '../../machines/staff-booking/machine'
import type { StaffBooking } from '../../machines/staff-bookings/machine'
import {
  checkInLine,
  KIND_LABELS,
  paidLine,
  partyLine,
  scanLine,
  whatLine,
} from '../../machines/staff-bookings/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { card, LoadStatus } from '../shared/member-page'
import { NotStaff, StaffPage } from '../shared/staff-page'
import { STATUS_TONES } from '../staff-bookings/staff-bookings-page'

/** /staff/bookings/:bookingId: one booking, as the front desk needs it. */
export default function StaffBookingPage() {
  const { bookingId = '' } = useParams()
  const actorRef = useMemberFlow(
    staffBookingMachine,
    staffBookingActors(api),
    'Could not load the booking',
    { level: 'error', input: { id: bookingId } },
  )
  return <StaffBookingView actorRef={actorRef} />
}

type BookingRef = ActorRefFrom<typeof staffBookingMachine>

const BACK = '/staff/bookings'

export function StaffBookingView({ actorRef }: { actorRef: BookingRef }) {
  const load = useLoadStates(actorRef)
  const forbidden = useSelector(actorRef, (s) => s.hasTag('forbidden'))
  const missing = useSelector(actorRef, (s) => s.hasTag('missing'))
  const booking = useSelector(actorRef, (s) => s.context.booking)
  if (forbidden) {
    return (
      <StaffPage title="Booking" back={BACK}>
        <NotStaff />
      </StaffPage>
    )
  }
  if (missing) {
    return (
      <StaffPage title="Booking" back={BACK}>
        <div role="alert" className={cx(card, css({ px: '5', py: '6', textAlign: 'center' }))}>
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>This booking isn't here</p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1', mb: '4' })}>
            The link may be cut short. Find the booking by the guest's name instead.
          </p>
          <Link to={BACK} className={button({ variant: 'outline', size: 'md' })}>
            Find a booking
          </Link>
        </div>
      </StaffPage>
    )
  }
  return (
    <StaffPage title={booking ? booking.name : 'Booking'} back={BACK}>
      <LoadStatus
        {...load}
        what="the booking"
        onRetry={() => actorRef.send({ type: 'booking.retried' })}
      />
      {booking && <BookingDetails booking={booking} />}
    </StaffPage>
  )
}

function BookingDetails({ booking }: { booking: StaffBooking }) {
  const rows: [string, ReactNode][] = [
    [KIND_LABELS[booking.kind], whatLine(booking)],
    ['Day', dayInFull(booking.date)],
    ['Guests', partyLine(booking)],
    [
      'E-mail',
      <a key="email" href={`mailto:${booking.email}`} className={linkStyle}>
        {booking.email}
      </a>,
    ],
    [
      'Phone',
      <a key="phone" href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`} className={linkStyle}>
        {booking.phone}
      </a>,
    ],
    ['Paid', paidLine(booking)],
    ['Booked', dateAndClock(booking.bookedAt)],
    ...booking.answers.map((answer): [string, string] => [answer.label, answer.value]),
  ]
  return (
    <div className={grid({ gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <p role="status" className={cx(card, css({ px: { base: '4', md: '5' }, py: '4' }))}>
        <span
          className={cx(
            badge({ tone: booking.checkedInAt ? 'free' : STATUS_TONES[booking.status] }),
            css({ mr: '2' }),
          )}
        >
          {booking.checkedInAt ? 'Checked in' : BOOKING_STATUS_LABELS[booking.status]}
        </span>
        {checkInLine(booking)}
      </p>
      <dl
        className={cx(
          card,
          grid({
            gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: '9rem minmax(0, 1fr)' },
            columnGap: '4',
            rowGap: { base: '1', sm: '3' },
            px: { base: '4', md: '5' },
            py: '4',
            overflowWrap: 'anywhere',
          }),
        )}
      >
        {rows.map(([label, value]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted', fontSize: 'sm', mt: { base: '2', sm: '0' } })}>
              {label}
            </dt>
            <dd className={css({ fontWeight: 'medium' })}>{value}</dd>
          </div>
        ))}
      </dl>
      {booking.scans && booking.scans.length > 0 && (
        <section
          aria-label="At the door"
          className={cx(card, css({ px: { base: '4', md: '5' }, py: '4' }))}
        >
          <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>At the door</h2>
          <ul
            className={grid({
              gap: '2',
              gridTemplateColumns: 'minmax(0, 1fr)',
              overflowWrap: 'anywhere',
            })}
          >
            {booking.scans.map((scan) => (
              <li key={`${scan.scannedAt} ${scan.door}`}>{scanLine(scan)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

const linkStyle = css({ color: 'clay.700', textDecoration: 'underline' })
