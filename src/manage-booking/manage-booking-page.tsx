import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { bookingCancelMachine } from '../../machines/booking-cancel/machine'
import { bookingWhen } from '../../machines/bookings-list/selectors'
import { cancelByLinkActors, manageBookingActors } from '../../machines/manage-booking/actors'
import { manageBookingMachine } from '../../machines/manage-booking/machine'
import {
  cancelledNote,
  cancelUntilLine,
  isCancelled,
  managedRow,
} from '../../machines/manage-booking/selectors'
import { css, cx } from '../../styled-system/css'
import { api } from '../api'
import { CancelBookingView } from '../booking-cancel/booking-cancel'
import { BookingDetailsList } from '../bookings-list/bookings-rows'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects } from '../member-flow'
import { DoneLine } from '../shared/form-fields'
import { RowsSkeleton } from '../shared/member-page'
import { Page } from '../shared/page'
import { RetryButton } from '../shared/retry-button'
import { LinkNotFound, StatusCard } from '../shared/status-card'
import { DoorTicket, tearLine } from '../shared/ticket-qr'
import { SITE } from '../site'

type ManageRef = ActorRefFrom<typeof manageBookingMachine>

/**
 * /manage/:code, the receipt's 'Manage your booking' link: the booking and its ticket, and Cancel
 * until the cut-off, for people with or without an account (the code is the booking's secret).
 */
export default function ManageBookingPage() {
  const { code = '' } = useParams()
  const actorRef = useActorRef(
    manageBookingMachine.provide({
      actors: {
        ...manageBookingActors(api),
        bookingCancel: bookingCancelMachine.provide({
          actors: cancelByLinkActors(api),
          actions: memberFlowEffects('Could not cancel the booking'),
        }),
      },
      actions: { logError: (_, { error }) => console.warn('Could not read the booking', error) },
    }),
    { input: { code }, inspect: showLiveFlow },
  )
  return <ManageBookingView actorRef={actorRef} />
}

const card = css({
  layerStyle: 'card',
  borderRadius: 'l3',
  overflow: 'hidden',
  display: 'grid',
  minW: '0',
})

export function ManageBookingView({ actorRef }: { actorRef: ManageRef }) {
  const state = useSelector(actorRef, (s) => s)
  const [now] = useState(() => new Date())
  const managed = state.context.booking
  const cancel = useSelector(actorRef, (s) => s.children.bookingCancel)

  if (state.matches('missing'))
    return <LinkNotFound title="We can't find this booking" from="your receipt" />
  if (state.matches('failed')) {
    return (
      <>
        <title>{`Your booking · ${SITE.name}`}</title>
        <StatusCard
          tone="error"
          title="We couldn't load your booking"
          actions={<RetryButton onRetry={() => actorRef.send({ type: 'booking.retried' })} />}
        >
          <p>Check your connection, then try again. Your booking is as it was.</p>
        </StatusCard>
      </>
    )
  }
  if (!managed) {
    return (
      <Page title="Your booking">
        <title>{`Your booking · ${SITE.name}`}</title>
        <RowsSkeleton count={1} label="Loading your booking" />
      </Page>
    )
  }

  const row = managedRow(managed)
  const cancelled = isCancelled(managed)
  return (
    <Page title="Your booking">
      <title>{`Your booking · ${SITE.name}`}</title>
      <article aria-labelledby="booking-heading" className={card} aria-busy={state.hasTag('busy')}>
        <header className={css({ p: { base: '4', md: '5' }, display: 'grid', gap: '1' })}>
          <h2
            id="booking-heading"
            className={css({ textStyle: 'display.card', overflowWrap: 'anywhere' })}
          >
            {row.event}
          </h2>
          <p className={css({ color: 'fg.muted' })}>{bookingWhen(row, now)}</p>
          <p className={css({ textStyle: 'note', overflowWrap: 'anywhere' })}>
            For {managed.name}, {managed.email}
          </p>
        </header>
        {row.ticket && !cancelled && (
          <DoorTicket
            code={row.ticket}
            event={row.event}
            className={cx(
              tearLine,
              css({ display: 'grid', justifyItems: 'center', gap: '2', py: '4' }),
            )}
          />
        )}
        <BookingDetailsList
          row={row}
          now={now}
          className={cx(tearLine, css({ p: { base: '4', md: '5' } }))}
        />
        <footer
          className={cx(tearLine, css({ p: { base: '4', md: '5' }, display: 'grid', gap: '3' }))}
        >
          {cancelled ? (
            <DoneLine>{cancelledNote(managed)}</DoneLine>
          ) : managed.cancellable ? (
            <p className={css({ textStyle: 'note' })}>{cancelUntilLine(managed)}</p>
          ) : (
            <p className={css({ color: 'fg.muted' })}>{managed.refusal}</p>
          )}
        </footer>
        {cancel && <CancelBookingView actorRef={cancel} />}
      </article>
      <p className={css({ mt: '6', textStyle: 'note' })}>
        Questions? Write to {SITE.supportEmail}.
      </p>
    </Page>
  )
}
