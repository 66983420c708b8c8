import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { bookingsListMachine } from '../../machines/bookings-list/machine'
import { currentBookingRow, keptNote, pastBookingRow } from '../../machines/bookings-list/selectors'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { MemberPage } from '../shared/member-page'
import { useNow } from '../shared/use-now'
import { BookingRowsSkeleton, BookingsNotice, EmptyBookings } from './bookings-notices'
import { BookingRows } from './bookings-rows'

type BookingsRef = ActorRefFrom<typeof bookingsListMachine>

/** /profile/bookings' screen: the upcoming bookings, then the past ones on demand. */
export function BookingsView({ actorRef }: { actorRef: BookingsRef }) {
  const now = useNow()
  const loading = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const expired = useSelector(actorRef, (s) => s.matches('sessionExpired'))
  const ready = useSelector(actorRef, (s) => s.matches('ready'))
  const bookings = useSelector(actorRef, (s) => s.context.bookings)
  const expanded = useSelector(actorRef, (s) => s.context.expanded)
  const cancel = useSelector(actorRef, (s) => s.children.bookingCancel)
  const cancelled = useSelector(actorRef, (s) => s.context.cancelled)
  const note = useSelector(actorRef, (s) => keptNote(s.context.keptAt))
  const rows = bookings.map(currentBookingRow)

  return (
    <MemberPage
      title="Bookings"
      lead="Your tickets, co-working days and print studio sessions."
      roomForBar={false}
    >
      <section aria-labelledby="upcoming-heading" aria-busy={loading}>
        <h2 id="upcoming-heading" className={css({ textStyle: 'smallCaps', mb: '3' })}>
          Upcoming
        </h2>
        <p
          role="status"
          className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3', _empty: { mb: '0' } })}
        >
          {ready && note}
        </p>
        {loading && <BookingRowsSkeleton count={3} label="Loading your bookings" />}
        {failed && (
          <BookingsNotice
            title="We couldn't load your bookings"
            text="Check your connection, then try again. Your bookings are safe."
            onRetry={() => actorRef.send({ type: 'bookings.retried' })}
          />
        )}
        {expired && (
          <BookingsNotice
            title="Your login session has expired"
            text="Taking you to log in again, so we can show your bookings."
          />
        )}
        {ready && rows.length === 0 && <EmptyBookings />}
        {ready && rows.length > 0 && (
          <BookingRows
            rows={rows}
            expanded={expanded}
            now={now}
            onToggle={(id) => actorRef.send({ type: 'booking.toggled', id })}
            cancel={cancel}
            cancelled={cancelled}
          />
        )}
      </section>

      {ready && <PastBookings actorRef={actorRef} now={now} />}
    </MemberPage>
  )
}

/** Past bookings: folded until asked for, loaded the first time. */
function PastBookings({ actorRef, now }: { actorRef: BookingsRef; now: Date }) {
  const shown = useSelector(actorRef, (s) => s.matches({ ready: { past: 'shown' } }))
  const busy = useSelector(actorRef, (s) => s.hasTag('pastBusy'))
  const failed = useSelector(actorRef, (s) => s.hasTag('pastError'))
  const canShow = useSelector(actorRef, (s) => s.can({ type: 'past.shown' }))
  const past = useSelector(actorRef, (s) => s.context.past)
  const expanded = useSelector(actorRef, (s) => s.context.expanded)
  const regionId = useId()

  return (
    <section aria-labelledby="past-heading" className={css({ mt: '10' })}>
      <div className={flex({ align: 'center', justify: 'space-between', gap: '3', mb: '3' })}>
        <h2 id="past-heading" className={css({ textStyle: 'smallCaps', mb: '0' })}>
          Past bookings
        </h2>
        {(shown || canShow) && (
          <button
            type="button"
            aria-expanded={shown}
            aria-controls={regionId}
            onClick={() => actorRef.send({ type: shown ? 'past.hidden' : 'past.shown' })}
            className={button({ variant: 'outline', size: 'sm' })}
          >
            {shown ? 'Hide past bookings' : 'Show past bookings'}
          </button>
        )}
      </div>
      <div id={regionId} aria-busy={busy}>
        {busy && <BookingRowsSkeleton count={2} label="Loading your past bookings" />}
        {failed && (
          <BookingsNotice
            title="We couldn't load your past bookings"
            text="Check your connection, then try again."
            onRetry={() => actorRef.send({ type: 'past.retried' })}
          />
        )}
        {shown && past && past.length === 0 && (
          <p className={css({ color: 'fg.muted', fontSize: 'sm', py: '2' })}>
            No past bookings yet.
          </p>
        )}
        {shown && past && past.length > 0 && (
          <BookingRows
            past
            rows={past.map(pastBookingRow)}
            expanded={expanded}
            now={now}
            onToggle={(id) => actorRef.send({ type: 'booking.toggled', id })}
          />
        )}
      </div>
    </section>
  )
}
