import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { bookingCancelMachine, CancelledBooking } from '../../machines/booking-cancel/machine'
import {
  type BookingRow,
  bookingDetails,
  bookingStub,
  bookingVenue,
  bookingWhen,
  cancelStandingOf,
} from '../../machines/bookings-list/selectors'
import { bookingTypeLabel } from '../../machines/rules/bookings'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { badge, disc } from '../../styled-system/recipes'
import { CancelBookingView, CancelledNote } from '../booking-cancel/booking-cancel'
import { ChevronDownIcon } from '../shared/line-icons'
import { DoorTicket, tearLine } from '../shared/ticket-qr'

/** A list of bookings, current or past; a row opens to its details, one at a time. */
export function BookingRows({
  rows,
  expanded,
  now,
  onToggle,
  past = false,
  cancel,
  cancelled = {},
}: {
  rows: BookingRow[]
  expanded: string | null
  now: Date
  onToggle: (id: string) => void
  past?: boolean
  /** The open row's Cancel, the list's child (none while no open row has one). */
  cancel?: CancelRef | undefined
  /** The bookings cancelled on this page, by id. */
  cancelled?: Record<string, CancelledBooking>
}) {
  return (
    <ul className={css({ display: 'grid', gap: '3', listStyle: 'none' })}>
      {rows.map((row) => (
        <BookingRowItem
          key={row.id}
          row={row}
          open={expanded === row.id}
          now={now}
          past={past}
          onToggle={() => onToggle(row.id)}
          cancel={expanded === row.id ? cancel : undefined}
          cancelled={cancelled[row.id] ?? null}
        />
      ))}
    </ul>
  )
}

type CancelRef = ActorRefFrom<typeof bookingCancelMachine>

const stubTones = {
  today: css({ bg: 'clay.600', color: 'white' }),
  past: css({ bg: 'sand.100', color: 'ink.600' }),
  upcoming: css({ bg: 'clay.50', color: 'clay.800' }),
}

const metaLine = css({ display: 'block', mt: '1', textStyle: 'note' })

// Long venues and titles wrap: on a 320 px phone a row is about 150 px wide, and the whole
// text is what a person needs at the door.
const metaRow = flex({
  align: 'center',
  wrap: 'wrap',
  columnGap: '2',
  rowGap: '1',
  mt: '1.5',
  textStyle: 'note',
})

function BookingRowItem({
  row,
  open,
  now,
  past,
  onToggle,
  cancel,
  cancelled,
}: {
  row: BookingRow
  open: boolean
  now: Date
  past: boolean
  onToggle: () => void
  cancel: CancelRef | undefined
  /** Cancelled here: its ticket and details go, the cancellation's message stays until read again. */
  cancelled: CancelledBooking | null
}) {
  const detailsId = useId()
  const stub = bookingStub(row, now, past)
  // Whether Cancel is offered, by the server's rule: until the cut-off, unless checked in.
  const standing = cancelStandingOf(row, now)
  return (
    <li
      className={css({
        layerStyle: 'card',
        borderColor: open ? 'sand.300' : 'border',
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
          flex({
            align: 'center',
            w: 'full',
            gap: { base: '3', md: '4' },
            p: { base: '3', md: '4' },
            textAlign: 'left',
            cursor: 'pointer',
            borderRadius: 'l3',
            _hover: { bg: 'sand.50' },
            focusOutline: 'inside',
          }),
        )}
      >
        <span
          aria-hidden
          className={cx(
            css({
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              alignContent: 'center',
              w: { base: '14', md: '16' },
              h: { base: '14', md: '16' },
              borderRadius: 'l2',
            }),
            stubTones[stub.tone],
          )}
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
              overflowWrap: 'break-word',
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
            {row.cancelledAt && (
              <span
                className={cx(
                  badge(),
                  css({ ml: '2', bg: 'berry.50', color: 'berry.600', verticalAlign: 'middle' }),
                )}
              >
                Cancelled
              </span>
            )}
          </span>
          <span className={metaLine}>{bookingWhen(row, now)}</span>
          <span className={metaRow}>
            <span
              className={cx(
                badge({ tone: row.type === 'event' ? 'paid' : 'neutral' }),
                css({ flexShrink: 0, h: '5', px: '2' }),
              )}
            >
              {bookingTypeLabel(row.type)}
            </span>
            <span className={css({ minW: '0', overflowWrap: 'break-word' })}>
              {bookingVenue(row)}
            </span>
          </span>
        </span>
        <span
          aria-hidden
          className={cx(
            disc({ size: '9' }),
            css({
              flexShrink: 0,
              color: 'fg.muted',
              transition: 'transform 0.2s',
              transform: open ? 'rotate(180deg)' : 'none',
              _groupHover: { bg: 'muted' },
            }),
          )}
        >
          <ChevronDownIcon size={18} />
        </span>
      </button>
      <div id={detailsId} hidden={!open}>
        {open && row.ticket && !cancelled && (
          <DoorTicket
            code={row.ticket}
            event={row.event}
            className={cx(
              tearLine,
              css({ display: 'grid', justifyItems: 'center', gap: '2', pt: '4', pb: '1' }),
              css({ mx: { base: '3', md: '4' } }),
            )}
          />
        )}
        <BookingDetailsList
          row={row}
          now={now}
          hidden={cancelled !== null}
          className={cx(tearLine, css({ mx: { base: '3', md: '4' }, py: '4' }))}
        />
        {open && standing && !cancelled && (
          <p
            className={cx(
              tearLine,
              css({ mx: { base: '3', md: '4' }, py: '4' }),
              standing.open ? css({ textStyle: 'note' }) : css({ color: 'fg.muted' }),
            )}
          >
            {standing.line}
          </p>
        )}
        {open &&
          row.payment &&
          standing?.open !== false &&
          (cancelled ? (
            <CancelledNote result={cancelled} />
          ) : (
            cancel && <CancelBookingView actorRef={cancel} />
          ))}
      </div>
    </li>
  )
}

/** What a booking is, item by item (event, day, slot, venue, guests, payment), in a grid. */
export function BookingDetailsList({
  row,
  now,
  hidden = false,
  className,
}: {
  row: BookingRow
  now: Date
  hidden?: boolean
  /** Its place in the card: margins, padding, a rule above. */
  className?: string
}) {
  return (
    <dl
      hidden={hidden}
      className={cx(
        css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr 1fr', md: '1fr 1fr 1fr' },
          columnGap: '4',
          rowGap: '4',
        }),
        className,
      )}
    >
      {bookingDetails(row, now).map((item) => (
        <div
          key={item.label}
          className={cx(css({ minW: '0' }), item.wide && css({ gridColumn: '1 / -1' }))}
        >
          <dt className={css({ textStyle: 'detailLabel' })}>{item.label}</dt>
          <dd className={css({ mt: '0.5', fontSize: 'md', overflowWrap: 'anywhere' })}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
