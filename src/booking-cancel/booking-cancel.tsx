import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { bookingCancelMachine, CancelledBooking } from '../../machines/booking-cancel/machine'
import { cancelledLine, moneyBackLine } from '../../machines/booking-cancel/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { DoneLine, RefusedLine } from '../shared/form-fields'
import { LoadNotice } from '../shared/member-page'
import { tearLine } from '../shared/ticket-qr'

type CancelRef = ActorRefFrom<typeof bookingCancelMachine>

const area = cx(tearLine, css({ display: 'grid', gap: '3', mx: { base: '3', md: '4' }, py: '4' }))

/** The cancellation's answer, where Cancel was: cancelled, and how the money comes back. */
export function CancelledNote({ result }: { result: CancelledBooking }) {
  return (
    <div className={area}>
      <DoneLine>{cancelledLine(result)}</DoneLine>
    </div>
  )
}

/**
 * Cancel, at the foot of an open booking: asked first, then cancelled, the money on its way. The
 * flow is the child of the page's own (the bookings list, the manage page), which learns its end.
 */
export function CancelBookingView({ actorRef }: { actorRef: CancelRef }) {
  const state = useSelector(actorRef, (s) => s)
  const booking = state.context
  const send = actorRef.send
  const busy = state.hasTag('busy')
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the cancellation" />
  const result = state.context.result
  return (
    <div className={area}>
      {state.matches('idle') && (
        <button
          type="button"
          className={button({ variant: 'outline', size: 'md' })}
          onClick={() => send({ type: 'cancel.started' })}
        >
          Cancel this booking
        </button>
      )}
      {(state.matches('confirming') || busy || state.matches('failed')) && (
        <section aria-label="Cancel this booking" className={css({ display: 'grid', gap: '3' })}>
          <p className={css({ fontWeight: 'semibold' })}>Cancel {booking.what}?</p>
          <p className={css({ textStyle: 'note' })}>
            {moneyBackLine(booking)} Your place goes to someone else, and the ticket stops working.
          </p>
          {state.matches('failed') && (
            <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
              We couldn't reach the server, so the booking is as it was. Check the connection, then
              try again.
            </p>
          )}
          <div className={flex({ gap: '3', wrap: 'wrap' })}>
            <button
              type="button"
              className={button({ variant: 'danger', size: 'md' })}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() =>
                send({ type: state.matches('failed') ? 'cancel.retried' : 'cancel.confirmed' })
              }
            >
              {busy ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'md' })}
              disabled={busy}
              onClick={() => send({ type: 'cancel.kept' })}
            >
              Keep it
            </button>
          </div>
        </section>
      )}
      {state.matches('refused') && (
        <div className={css({ display: 'grid', gap: '2' })}>
          <RefusedLine>{state.context.refusal}</RefusedLine>
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'md' })}
            onClick={() => send({ type: 'cancel.kept' })}
          >
            OK
          </button>
        </div>
      )}
      {result && <DoneLine>{cancelledLine(result)}</DoneLine>}
    </div>
  )
}
