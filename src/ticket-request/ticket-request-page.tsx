import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { ticketRequestActors } from '../../machines/ticket-request/actors'
import { ticketRequestMachine } from '../../machines/ticket-request/machine'
import { bookedWhat } from '../../machines/ticket-request/selectors'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { StatusCard } from '../shared/status-card'
import { TicketQr } from '../shared/ticket-qr'

/** The page's actors, made once: a remount asks with the same key, so a place is taken once. */
const actors = ticketRequestActors(api)

/** /confirm/:code: the link e-mailed for a visitor's ticket asked for; its script takes the place. */
export default function TicketRequestPage() {
  const { code = '' } = useParams()
  const [input] = useState(() => ({ code }))
  const actorRef = useActorRef(
    ticketRequestMachine.provide({
      actors,
      actions: {
        logError: (_, { error }) => console.warn('Could not take the place asked for', error),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  return <TicketRequestView actorRef={actorRef} />
}

const calendarLink = (
  <Link to="/" className={button({ size: 'lg' })}>
    See what's on
  </Link>
)

export function TicketRequestView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof ticketRequestMachine>
}) {
  const state = useSelector(actorRef, (s) =>
    s.hasTag('success')
      ? 'booked'
      : s.hasTag('refused')
        ? 'refused'
        : s.hasTag('missing')
          ? 'missing'
          : s.hasTag('error')
            ? 'failed'
            : 'taking',
  )
  const booking = useSelector(actorRef, (s) => s.context.booking)
  const error = useSelector(actorRef, (s) => s.context.error)

  if (state === 'booked' && booking) {
    return (
      <>
        <title>{`You're booked: ${booking.Event} · Sixteen`}</title>
        <StatusCard tone="success" eyebrow="Ticket confirmed" title="You're booked">
          <p>
            <strong className={css({ color: 'fg.default' })}>{bookedWhat(booking)}</strong>
          </p>
          <p>
            Your ticket is on its way by e-mail. Show this QR code at the door, or just give your
            name.
          </p>
          {booking.Ticket && (
            <div className={css({ mt: '6', display: 'grid', placeItems: 'center' })}>
              <TicketQr code={booking.Ticket} label={`Ticket for ${booking.Event}`} />
            </div>
          )}
          <div className={css({ mt: '6' })}>{calendarLink}</div>
        </StatusCard>
      </>
    )
  }
  if (state === 'refused') {
    return (
      <>
        <title>No place this time · Sixteen</title>
        <StatusCard tone="info" title="No place this time" actions={calendarLink}>
          <p>{error}</p>
        </StatusCard>
      </>
    )
  }
  if (state === 'missing') {
    return (
      <>
        <title>Link not found · Sixteen</title>
        <StatusCard tone="error" title="We can't find this link" actions={calendarLink}>
          <p>
            Please open it again from the e-mail, all of it: some mail apps cut long links. Or book
            again from the event's page.
          </p>
        </StatusCard>
      </>
    )
  }
  if (state === 'failed') {
    return (
      <>
        <title>Not connected · Sixteen</title>
        <StatusCard
          tone="error"
          title="We couldn't reach the server"
          actions={
            <button
              type="button"
              className={button({ size: 'lg' })}
              onClick={() => actorRef.send({ type: 'request.retried' })}
            >
              Try again
            </button>
          }
        >
          <p>Your place is not taken yet. Check your connection and try again.</p>
        </StatusCard>
      </>
    )
  }
  return (
    <>
      <title>Taking your place · Sixteen</title>
      <StatusCard tone="waiting" title="Taking your place…" busy>
        <p>Checking a place is left for you.</p>
      </StatusCard>
    </>
  )
}
