import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { bookingsListActors } from '../../machines/bookings-list/actors'
import { bookingsListMachine } from '../../machines/bookings-list/machine'
import {
  bookingAmountLabel,
  bookingDayLabel,
  bookingStatusLabel,
  bookingTypeLabel,
  dayStub,
  guestsLabel,
  paidWithLabel,
} from '../../machines/rules/bookings'
import { lagosDay } from '../../machines/rules/dates'
import { css, cx } from '../../styled-system/css'
import { badge, button } from '../../styled-system/recipes'
import { api, sessionExpiry } from '../api'
import { BackLink } from '../components/back-link'
import { ChevronDownIcon } from '../components/line-icons'
import { eyebrow, smallCaps } from '../components/page-styles'
import { PaymentReturn } from '../components/payment-return'
import { RetryButton } from '../components/retry-button'
import { SiteHeader } from '../components/site-header'
import { Skeleton } from '../components/skeleton'
import { useNow } from '../hooks/use-now'
import { showLiveFlow } from '../live-flows'
import { storage } from '../storage'

/**
 * /profile/bookings: the signed-in person's bookings. Card payments of logged-in people come
 * back here with `?reference=`: the payment is settled before the list shows.
 */
export default function ProfileBookingsPage() {
  return (
    <PaymentReturn back={{ to: '/profile/bookings', label: 'See your bookings' }}>
      <BookingsScreen />
    </PaymentReturn>
  )
}

function BookingsScreen() {
  const [email] = useState(() => storage.get('userEmail'))
  const actorRef = useActorRef(
    bookingsListMachine.provide({
      actors: bookingsListActors(api),
      actions: {
        notifySessionExpired: () => sessionExpiry.send({ type: 'session.expired' }),
        logError: (_, { error }) => console.warn('Could not load the bookings', error),
      },
    }),
    { input: { email }, inspect: showLiveFlow },
  )
  return <BookingsView actorRef={actorRef} />
}

type Row = {
  id: string
  event: string
  type: string
  date: string
  timeSlot: string | null
  venue: string | null
  /** A card payment for it is still pending. */
  held?: boolean
  /** Only current bookings carry these. */
  more?: { label: string; value: string; wide?: boolean }[]
}

export function BookingsView({ actorRef }: { actorRef: ActorRefFrom<typeof bookingsListMachine> }) {
  const now = useNow()
  const loading = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const expired = useSelector(actorRef, (s) => s.matches('sessionExpired'))
  const ready = useSelector(actorRef, (s) => s.matches('ready'))
  const bookings = useSelector(actorRef, (s) => s.context.bookings)
  const expanded = useSelector(actorRef, (s) => s.context.expanded)

  const rows: Row[] = bookings.map((b) => ({
    id: b.id,
    event: b.Event,
    type: b.Type,
    date: b.Date,
    timeSlot: b['Time Slot'],
    venue: b.Venue,
    held: b.Status === 'held',
    more: [
      { label: 'Guests', value: guestsLabel(b.Visitors, b['Names of Visitors']), wide: true },
      { label: 'Paid', value: bookingAmountLabel(b.Amount) },
      { label: 'Paid with', value: paidWithLabel(b['Paid with']) },
      { label: 'Status', value: bookingStatusLabel(b.Status) },
      ...(b['Payment Reference'] ? [{ label: 'Reference', value: b['Payment Reference'] }] : []),
    ],
  }))

  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>Bookings · Sixteen</title>
      <SiteHeader
        back={
          <BackLink
            to="/menu"
            iconSize={18}
            css={{
              justifySelf: 'start',
              h: '11',
              pl: '3',
              _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
            }}
          />
        }
      />
      <main
        className={css({
          maxW: '2xl',
          mx: 'auto',
          px: { base: '4', md: '8' },
          pt: { base: '6', md: '12' },
          pb: '16',
        })}
      >
        <p className={css(eyebrow)}>Your profile</p>
        <h1
          className={css({
            fontFamily: 'display',
            fontSize: { base: '4xl', md: '5xl' },
            lineHeight: 'tight',
            mt: '1',
          })}
        >
          Bookings
        </h1>
        <p className={css({ color: 'fg.muted', mt: '2', mb: { base: '6', md: '8' } })}>
          Your tickets, co-working days and print studio sessions.
        </p>

        <section aria-labelledby="upcoming-heading" aria-busy={loading}>
          <h2 id="upcoming-heading" className={sectionHeading}>
            Upcoming
          </h2>
          {loading && <RowsSkeleton count={3} label="Loading your bookings" />}
          {failed && (
            <Notice
              title="We couldn't load your bookings"
              text="Check your connection, then try again. Your bookings are safe."
              onRetry={() => actorRef.send({ type: 'bookings.retry' })}
            />
          )}
          {expired && (
            <Notice
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
              onToggle={(id) => actorRef.send({ type: 'booking.toggle', id })}
            />
          )}
        </section>

        {ready && <PastBookings actorRef={actorRef} now={now} />}
      </main>
    </div>
  )
}

