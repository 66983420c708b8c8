import { useActorRef, useSelector } from '@xstate/react'
import { memo, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { calendarActors } from '../../machines/calendar/actors'
import { calendarMachine } from '../../machines/calendar/machine'
import { calendarNote } from '../../machines/calendar/selectors'
import { calendarLabel } from '../../machines/rules/dates'
import { firstInView } from '../../machines/rules/viewport'
import type { components } from '../../openapi/client'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useCarriedAnswer, useHydrated, useInitialData } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { hydratesLater } from '../shared/hydrates-later'
import { RetryButton } from '../shared/retry-button'
import { SiteHeader } from '../shared/site-header'
import { Skeleton } from '../shared/skeleton'
import { useNow } from '../shared/use-now'
import { useViewer } from '../shared/use-viewer'
import { EventCard } from './event-card'
import { LandingHero } from './landing-hero'
import { PromoBanner } from './promo-banner'

type Event = components['schemas']['Event']

const LaterPromoBanner = hydratesLater(PromoBanner)
const LaterSiteHeader = hydratesLater(SiteHeader)
const LaterLandingHero = hydratesLater(LandingHero)
const LaterEventCard = hydratesLater(EventCard)

/**
 * The list this tab showed last. Back from an event renders it at once, so the page is as tall
 * as when it was left while the browser restores the scroll position (a skeleton would be
 * shorter, and the restored position would land higher up); a fresh list follows in the
 * background. Written in an effect, so only in the browser, never on the server.
 */
let lastEvents: Event[] | null = null

/** Home: the landing, then the calendar. The page owns the calendar's actor. */
export function CalendarPage() {
  const carried = useCarriedAnswer<{ data: Event[] }>('/events')?.data ?? null
  const { kept, now: carriedAt } = useInitialData()
  const [start] = useState(() => ({
    events: carried ?? lastEvents,
    remembered: carried === null && lastEvents !== null,
    knownAt: carried && kept ? (carriedAt?.toISOString() ?? null) : null,
  }))
  const actorRef = useActorRef(
    calendarMachine.provide({
      actors: calendarActors(api),
      actions: { logError: (_, { error }) => console.error('Could not load the events', error) },
    }),
    {
      input: { initialEvents: start.events, knownAt: start.knownAt },
      inspect: showLiveFlow,
    },
  )
  // A remembered list may be out of date: places may have sold out since.
  useEffect(() => {
    if (start.remembered) actorRef.send({ type: 'events.refreshed' })
  }, [actorRef, start])
  const shown = useSelector(actorRef, (s) => s.context.events)
  useEffect(() => {
    if (shown) lastEvents = shown
  }, [shown])
  // Back in the tab after a while: places may have sold out.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') actorRef.send({ type: 'events.refreshed' })
    }
    // Back online: a list kept while offline is brought up to date.
    const online = () => actorRef.send({ type: 'events.refreshed' })
    document.addEventListener('visibilitychange', refresh)
    window.addEventListener('online', online)
    return () => {
      document.removeEventListener('visibilitychange', refresh)
      window.removeEventListener('online', online)
    }
  }, [actorRef])

  // The menu's 'Calendar' link lands here and scrolls down one screen, once the events are on
  // the page: before, the page is too short and the scroll stops early (694 px of 800).
  const scrollOneScreen =
    (useLocation().state as { scroll?: string } | null)?.scroll === 'oneScreen'
  const listed = shown !== null
  useEffect(() => {
    if (scrollOneScreen && listed) window.scrollTo({ top: window.innerHeight, behavior: 'smooth' })
  }, [scrollOneScreen, listed])

  const { signedIn } = useViewer()
  // The banner, the header and the landing hydrate later too: the shell that hydrates in one task
  // is only the page's frame and its actor; each part follows in a slice of its own.
  return (
    <>
      {!signedIn && <LaterPromoBanner />}
      <LaterSiteHeader />
      {/* Room for the phone's promo banner (taller when it stands still), so it hides nothing. */}
      <main
        className={
          signedIn
            ? undefined
            : css({ pb: { base: '14', md: '0' }, _motionReduce: { pb: { base: '20', md: '0' } } })
        }
      >
        <LaterLandingHero signedIn={signedIn} />
        <CalendarView actorRef={actorRef} />
      </main>
    </>
  )
}

