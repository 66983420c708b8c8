import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { eventDetailActors } from '../../machines/event-detail/actors'
import { eventDetailMachine } from '../../machines/event-detail/machine'
import { isWaitlistOffered, shareNote } from '../../machines/event-detail/selectors'
import { calendarLabel } from '../../machines/rules/dates'
import { canShare, eventAction, isFreeEvent, ticketPriceLabel } from '../../machines/rules/events'
import type { components } from '../../openapi/client'
import { css, cx } from '../../styled-system/css'
import { badge, button, column } from '../../styled-system/recipes'
import { api } from '../api'
import { useCarriedAnswer } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { RsvpFlow } from '../rsvp/rsvp-flow'
import { hydratesLater } from '../shared/hydrates-later'
import { RetryButton } from '../shared/retry-button'
import { SiteHeader } from '../shared/site-header'
import { useNow } from '../shared/use-now'
import { useViewer } from '../shared/use-viewer'
import { SITE } from '../site'
import { EventActionBar } from './event-action-bar'
import { EventFacts } from './event-facts'
import { EventMessage, EventMissing, EventSkeleton, eventLayout } from './event-page-states'
import { HistoryBackLink } from './history-back-link'
import { MembersOnlyNote } from './members-only-note'
import { PosterCarousel } from './poster-carousel'

// Only a sold-out event offers the waitlist: its form's code loads when one is shown.
const WaitlistJoin = lazy(async () => ({
  default: (await import('../waitlist/waitlist-join')).WaitlistJoin,
}))

type Event = components['schemas']['Event']

/** /event/{id}: one event. A new id starts a new screen, so its actor starts afresh. */
export function EventPage() {
  const { id = '' } = useParams()
  // The server answered the page's first call: the event, or that it does not exist (a 404).
  const carried = useCarriedAnswer<{ status: 'success'; data: Event } | { status: 'error' }>(
    `/events/${id}`,
  )
  if (carried?.status === 'error') {
    return (
      <>
        <SiteHeader />
        <EventMissing />
      </>
    )
  }
  return <EventScreen key={id} id={id} carried={carried?.data ?? null} />
}

/** The page owns the event's actor: navigation state, else the page's HTML, else a fetch. */
function EventScreen({ id, carried }: { id: string; carried: Event | null }) {
  const location = useLocation()
  // A calendar card's copy, as the spec says: no second call for what the app already has.
  const [initialEvent] = useState(() => {
    const event = (location.state as { event?: Event } | null)?.event
    return event && event.ID === id ? event : carried
  })
  const actorRef = useActorRef(
    eventDetailMachine.provide({
      actors: eventDetailActors(api, SITE.name),
      actions: {
        logError: (_, { error }) => console.error('Could not load the event', error),
      },
    }),
    { input: { id, event: initialEvent }, inspect: showLiveFlow },
  )

  return (
    <>
      <SiteHeader />
      <EventView actorRef={actorRef} />
    </>
  )
}

const container = column()

const posterColumn = css({
  md: { position: 'sticky', top: '20' },
})

