import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { coworkingActors } from '../../machines/coworking/actors'
import {
  type CoworkingEvent,
  type CoworkingInput,
  coworkingMachine,
} from '../../machines/coworking/machine'
import { BOOKINGS_PATH } from '../../machines/rules/bookings'
import { api, viewer } from '../api'
import { useHydrated } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { bookingWalletEffects } from '../shared/booking-wallet-effects'
import { checkoutInBrowser, checkoutOf } from '../shared/checkout-in-browser'
import { panelMarkOf } from '../shared/use-panel-history'
import { drafts, pageOrigin, readSession, storage } from '../storage'

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

/** What a person has typed and chosen in the open co-working panel. */
interface CoworkingDraft {
  day: string | null
  space: string | null
  email: string
  name: string
  phone: string
  extraGuests: number
  visitorNames: string[]
}

const draftOf = (value: unknown): CoworkingDraft | null => {
  const draft = value as Partial<CoworkingDraft> | null
  return draft && typeof draft === 'object' && Array.isArray(draft.visitorNames)
    ? (draft as CoworkingDraft)
    : null
}

/**
 * A reload with the panel open (its history entry carries the panel's mark, see Panel) opens it
 * again with what was typed: kept in this tab while the panel is open, given back by the events
 * a person would send, so every rule of the flow still applies. Closing the panel forgets it.
 */
export function useCoworkingDraft(actorRef: CoworkingRef, panelTitle: string) {
  const { state } = useLocation()
  const [reopen] = useState(() => panelMarkOf(state) === panelTitle)
  useEffect(() => {
    let restoring = reopen ? draftOf(drafts.read('coworking')) : null
    let wasOpen = false
    const subscription = actorRef.subscribe((snapshot) => {
      if (snapshot.matches('closed') && restoring) {
        const draft = restoring
        restoring = null
        for (const event of draftEvents(draft)) actorRef.send(event)
        return
      }
      const { context } = snapshot
      if (snapshot.matches({ open: 'editing' })) {
        wasOpen = true
        drafts.save('coworking', {
          day: context.day,
          space: context.space,
          email: context.email,
          name: context.name,
          phone: context.phone,
          extraGuests: context.extraGuests,
          visitorNames: context.visitorNames,
        } satisfies CoworkingDraft)
      } else if (wasOpen && !snapshot.matches('open')) {
        wasOpen = false
        drafts.clear('coworking')
      }
    })
    return () => subscription.unsubscribe()
  }, [actorRef, reopen])
}

/** The events that make the panel what the draft says, in a person's order. */
function draftEvents(draft: CoworkingDraft): CoworkingEvent[] {
  return [
    { type: 'panel.opened' },
    ...(draft.day ? [{ type: 'day.chosen' as const, day: draft.day }] : []),
    ...(draft.space ? [{ type: 'space.chosen' as const, space: draft.space }] : []),
    ...(['email', 'name', 'phone'] as const).map((field) => ({
      type: 'field.changed' as const,
      field,
      value: draft[field],
    })),
    ...Array.from({ length: draft.extraGuests }, () => ({ type: 'guests.added' as const })),
    ...draft.visitorNames.map((name, index) => ({
      type: 'visitor.changed' as const,
      index,
      name,
    })),
  ]
}
