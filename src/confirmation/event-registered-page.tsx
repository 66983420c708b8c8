import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import { confirmationMachine } from '../../machines/confirmation/machine'
import { eventDetailActors } from '../../machines/event-detail/actors'
import { eventDetailMachine } from '../../machines/event-detail/machine'
import { dayInFull, lagosDay, shortDay } from '../../machines/rules/dates'
import { calendarFile } from '../../machines/rules/ics'
import { formatNaira } from '../../machines/rules/money'
import {
  parseRegisteredSearch,
  type RegisteredDetails,
  receiptSupportMessage,
  registeredWords,
  ticketCalendarEntry,
} from '../../machines/rules/rsvp'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button, buttonRow, column } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { PaymentReturn } from '../payment-return/payment-return'
import { Address } from '../shared/address'
import { LineIcon } from '../shared/line-icons'
import { SiteHeader } from '../shared/site-header'
import { Skeleton } from '../shared/skeleton'
import { TicketQr } from '../shared/ticket-qr'
import { SITE } from '../site'
import { ConfirmationBanner } from './confirmation-banner'
import { ReceiptSupportPanel } from './receipt-support-panel'

/** /event/{id}/registered: a card payment is settled first (PaymentReturn), then the ticket. */
export default function EventRegisteredPage() {
  const { id = '' } = useParams()
  return (
    <PaymentReturn back={{ to: `/event/${encodeURIComponent(id)}`, label: 'Back to the event' }}>
      <Registered key={id} id={id} />
    </PaymentReturn>
  )
}