export function CalendarView({ actorRef }: { actorRef: ActorRefFrom<typeof calendarMachine> }) {
  const events = useSelector(actorRef, (s) => s.context.events ?? [])
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const empty = useSelector(actorRef, (s) => s.matches('empty'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const { isMember } = useViewer()
  const now = useNow()
  // After hydration: the kept page's HTML has no note, and the first render must match it.
  const hydrated = useHydrated()
  const note = useSelector(actorRef, (s) => (hydrated ? calendarNote(s, now) : null))

  return (
    <section
      id="calendar"
      aria-labelledby="calendar-heading"
      // A static class, not the column recipe: this is the first page's code, where a recipe's
      // runtime would cost the first load.
      className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, pb: '20' })}
    >
      <div
        className={css({
          position: 'sticky',
          top: '14',
          zIndex: 'docked',
          bg: 'canvas',
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: '4',
          py: '5',
        })}
      >
        <h2 id="calendar-heading" className={css({ textStyle: 'display.headline' })}>
          Calendar
        </h2>
        <DateLabel events={events} now={now} />
      </div>
      <p
        role="status"
        className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4', _empty: { mb: '0' } })}
      >
        {note}
      </p>

      {loading && <CalendarSkeleton />}
      {empty && (
        <p className={css({ py: '16', textAlign: 'center', color: 'fg.muted', fontSize: 'lg' })}>
          No events available
        </p>
      )}
      {failed && (
        <div className={css({ py: '16', textAlign: 'center' })}>
          <p className={css({ color: 'fg.muted', mb: '4' })}>
            We could not load the calendar. Check your connection and try again.
          </p>
          <RetryButton
            className={button({ variant: 'outline' })}
            onRetry={() => actorRef.send({ type: 'events.retried' })}
          />
        </div>
      )}
      {events.length > 0 && <EventGrid events={events} isMember={isMember} now={now} />}
    </section>
  )
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: { base: '5', md: '6' },
})

/**
 * Each card hydrates later (hydratesLater): the server's HTML of the cards is hydrated after the rest of
 * the first screen, in slices that leave the main thread free between them (a tap on a card
 * hydrates that card at once). Memo: the re-render that follows hydration (the viewer and the
 * clock are the browser's from then on) stops here when it changes nothing for the cards.
 */
const EventGrid = memo(function EventGrid({
  events,
  isMember,
  now,
}: {
  events: Event[]
  isMember: boolean
  now: Date
}) {
  return (
    <div className={grid} data-calendar-grid>
      {events.map((event, i) => (
        <LaterEventCard
          key={event.ID}
          event={event}
          isMember={isMember}
          now={now}
          eager={i < 2}
          priority={i === 0}
        />
      ))}
    </div>
  )
})

/**
 * The heading's date label hydrates after the first screen's shell, in a slice of its own: it
 * reads the cards' places on screen.
 */
const DateLabel = hydratesLater(DateLabelText)

function DateLabelText({ events, now }: { events: Event[]; now: Date }) {
  return (
    <p
      aria-live="polite"
      data-testid="calendar-date-label"
      className={css({ fontSize: 'md', fontWeight: 'semibold', color: 'clay.700' })}
    >
      {useLabelOfEventInView(events, now)}
    </p>
  )
}

/** The heading's date label follows the first card in view while the page scrolls. */
function useLabelOfEventInView(events: Event[], now: Date): string {
  const [index, setIndex] = useState(0)
  const frame = useRef(0)
  useEffect(() => {
    const measure = () => {
      frame.current = 0
      if (events.length === 0) return
      const cards = document.querySelectorAll<HTMLElement>('[data-calendar-grid] > article')
      const found = firstInView(
        [...cards].map((card) => card.getBoundingClientRect()),
        window.innerHeight,
      )
      setIndex(found === -1 ? 0 : found)
    }
    const onScroll = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      cancelAnimationFrame(frame.current)
    }
  }, [events])
  const event = events[index] ?? events[0]
  return event ? calendarLabel(event, now) : ''
}

function CalendarSkeleton() {
  return (
    <div className={grid} role="status" aria-busy="true" aria-label="Loading events">
      {[0, 1, 2].map((i) => (
        <div key={i} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Skeleton className={css({ aspectRatio: '3 / 4', borderRadius: 'l3' })} />
          <Skeleton className={css({ h: '5', w: '40%' })} />
          <Skeleton className={css({ h: '6', w: '75%' })} />
          <Skeleton className={css({ h: '8', w: '30%', borderRadius: 'full' })} />
        </div>
      ))}
    </div>
  )
}
