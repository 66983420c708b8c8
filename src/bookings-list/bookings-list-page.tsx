import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { bookingCancelActors } from '../../machines/booking-cancel/actors'
import { bookingCancelMachine } from '../../machines/booking-cancel/machine'
import { bookingsListActors } from '../../machines/bookings-list/actors'
import { bookingsListMachine } from '../../machines/bookings-list/machine'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects } from '../member-flow'
import { afterPayment } from '../payment-return/payment-return'
import { storage } from '../storage'
import { BookingsView } from './bookings-view'

/**
 * /profile/bookings: the signed-in person's bookings. Card payments of logged-in people come
 * back here with `?reference=`: the payment is settled before the list shows.
 */
export default afterPayment({ to: '/profile/bookings', label: 'See your bookings' }, BookingsScreen)

/** Starts the bookings flow for the stored e-mail, with its browser effects. */
function BookingsScreen() {
  const [input] = useState(() => ({
    email: storage.get('userEmail'),
    kept: storage.readKeptBookings(),
  }))
  const actorRef = useActorRef(
    bookingsListMachine.provide({
      actors: {
        ...bookingsListActors(api),
        bookingCancel: bookingCancelMachine.provide({
          actors: bookingCancelActors(api),
          actions: memberFlowEffects('Could not cancel the booking'),
        }),
      },
      actions: {
        ...memberFlowEffects('Could not load the bookings'),
        keepBookings: (_, list) =>
          storage.set('keptBookings', JSON.stringify({ ...list, at: new Date().toISOString() })),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  // Back online: a kept list is read again.
  useEffect(() => {
    const online = () => actorRef.send({ type: 'bookings.retried' })
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [actorRef])
  return <BookingsView actorRef={actorRef} />
}