function Registered({ id }: { id: string }) {
  const location = useLocation()
  const details = parseRegisteredSearch(location.search)
  const confirmation = useActorRef(confirmationMachine, { inspect: showLiveFlow })
  const bannerVisible = useSelector(confirmation, (s) => s.hasTag('bannerVisible'))
  // The query names no event: its name comes from the event itself.
  const eventActor = useActorRef(
    eventDetailMachine.provide({
      actors: eventDetailActors(api, SITE.name),
      actions: { logError: (_, { error }) => console.warn('Could not load the event', error) },
    }),
    { input: { id, event: null }, inspect: showLiveFlow },
  )
  const event = useSelector(eventActor, (s) => s.context.event)
  const loading = useSelector(eventActor, (s) => s.hasTag('busy'))
  const eventName = event?.Name ?? null
  const calendarUrl = useCalendarUrl(id, eventName ?? 'Your event at Sixteen', details)
  const words = registeredWords(details)

  return (
    <>
      <title>{`Registered${eventName ? ` for ${eventName}` : ''} · ${SITE.name}`}</title>
      <SiteHeader />
      <main
        className={cx(
          column({ width: '5xl' }),
          css({ pt: { base: '0', md: '4' }, pb: { base: '14', md: '20' } }),
        )}
      >
        <ConfirmationBanner visible={bannerVisible} text={words.banner} />
        <div
          className={grid({
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
            gap: { base: '6', md: '12' },
            alignItems: 'start',
          })}
        >
          <Poster url={details.imgUrl} name={eventName} />

          <div className={css({ minW: '0' })}>
            <p
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '2',
                fontSize: 'xs',
                fontWeight: 'semibold',
                letterSpacing: 'wider',
                textTransform: 'uppercase',
                color: 'palm.700',
              })}
            >
              <span
                aria-hidden
                className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'palm.500' })}
              />
              {words.status}
            </p>
            {loading && !eventName ? (
              <Skeleton className={css({ h: { base: '9', md: '12' }, w: '80%', mt: '2' })} />
            ) : (
              <h1 className={css({ textStyle: 'display.ticket', mt: '2' })}>
                {eventName ?? 'Your ticket'}
              </h1>
            )}
            <p
              className={css({ mt: '4', fontSize: 'md', lineHeight: 'relaxed', color: 'fg.muted' })}
            >
              {details.asked ? (
                <>
                  Open the link we sent to{' '}
                  <strong className={css({ color: 'fg.default' })}>
                    <Address email={details.email} />
                  </strong>{' '}
                  to take your place. Many people are asking for this event, so its free places go
                  to people who open our e-mail: the place is yours if one is left when you open it.
                </>
              ) : details.email ? (
                <>
                  We've sent you a receipt at{' '}
                  <strong className={css({ color: 'fg.default' })}>
                    <Address email={details.email} />
                  </strong>
                  .
                </>
              ) : (
                'Your ticket is booked.'
              )}{' '}
              {details.asked
                ? ''
                : details.ticket
                  ? 'Show this QR code at the door, or just give your name.'
                  : 'Its QR code is in the receipt; show it at the door, or just give your name.'}
            </p>

            {details.ticket && (
              <div className={css({ mt: '6' })}>
                <TicketQr code={details.ticket} label={`Ticket for ${eventName ?? 'the event'}`} />
              </div>
            )}

            <TicketFacts details={details} />

            <div className={cx(buttonRow(), css({ mt: '8' }))}>
              {calendarUrl && !details.asked && (
                <a
                  href={calendarUrl}
                  download={`${fileName(eventName ?? id)}.ics`}
                  className={button({ size: 'lg' })}
                >
                  <CalendarIcon />
                  Add to calendar
                </a>
              )}
              {details.rsvp ? (
                <Link
                  to={`/event/${encodeURIComponent(id)}`}
                  className={button({ variant: 'outline', size: 'lg' })}
                >
                  Get another ticket
                </Link>
              ) : (
                <button
                  type="button"
                  disabled
                  className={cx(
                    button({ size: 'lg' }),
                    css({ _disabled: { opacity: 1, bg: 'sand.200', color: 'fg.muted' } }),
                  )}
                >
                  Sold out
                </button>
              )}
            </div>

            <div
              className={flex({
                wrap: 'wrap',
                align: 'center',
                justify: 'space-between',
                mt: '8',
                pt: '5',
                layerStyle: 'ruled',
                gap: '3',
              })}
            >
              <button
                type="button"
                onClick={() => confirmation.send({ type: 'panel.supportOpened' })}
                className={css({
                  fontSize: 'sm',
                  fontWeight: 'semibold',
                  color: 'accent.default',
                  textDecoration: 'underline',
                  textUnderlineOffset: '3px',
                  cursor: 'pointer',
                  minH: '11',
                  _hover: { color: 'accent.emphasized' },
                  _focusVisible: {
                    outline: '2px solid',
                    outlineColor: 'accent.default',
                    outlineOffset: '2px',
                    borderRadius: 'l1',
                  },
                })}
              >
                {words.support}
              </button>
              <Link
                to="/"
                className={css({
                  textStyle: 'note',
                  fontWeight: 'semibold',
                  minH: '11',
                  display: 'inline-flex',
                  alignItems: 'center',
                  _hover: { color: 'fg.default' },
                })}
              >
                Back to the calendar
              </Link>
            </div>
          </div>
        </div>
      </main>
      <ReceiptSupportPanel
        confirmation={confirmation}
        message={receiptSupportMessage({
          email: details.email,
          event: eventName ?? id,
          date: details.date,
          time: details.time,
        })}
      />
    </>
  )
}

/** The .ics of the ticket as a Blob address, made in an effect and revoked after it changes. */
function useCalendarUrl(id: string, eventName: string, details: RegisteredDetails) {
  const [url, setUrl] = useState<string | null>(null)
  const key = JSON.stringify(details)
  useEffect(() => {
    const entry = ticketCalendarEntry({
      eventId: id,
      eventName,
      details: JSON.parse(key) as RegisteredDetails,
      stamp: new Date(),
    })
    if (!entry) {
      setUrl(null)
      return
    }
    const address = URL.createObjectURL(
      new Blob([calendarFile(entry)], { type: 'text/calendar;charset=utf-8' }),
    )
    setUrl(address)
    // Revoked a minute later, not at once: a download (or a read) that began from the old address
    // when the details changed must still finish.
    return () => {
      setTimeout(() => URL.revokeObjectURL(address), 60_000)
    }
  }, [id, eventName, key])
  return url
}