const metaLine = css({
  display: 'block',
  mt: '1',
  fontSize: 'sm',
  color: 'fg.muted',
  truncate: true,
})

const metaRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  mt: '1.5',
  fontSize: 'sm',
  color: 'fg.muted',
})

const sectionHeading = css(smallCaps, { mb: '3' })

function BookingRows({
  rows,
  expanded,
  now,
  onToggle,
  past = false,
}: {
  rows: Row[]
  expanded: string | null
  now: Date
  onToggle: (id: string) => void
  past?: boolean
}) {
  return (
    <ul className={css({ display: 'grid', gap: '3', listStyle: 'none' })}>
      {rows.map((row) => (
        <BookingRow
          key={row.id}
          row={row}
          open={expanded === row.id}
          now={now}
          past={past}
          onToggle={() => onToggle(row.id)}
        />
      ))}
    </ul>
  )
}

function BookingRow({
  row,
  open,
  now,
  past,
  onToggle,
}: {
  row: Row
  open: boolean
  now: Date
  past: boolean
  onToggle: () => void
}) {
  const detailsId = useId()
  const stub = dayStub(row.date)
  const today = !past && row.date === lagosDay(now)
  return (
    <li
      className={css({
        bg: 'surface',
        borderWidth: '1px',
        borderColor: open ? 'sand.300' : 'border',
        borderRadius: 'l3',
        boxShadow: open ? '0 12px 30px -18px rgba(26, 23, 19, 0.35)' : 'none',
        transition: 'box-shadow 0.2s, border-color 0.2s',
        overflow: 'hidden',
      })}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
        className={cx(
          'group',
          css({
            w: 'full',
            display: 'flex',
            alignItems: 'center',
            gap: { base: '3', md: '4' },
            p: { base: '3', md: '4' },
            textAlign: 'left',
            cursor: 'pointer',
            borderRadius: 'l3',
            _hover: { bg: 'sand.50' },
            _focusVisible: {
              outline: '2px solid',
              outlineColor: 'accent.default',
              outlineOffset: '-2px',
            },
          }),
        )}
      >
        <span
          aria-hidden
          className={css({
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            alignContent: 'center',
            w: { base: '14', md: '16' },
            h: { base: '14', md: '16' },
            borderRadius: 'l2',
            bg: today ? 'clay.600' : past ? 'sand.100' : 'clay.50',
            color: today ? 'white' : past ? 'ink.600' : 'clay.800',
          })}
        >
          <span
            className={css({
              fontFamily: 'display',
              fontSize: { base: '2xl', md: '3xl' },
              lineHeight: '1',
            })}
          >
            {stub.date}
          </span>
          <span
            className={css({
              fontSize: 'xs',
              fontWeight: 'semibold',
              textTransform: 'uppercase',
              letterSpacing: 'wider',
              mt: '0.5',
            })}
          >
            {stub.month}
          </span>
        </span>
        <span className={css({ flex: '1', minW: '0' })}>
          <span
            className={css({
              display: 'block',
              fontWeight: 'semibold',
              fontSize: { base: 'md', md: 'lg' },
              lineHeight: 'snug',
              truncate: true,
            })}
          >
            {row.event}
            {row.held && (
              <span
                className={cx(
                  badge(),
                  css({ ml: '2', bg: 'sun.50', color: 'sun.600', verticalAlign: 'middle' }),
                )}
              >
                Awaiting payment
              </span>
            )}
          </span>
          <span className={metaLine}>
            {[bookingDayLabel(row.date, now), row.timeSlot].filter(Boolean).join(' · ')}
          </span>
          <span className={metaRow}>
            <span
              className={cx(
                badge({ tone: row.type === 'event' ? 'paid' : 'neutral' }),
                css({ flexShrink: 0, h: '5', px: '2' }),
              )}
            >
              {bookingTypeLabel(row.type)}
            </span>
            <span className={css({ truncate: true, minW: '0' })}>{row.venue ?? 'Sixteen'}</span>
          </span>
        </span>
        <span
          aria-hidden
          className={css({
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            w: '9',
            h: '9',
            borderRadius: 'full',
            color: 'fg.muted',
            transition: 'transform 0.2s',
            transform: open ? 'rotate(180deg)' : 'none',
            _groupHover: { bg: 'muted' },
          })}
        >
          <ChevronDownIcon size={18} />
        </span>
      </button>
      <div id={detailsId} hidden={!open}>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr 1fr', md: '1fr 1fr 1fr' },
            columnGap: '4',
            rowGap: '4',
            mx: { base: '3', md: '4' },
            py: '4',
            borderTopWidth: '1px',
            borderStyle: 'dashed',
            borderColor: 'sand.300',
          })}
        >
          <Detail label="Event" wide>
            {row.event}
          </Detail>
          <Detail label="Type">{bookingTypeLabel(row.type)}</Detail>
          <Detail label="Date">{bookingDayLabel(row.date, now)}</Detail>
          <Detail label="Time Slot">{row.timeSlot ?? 'All day'}</Detail>
          <Detail label="Venue">{row.venue ?? 'Sixteen'}</Detail>
          {row.more?.map((item) => (
            <Detail key={item.label} label={item.label} wide={item.wide}>
              {item.value}
            </Detail>
          ))}
        </dl>
      </div>
    </li>
  )
}

