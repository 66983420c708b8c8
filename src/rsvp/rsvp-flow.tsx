import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { rsvpActors } from '../../machines/rsvp/actors'
import { type RsvpInput, rsvpMachine } from '../../machines/rsvp/machine'
import type { components } from '../../openapi/client'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { bookingWalletEffects } from '../shared/booking-wallet-effects'
import { checkoutInBrowser } from '../shared/checkout-in-browser'
import { useReloadOnRestore } from '../shared/use-reload-on-restore'
import { pageOrigin, storage } from '../storage'
import { RsvpPanel } from './rsvp-panel'

type Event = components['schemas']['Event']

/**
 * The RSVP flow of the event: its actor lives with the page (kept while the panel closes and
 * opens again). `open` opens the panel.
 */
export function RsvpFlow({
  event,
  signedIn,
  isMember,
  open,
  onOpened,
  onBooked,
}: {
  event: Event
  signedIn: boolean
  isMember: boolean
  /** The person asked for the panel (and the app knows who they are). */
  open: boolean
  onOpened: () => void
  onBooked: () => void
}) {
  const navigate = useNavigate()
  const [now] = useState(() => new Date())
  const [input] = useState<RsvpInput>(() => ({
    event,
    viewer: {
      signedIn,
      isMember,
      userId: storage.get('userID'),
      email: storage.get('userEmail') ?? '',
      name: storage.get('userName') ?? '',
      phone: storage.get('userNumber') ?? '',
    },
    guest: {
      email: storage.get('email') ?? '',
      name: storage.get('name') ?? '',
      phone: storage.get('phone') ?? '',
    },
    now,
    origin: pageOrigin(),
  }))
  const actorRef = useActorRef(
    rsvpMachine.provide({
      actors: { ...rsvpActors(api), checkout: checkoutInBrowser('The payment did not go through') },
      actions: {
        // A full page load: the spec navigates to the registered page and reloads.
        navigateToRegistered: (_, { path }) => window.location.assign(path),
        navigateToBookings: () => navigate('/profile/bookings'),
        refreshEvent: onBooked,
        logError: (_, { error }) => console.error('The booking did not go through', error),
        ...bookingWalletEffects,
      },
    }),
    { input, inspect: showLiveFlow },
  )
  useReloadOnRestore()
  useEffect(() => {
    if (!open) return
    actorRef.send({ type: 'panel.opened' })
    onOpened()
  }, [actorRef, open, onOpened])
  return <RsvpPanel actorRef={actorRef} now={now} />
}
