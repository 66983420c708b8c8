import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { formatNaira } from '../../machines/rules/money'
import { PRINT_STUDIO_PRICE_NAIRA } from '../../machines/rules/pricing'
import type { StudioPerson } from '../../machines/rules/print-studio'
import { studioRebookActors } from '../../machines/studio-rebook/actors'
import { studioRebookMachine } from '../../machines/studio-rebook/machine'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { StudioBookingError, StudioBookingFields } from '../print-studio/studio-booking-fields'
import { checkoutInBrowser, useCheckout } from '../shared/checkout-in-browser'
import { RetryButton } from '../shared/retry-button'
import { Skeleton } from '../shared/skeleton'
import { useNow } from '../shared/use-now'

/**
 * 'Book again' on /booked-printstudio. It owns its actor, which starts when the form opens (so
 * the days are fresh) and stops when it closes.
 */
export function StudioRebookForm({ guest }: { guest: StudioPerson }) {
  const [origin] = useState(() => window.location.origin)
  const actorRef = useActorRef(
    studioRebookMachine.provide({
      actors: {
        ...studioRebookActors(api),
        checkout: checkoutInBrowser('Print studio rebooking'),
      },
      actions: {
        logError: (_, { error }) => console.error('Print studio rebooking', error),
      },
    }),
    { input: { origin, guest }, inspect: showLiveFlow },
  )
  return <StudioRebookView actorRef={actorRef} />
}

export function StudioRebookView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof studioRebookMachine>
}) {
  const now = useNow()
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const unavailable = useSelector(actorRef, (s) => s.matches('unavailable'))
  const checkout = useCheckout(actorRef)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy')) || checkout.busy
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'card.chosen' }))
  const { days, day, slot, guest, left, error } = useSelector(actorRef, (s) => s.context)

  if (loading) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '4' })}>
        <p role="status" className={css({ srOnly: true })}>
          Loading the studio's days
        </p>
        <Skeleton className={css({ h: '12', w: 'full' })} />
        <Skeleton className={css({ h: '12', w: 'full' })} />
        <Skeleton className={css({ h: '40', w: 'full' })} />
      </div>
    )
  }
  if (failed) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <p role="alert" className={css({ color: 'danger.default' })}>
          The studio's days could not load. Check your connection and try again.
        </p>
        <RetryButton
          className={button({ variant: 'outline' })}
          onRetry={() => actorRef.send({ type: 'rebook.retried' })}
        />
      </div>
    )
  }
  if (unavailable) {
    return (
      <p className={css({ color: 'fg.muted' })}>
        The studio is not taking bookings right now. Please check again soon.
      </p>
    )
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actorRef.send({ type: 'card.chosen' })
      }}
      className={css({ display: 'grid', gap: '5' })}
    >
      <StudioBookingFields
        days={days}
        day={day}
        slot={slot}
        guest={guest}
        left={left}
        now={now}
        disabled={busy}
        send={actorRef.send}
      />
      {error && <StudioBookingError>{error}</StudioBookingError>}
      <button type="submit" disabled={!canSubmit} className={button({ size: 'lg' })}>
        {busy ? 'Please wait' : 'Book'}
      </button>
      <p className={css({ mt: '-2', fontSize: 'xs', color: 'fg.subtle', textAlign: 'center' })}>
        {`${formatNaira(PRINT_STUDIO_PRICE_NAIRA)} for four hours, paid by card on the next page.`}
      </p>
    </form>
  )
}