function Detail({
  label,
  wide = false,
  children,
}: {
  label: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={cx(css({ minW: '0' }), wide && css({ gridColumn: '1 / -1' }))}>
      <dt
        className={css({
          fontSize: 'xs',
          fontWeight: 'semibold',
          letterSpacing: 'wide',
          textTransform: 'uppercase',
          color: 'fg.subtle',
        })}
      >
        {label}
      </dt>
      <dd className={css({ mt: '0.5', fontSize: 'md', overflowWrap: 'anywhere' })}>{children}</dd>
    </div>
  )
}

function PastBookings({
  actorRef,
  now,
}: {
  actorRef: ActorRefFrom<typeof bookingsListMachine>
  now: Date
}) {
  const shown = useSelector(actorRef, (s) => s.matches({ ready: 'pastShown' }))
  const busy = useSelector(actorRef, (s) => s.hasTag('pastBusy'))
  const failed = useSelector(actorRef, (s) => s.hasTag('pastError'))
  const canShow = useSelector(actorRef, (s) => s.can({ type: 'past.show' }))
  const past = useSelector(actorRef, (s) => s.context.past)
  const expanded = useSelector(actorRef, (s) => s.context.expanded)
  const regionId = useId()

  return (
    <section aria-labelledby="past-heading" className={css({ mt: '10' })}>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          mb: '3',
        })}
      >
        <h2 id="past-heading" className={css(smallCaps, { mb: '0' })}>
          Past bookings
        </h2>
        {(shown || canShow) && (
          <button
            type="button"
            aria-expanded={shown}
            aria-controls={regionId}
            onClick={() => actorRef.send({ type: shown ? 'past.hide' : 'past.show' })}
            className={button({ variant: 'outline', size: 'sm' })}
          >
            {shown ? 'Hide past bookings' : 'Show past bookings'}
          </button>
        )}
      </div>
      <div id={regionId} aria-busy={busy}>
        {busy && <RowsSkeleton count={2} label="Loading your past bookings" />}
        {failed && (
          <Notice
            title="We couldn't load your past bookings"
            text="Check your connection, then try again."
            onRetry={() => actorRef.send({ type: 'past.retry' })}
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
            rows={past.map((p) => ({
              id: p.id,
              event: p.event,
              type: p.type,
              date: p.date,
              timeSlot: p.timeSlot,
              venue: p.venue,
            }))}
            expanded={expanded}
            now={now}
            onToggle={(id) => actorRef.send({ type: 'booking.toggle', id })}
          />
        )}
      </div>
    </section>
  )
}

function RowsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" className={css({ display: 'grid', gap: '3' })}>
      <span className={css({ srOnly: true })}>{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          aria-hidden
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '4',
            p: { base: '3', md: '4' },
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'l3',
          })}
        >
          <Skeleton className={css({ w: { base: '14', md: '16' }, h: { base: '14', md: '16' } })} />
          <div className={css({ flex: '1', display: 'grid', gap: '2' })}>
            <Skeleton className={css({ h: '5', w: '60%' })} />
            <Skeleton className={css({ h: '4', w: '85%' })} />
          </div>
        </div>
      ))}
    </div>
  )
}

/** A load that went wrong, in place of the list; with `onRetry`, a way to try again. */
function Notice({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className={css({
        p: { base: '5', md: '6' },
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'l3',
        textAlign: 'center',
      })}
    >
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{title}</p>
      <p className={css({ color: 'fg.muted', mt: '1', mb: onRetry ? '4' : '0' })}>{text}</p>
      {onRetry && <RetryButton className={button({ size: 'md' })} onRetry={onRetry} />}
    </div>
  )
}

function EmptyBookings() {
  return (
    <div
      className={css({
        p: { base: '6', md: '8' },
        bg: 'surface',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'sand.300',
        borderRadius: 'l3',
        textAlign: 'center',
      })}
    >
      <p className={css({ fontFamily: 'display', fontSize: '2xl' })}>No upcoming bookings</p>
      <p className={css({ color: 'fg.muted', mt: '2', maxW: '26rem', mx: 'auto' })}>
        When you get a ticket, book a co-working day or a print studio session, it shows up here.
      </p>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '3',
          mt: '6',
        })}
      >
        <Link to="/" className={button({ size: 'md' })}>
          See what's on
        </Link>
        <Link to="/co-working" className={button({ variant: 'outline', size: 'md' })}>
          Book a spot
        </Link>
        <Link to="/print-studio" className={button({ variant: 'outline', size: 'md' })}>
          Print Studio
        </Link>
      </div>
    </div>
  )
}
