import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { coworkingActors } from '../../machines/coworking/actors'
import { type CoworkingInput, coworkingMachine } from '../../machines/coworking/machine'
import { BOOKINGS_PATH } from '../../machines/rules/bookings'
import { api, viewer } from '../api'
import { useHydrated } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { pageOrigin, readSession, storage } from '../storage'
import { bookingWalletEffects } from './booking-wallet-effects'
import { checkoutInBrowser, checkoutOf } from './checkout-in-browser'

// The co-working booking's actor as a page owns it: who is booking (read once from storage and
// the viewer), and the machine with the browser's side effects.

export type CoworkingRef = ActorRefFrom<typeof coworkingMachine>

export interface SettledViewer {
  signedIn: boolean
  isMember: boolean
}

/**
 * The viewer once their profile has been read (null while it is): membership changes the panel.
 * The server's HTML, and the hydration of it, show a visitor's panel: storage is the browser's.
 */
export function useSettledViewer(): SettledViewer | null {
  const hydrated = useHydrated()
  const settled = useSelector(
    viewer,
    (s) =>
      s.hasTag('busy') ? null : { signedIn: s.context.signedIn, isMember: s.matches('member') },
    (a, b) => a?.signedIn === b?.signedIn && a?.isMember === b?.isMember,
  )
  return hydrated ? settled : VISITOR
}

const VISITOR: SettledViewer = { signedIn: false, isMember: false }

/** Details a page already has (the booked page's query), used instead of remembered ones. */
export interface CoworkingPrefill {
  email: string
  name: string
  phone: string
  day: string
}

/** Who is booking, read once from storage: the signed-in person's details or a guest's. */
export function coworkingInput(who: SettledViewer, prefill?: CoworkingPrefill): CoworkingInput {
  const session = who.signedIn ? readSession() : null
  const remembered = {
    email: storage.get('email') ?? '',
    name: storage.get('name') ?? '',
    phone: storage.get('phone') ?? '',
  }
  const details = session
    ? {
        email: storage.get('userEmail') ?? '',
        name: storage.get('userName') ?? '',
        phone: storage.get('userNumber') ?? '',
      }
    : {
        email: prefill?.email || remembered.email,
        name: prefill?.name || remembered.name,
        phone: prefill?.phone || remembered.phone,
      }
  return {
    signedIn: session !== null,
    isMember: session !== null && who.isMember,
    userId: session?.userId ?? null,
    details,
    remember: storage.get('rememberMe') === 'true',
    day: prefill?.day || null,
    origin: pageOrigin(),
  }
}

/** The booking actor of a page, with the browser's side effects provided. */
export function useCoworkingActor(input: CoworkingInput): CoworkingRef {
  const navigate = useNavigate()
  const actorRef = useActorRef(
    coworkingMachine.provide({
      actors: { ...coworkingActors(api), checkout: checkoutInBrowser('Co-working booking') },
      actions: {
        rememberGuest: (_, { remember, email, name, phone }) => {
          if (remember) {
            storage.set('email', email.trim())
            storage.set('name', name.trim())
            storage.set('phone', phone.trim())
            storage.set('rememberMe', 'true')
          } else {
            for (const key of ['email', 'name', 'phone', 'rememberMe'] as const) storage.remove(key)
          }
        },
        navigateToBookings: () => navigate(BOOKINGS_PATH),
        logError: (_, { error }) => console.error('Co-working booking', error),
        ...bookingWalletEffects,
      },
    }),
    { input, inspect: showLiveFlow },
  )
  // Back from the provider's page, the browser may restore this page as it was ('Please wait'):
  // the checkout hears of it (it is the one waiting for the provider) and the form comes back.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkoutOf(actorRef)?.send({ type: 'payment.returned' })
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [actorRef])
  return actorRef
}