/** A file name people recognise: the event's name without characters file systems refuse. */
function fileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, '').trim() || 'ticket'
}

function Poster({ url, name }: { url: string; name: string | null }) {
  if (!url) return null
  return (
    <img
      src={url}
      alt={name ? `Poster for ${name}` : ''}
      className={css({
        display: 'block',
        w: 'full',
        maxW: { base: '48', md: 'none' },
        mx: { base: 'auto', md: '0' },
        aspectRatio: '3 / 4',
        objectFit: 'cover',
        borderRadius: 'l3',
        bg: 'sand.100',
        boxShadow: '0 24px 48px -28px rgba(26, 23, 19, 0.55)',
        transform: 'rotate(-1.5deg)',
      })}
    />
  )
}

function TicketFacts({ details }: { details: RegisteredDetails }) {
  const day = dayInFull(details.date)
  const otherSlots = details.timeslots.filter((slot) => slot !== details.time)
  const place = [details.venue, details.address].filter(Boolean)
  // Rows of the ticket: when, where, who and what it cost.
  const rows = [
    [
      day && (
        <Fact key="date" label="Date" extra={runOf(details.starts, details.ends)}>
          {day}
        </Fact>
      ),
      details.time && (
        <Fact
          key="time"
          label="Time"
          extra={otherSlots.length > 0 ? `Other sessions: ${otherSlots.join(', ')}` : null}
        >
          {details.time}
        </Fact>
      ),
    ],
    [
      place.length > 0 && (
        <Fact key="venue" label="Venue" extra={place[1] ?? null}>
          {place[0]}
        </Fact>
      ),
    ],
    [
      details.name && (
        <Fact key="name" label="Name on the ticket">
          {details.name}
        </Fact>
      ),
      <Fact key="price" label="Price" extra={details.price > 0 ? 'Paid' : null}>
        {details.price > 0 ? formatNaira(details.price) : 'Free'}
      </Fact>,
    ],
  ]
    .map((row) => row.filter(Boolean))
    .filter((row) => row.length > 0)
  return (
    <div className={css({ mt: '6', layerStyle: 'card', px: '5' })}>
      {rows.map((row, index) => (
        <dl
          key={String(index)}
          className={css({
            display: 'grid',
            gridTemplateColumns: {
              base: '1fr',
              sm: row.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr',
            },
            columnGap: '6',
            borderTopWidth: index === 0 ? '0' : '1px',
            borderColor: 'border',
            '& > div + div': { borderTopWidth: '1px', sm: { borderTopWidth: '0' } },
          })}
        >
          {row}
        </dl>
      ))}
    </div>
  )
}

/** 'Runs Nov 28 - Dec 1' for an event over several days; nothing for a single day. */
function runOf(starts: string, ends: string): string | null {
  try {
    const start = lagosDay(starts)
    const end = lagosDay(ends)
    return start === end ? null : `Runs ${shortDay(start)} - ${shortDay(end)}`
  } catch {
    return null
  }
}

function Fact({
  label,
  extra = null,
  children,
}: {
  label: string
  extra?: string | null
  children: ReactNode
}) {
  return (
    <div className={css({ py: '4', borderColor: 'border', minW: '0' })}>
      <dt className={css({ textStyle: 'smallCaps' })}>{label}</dt>
      <dd className={css({ mt: '1', fontWeight: 'semibold', color: 'fg.default' })}>
        {children}
        {extra && (
          <span
            className={css({
              display: 'block',
              fontWeight: 'normal',
              textStyle: 'note',
              mt: '0.5',
            })}
          >
            {extra}
          </span>
        )}
      </dd>
    </div>
  )
}

function CalendarIcon() {
  return (
    <LineIcon size={18} strokeWidth="1.8">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </LineIcon>
  )
}