export function EventView({ actorRef }: { actorRef: ActorRefFrom<typeof eventDetailMachine> }) {
  const event = useSelector(actorRef, (s) => s.context.event)
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const notFound = useSelector(actorRef, (s) => s.matches('notFound'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const noteAfterShare = useSelector(actorRef, shareNote)

  if (loading) return <EventSkeleton />
  if (notFound) return <EventMissing />
  if (failed) {
    return (
      <EventMessage
        title="We could not load this event"
        text="Check your connection and try again."
      >
        <RetryButton onRetry={() => actorRef.send({ type: 'event.retried' })} />
        <Link to="/" className={button({ variant: 'ghost', size: 'lg' })}>
          Back to the calendar
        </Link>
      </EventMessage>
    )
  }
  if (!event) return null
  return (
    <EventDetail
      event={event}
      shareNote={noteAfterShare}
      onShare={() => actorRef.send({ type: 'event.shared' })}
      onBooked={() => actorRef.send({ type: 'event.refreshed' })}
    />
  )
}

function EventDetail({
  event,
  shareNote,
  onShare,
  onBooked,
}: {
  event: Event
  /** 'Link copied', for a few seconds after Share where there is no share sheet. */
  shareNote: string | null
  onShare: () => void
  onBooked: () => void
}) {
  const { signedIn, isMember, known } = useViewer()
  const now = useNow()
  const action = eventAction(event, { isMember }, now)
  // The action opens the panel once the app knows who is looking (it does not while hydrating,
  // nor while a stored login's profile is on its way): the booking starts afresh for each
  // viewer, at their price. The bar stays out of the flow's key, so a tap kept from before the
  // app listened finds the same button.
  const [panelWanted, setPanelWanted] = useState(false)
  const panelOpened = useCallback(() => setPanelWanted(false), [])
  const membersOnly = event['Members-only'] === true
  const free = isFreeEvent(event)

  return (
    <main className={css({ pt: { base: '3', md: '6' }, pb: { base: '28', md: '20' } })}>
      <title>{`${event.Name} · ${SITE.name}`}</title>
      <div className={container}>
        <HistoryBackLink />
        <div className={cx(eventLayout, css({ mt: { base: '3', md: '4' } }))}>
          <div className={posterColumn}>
            <LaterPosterCarousel
              key={event.Poster.map((poster) => poster.url).join('|')}
              posters={event.Poster}
              name={event.Name}
              className={css({ filter: action === 'closed' ? 'grayscale(0.6)' : undefined })}
            />
          </div>

          <div className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '3' })}>
              <span className={badge({ tone: free ? 'free' : 'paid' })}>
                {free ? 'Free' : 'Paid'}
              </span>
              {membersOnly && <span className={badge({ tone: 'neutral' })}>Members only</span>}
              {action === 'closed' && <span className={badge({ tone: 'danger' })}>Ended</span>}
            </div>
            <h1 className={css({ textStyle: 'display.hero', textWrap: 'balance' })}>
              {event.Name}
            </h1>
            <LaterWhenAndWhere event={event} now={now} />

            {membersOnly && <MembersOnlyNote isMember={isMember} />}

            <EventActionBar
              event={event}
              action={action}
              priceLabel={ticketPriceLabel(event, isMember)}
              canShare={canShare(event, { isMember }, now)}
              shareNote={shareNote}
              waiting={panelWanted && !known}
              onShare={onShare}
              onAction={() => setPanelWanted(true)}
            />
            {isWaitlistOffered(event, { isMember, known }, now) && (
              <Suspense fallback={null}>
                <WaitlistJoin key={String(signedIn)} event={event} signedIn={signedIn} />
              </Suspense>
            )}
            {/* A new viewer or a new RSVP flag starts the booking afresh, with the right price. */}
            <RsvpFlow
              key={`${signedIn}|${isMember}|${event.RSVP}`}
              event={event}
              signedIn={signedIn}
              isMember={isMember}
              open={panelWanted && known}
              onOpened={panelOpened}
              onBooked={onBooked}
            />

            <section
              aria-labelledby="about-heading"
              className={css({ mt: { base: '6', md: '8' } })}
            >
              <h2 id="about-heading" className={sectionHeading}>
                About
              </h2>
              <p
                className={css({
                  fontSize: 'md',
                  lineHeight: '1.7',
                  color: 'ink.700',
                  whiteSpace: 'pre-line',
                  maxW: '60ch',
                })}
              >
                {event.About}
              </p>
            </section>

            <section aria-labelledby="details-heading" className={css({ mt: '8' })}>
              <h2 id="details-heading" className={css({ srOnly: true })}>
                Details
              </h2>
              <LaterEventFacts event={event} isMember={isMember} now={now} />
            </section>
          </div>
        </div>
      </div>
    </main>
  )
}

const sectionHeading = css({ textStyle: 'smallCaps', mb: '2' })

// The parts of the page below hydrate after the page's shell (the heading and the action bar,
// whose button must answer at once), each in a slice of its own.

const LaterPosterCarousel = hydratesLater(PosterCarousel)

const LaterEventFacts = hydratesLater(EventFacts)

/** On phones the facts are a scroll away: when and where, at a glance. */
const LaterWhenAndWhere = hydratesLater(WhenAndWhere)

function WhenAndWhere({ event, now }: { event: Event; now: Date }) {
  return (
    <p
      className={css({
        display: { base: 'block', md: 'none' },
        mt: '2',
        color: 'fg.muted',
        fontWeight: 'medium',
      })}
    >
      {`${calendarLabel(event, now)} · ${event.Venue}`}
    </p>
  )
}
