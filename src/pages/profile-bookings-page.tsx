import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { bookingsListActors } from '../../machines/bookings-list/actors'
import { bookingsListMachine } from '../../machines/bookings-list/machine'
import { api } from '../api'
import { BookingsView } from '../components/bookings-view'
import { afterPayment } from '../components/payment-return'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects } from '../member-flow'
import { storage } from '../storage'

/**
 * /profile/bookings: the signed-in person's bookings. Card payments of logged-in people come
 * back here with `?reference=`: the payment is settled before the list shows.
 */
export default afterPayment({ to: '/profile/bookings', label: 'See your bookings' }, BookingsScreen)

/** Starts the bookings flow for the stored e-mail, with its browser effects. */
function BookingsScreen() {
  const [email] = useState(() => storage.get('userEmail'))
  const actorRef = useActorRef(
    bookingsListMachine.provide({
      actors: bookingsListActors(api),
      actions: memberFlowEffects('Could not load the bookings'),
    }),
    { input: { email }, inspect: showLiveFlow },
  )
  return <BookingsView actorRef={actorRef} />
}
