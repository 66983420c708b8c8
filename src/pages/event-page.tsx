import { useActorRef, useSelector } from '@xstate/react'
import { type MouseEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { eventDetailActors } from '../../machines/event-detail/actors'
import { eventDetailMachine } from '../../machines/event-detail/machine'
import { rsvpActors } from '../../machines/rsvp/actors'
import { type RsvpInput, rsvpMachine } from '../../machines/rsvp/machine'
import { calendarLabel } from '../../machines/rules/dates'
import {
  canShare,
  detailActionLabel,
  type EventAction,
  eventAction,
  isFreeEvent,
  ticketPriceLabel,
} from '../../machines/rules/events'
import type { components } from '../../openapi/client'
import { css, cx } from '../../styled-system/css'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { StickyActionBar } from '../components/action-bar'
import { BackLink } from '../components/back-link'
import { bookingWalletEffects } from '../components/booking-wallet-effects'
import { EventFacts } from '../components/event-facts'
import { hydratesLater } from '../components/hydrates-later'
import { container as containerStyle, smallCaps } from '../components/page-styles'
import { PosterCarousel } from '../components/poster-carousel'
import { RetryButton } from '../components/retry-button'
import { RsvpPanel } from '../components/rsvp-panel'
import { SiteHeader } from '../components/site-header'
import { Skeleton } from '../components/skeleton'
import { useNow } from '../hooks/use-now'
import { useViewer } from '../hooks/use-viewer'
import { useCarriedAnswer } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { SITE } from '../site'
import { pageOrigin, storage } from '../storage'

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
  const [fromNavigation] = useState(() => {
    const event = (location.state as { event?: Event } | null)?.event
    return event && event.ID === id ? event : null
  })
  const [initialEvent] = useState(() => fromNavigation ?? carried)
  const actorRef = useActorRef(
    eventDetailMachine.provide({
      actors: eventDetailActors(api),
      actions: {
        shareEvent: (_, { event }) => shareEvent(event),
        logError: (_, { error }) => console.error('Could not load the event', error),
      },
    }),
    { input: { id, event: initialEvent }, inspect: showLiveFlow },
  )
  // A card's copy of the event may be stale (places sell out): check it once.
  useEffect(() => {
    if (fromNavigation) actorRef.send({ type: 'event.refresh' })
  }, [actorRef, fromNavigation])

  return (
    <>
      <SiteHeader />
      <EventView actorRef={actorRef} />
    </>
  )
}

/** Web Share where the browser has it; elsewhere the spec only logs. */
function shareEvent(event: Event) {
  const data = {
    title: `${event.Name} · ${SITE.name}`,
    text: `${event.Name} at ${SITE.name}, ${event.Venue}`,
    url: `${window.location.origin}/event/${encodeURIComponent(event.ID)}`,
  }
  if (typeof navigator.share !== 'function') {
    console.info('Web Share is not supported here; nothing was shared.', data)
    return
  }
  navigator.share(data).catch((error: unknown) => {
    // The person closed the share sheet: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') return
    console.info('Sharing did not work', error)
  })
}

const container = css(containerStyle)

const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
  gap: { base: '6', md: '10', lg: '16' },
  alignItems: 'start',
})

const posterColumn = css({
  md: { position: 'sticky', top: '20' },
})

export function EventView({ actorRef }: { actorRef: ActorRefFrom<typeof eventDetailMachine> }) {
  const event = useSelector(actorRef, (s) => s.context.event)
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const notFound = useSelector(actorRef, (s) => s.matches('notFound'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))

  if (loading) return <EventSkeleton />
  if (notFound) return <EventMissing />
  if (failed) {
    return (
      <Message title="We could not load this event" text="Check your connection and try again.">
        <RetryButton onRetry={() => actorRef.send({ type: 'event.retry' })} />
        <Link to="/" className={button({ variant: 'ghost', size: 'lg' })}>
          Back to the calendar
        </Link>
      </Message>
    )
  }
  if (!event) return null
  return (
    <EventDetail
      event={event}
      onShare={() => actorRef.send({ type: 'event.share' })}
      onBooked={() => actorRef.send({ type: 'event.refresh' })}
    />
  )
}

function EventMissing() {
  return (
    <Message
      title="This event does not exist"
      text="It may have been taken down, or the address has a typo. The calendar has everything that is on."
    >
      <Link to="/" className={button({ size: 'lg' })}>
        Back to the calendar
      </Link>
    </Message>
  )
}

/** Why a disabled action is disabled, said under the button. */
const REASONS: Record<Exclude<EventAction, 'open'>, string> = {
  closed: 'This event has ended.',
  soldOut: 'No places left.',
  membersOnly: `For active members of ${SITE.programme}.`,
}

function EventDetail({
  event,
  onShare,
  onBooked,
}: {
  event: Event
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
        <div className={cx(layout, css({ mt: { base: '3', md: '4' } }))}>
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
            <h1
              className={css({
                fontFamily: 'display',
                fontSize: { base: '4xl', md: '5xl' },
                lineHeight: '1.05',
                letterSpacing: '-0.01em',
                textWrap: 'balance',
              })}
            >
              {event.Name}
            </h1>
            <LaterWhenAndWhere event={event} now={now} />

            {membersOnly && <MembersOnlyNote isMember={isMember} />}

            <ActionBar
              event={event}
              action={action}
              priceLabel={ticketPriceLabel(event, isMember)}
              canShare={canShare(event, { isMember }, now)}
              waiting={panelWanted && !known}
              onShare={onShare}
              onAction={() => setPanelWanted(true)}
            />
            {/* A new viewer or a new RSVP flag starts the booking afresh, with the right price. */}
            <TicketFlow
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

const sectionHeading = css(smallCaps, { mb: '2' })

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

function MembersOnlyNote({ isMember }: { isMember: boolean }) {
  return (
    <p
      className={css({
        display: 'flex',
        alignItems: 'flex-start',
        gap: '2.5',
        mt: '4',
        px: '4',
        py: '3',
        borderRadius: 'l2',
        bg: 'palm.50',
        color: 'palm.700',
        fontSize: 'sm',
        lineHeight: '1.5',
      })}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden
        className={css({ flexShrink: '0', mt: '0.5' })}
      >
        <path
          d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span>
        <strong className={css({ fontWeight: 'semibold' })}>Members only.</strong>{' '}
        {isMember ? (
          `This one is for ${SITE.programme}, and you are one of them.`
        ) : (
          <>
            {`This event is for active members of ${SITE.programme}. `}
            <Link
              to="/membership"
              className={css({
                fontWeight: 'semibold',
                textDecoration: 'underline',
                textUnderlineOffset: '2px',
                whiteSpace: 'nowrap',
                _focusVisible: {
                  outline: '2px solid',
                  outlineColor: 'palm.600',
                  outlineOffset: '2px',
                },
              })}
            >
              How to join
            </Link>
          </>
        )}
      </span>
    </p>
  )
}

/**
 * The RSVP flow of the event: its actor lives with the page (kept while the panel closes and
 * opens again). `open` opens the panel.
 */
function TicketFlow({
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
      actors: rsvpActors(api),
      actions: {
        redirectToPayment: (_, { url }) => window.location.assign(url),
        // A full page load: the spec navigates to the registered page and reloads.
        navigateToRegistered: (_, { path }) => window.location.assign(path),
        navigateToBookings: () => navigate('/profile/bookings'),
        reloadPage: () => window.location.reload(),
        refreshEvent: onBooked,
        logError: (_, { error }) => console.error('The booking did not go through', error),
        ...bookingWalletEffects,
      },
    }),
    { input, inspect: showLiveFlow },
  )
  // Back from the card checkout, the browser may restore this page as it was ('Please wait'):
  // load it afresh instead.
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload()
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])
  useEffect(() => {
    if (!open) return
    actorRef.send({ type: 'panel.opened' })
    onOpened()
  }, [actorRef, open, onOpened])
  return <RsvpPanel actorRef={actorRef} now={now} />
}

/** The one action: a sticky bar at the bottom of phones, inline under the title from 768 px. */
function ActionBar({
  event,
  action,
  priceLabel,
  canShare,
  waiting,
  onShare,
  onAction,
}: {
  event: Event
  action: EventAction
  priceLabel: string
  canShare: boolean
  /** Tapped: the panel opens once the app knows who is looking. */
  waiting: boolean
  onShare: () => void
  onAction: () => void
}) {
  const noteId = useId()
  const open = action === 'open'
  const note = open ? null : REASONS[action]

  return (
    <StickyActionBar css={{ mt: { md: '6' } }}>
      <div
        className={css({
          display: 'grid',
          alignItems: 'center',
          columnGap: '3',
          rowGap: '2',
          maxW: '6xl',
          mx: 'auto',
          gridTemplateColumns: { base: 'minmax(0, 1fr) auto auto', md: 'auto auto 1fr' },
          gridTemplateAreas: {
            base: '"info action share"',
            md: '"action share ." "info info info"',
          },
        })}
      >
        <div className={css({ gridArea: 'info', minW: '0' })}>
          {open && (
            <div className={css({ display: { base: 'block', md: 'none' } })}>
              <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>Your ticket</p>
              <p className={css({ fontWeight: 'semibold', fontSize: 'lg', lineHeight: 'tight' })}>
                {priceLabel}
              </p>
            </div>
          )}
          <p
            id={noteId}
            // Open: a live region, so the note is read out when it appears.
            role={open ? 'status' : undefined}
            className={css({
              fontSize: 'sm',
              lineHeight: 'snug',
              color: action === 'closed' ? 'danger.default' : 'fg.muted',
              // The members-only note above says it already on wide screens.
              display: { base: 'block', md: action === 'membersOnly' ? 'none' : 'block' },
            })}
          >
            {note}
          </p>
        </div>
        <button
          type="button"
          disabled={!open}
          aria-describedby={note ? noteId : undefined}
          aria-haspopup="dialog"
          aria-busy={waiting || undefined}
          onClick={onAction}
          className={cx(
            button({ size: 'lg' }),
            css({
              gridArea: 'action',
              minW: { base: '36', md: '52' },
              // Unavailable reads as a state, not a faded button: the closed one in red, as on cards.
              _disabled: {
                opacity: 1,
                bg: action === 'closed' ? 'danger.subtle' : 'sand.200',
                color: action === 'closed' ? 'danger.default' : 'fg.muted',
              },
            }),
          )}
        >
          {waiting ? 'Please wait' : detailActionLabel(action, event)}
        </button>
        {canShare && (
          <button
            type="button"
            onClick={onShare}
            aria-label={`Share ${event.Name}`}
            className={cx(
              button({ variant: 'outline', size: 'lg' }),
              css({ gridArea: 'share', px: { base: '0', md: '5' }, w: { base: '12', md: 'auto' } }),
            )}
          >
            <ShareIcon />
            <span aria-hidden className={css({ display: { base: 'none', md: 'inline' } })}>
              Share
            </span>
          </button>
        )}
      </div>
    </StickyActionBar>
  )
}

function ShareIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden>
      <path
        d="M12 3v12M7.5 7.5L12 3l4.5 4.5M5 12v7a2 2 0 002 2h10a2 2 0 002-2v-7"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** Back where the person came from inside the app; straight to the calendar otherwise. */
function HistoryBackLink() {
  const navigate = useNavigate()
  const location = useLocation()
  const cameFromApp = location.key !== 'default'
  const goBack = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!cameFromApp || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
    e.preventDefault()
    navigate(-1)
  }
  return (
    <BackLink
      to="/"
      onClick={goBack}
      css={{
        ml: '-2',
        color: 'fg.muted',
        _hover: { bg: 'muted', color: 'fg.default' },
        _focusVisible: {
          outline: '2px solid',
          outlineColor: 'accent.default',
          outlineOffset: '2px',
        },
      }}
    />
  )
}

function Message({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <main className={cx(container, css({ py: { base: '16', md: '24' }, textAlign: 'center' }))}>
      <title>{`${title} · ${SITE.name}`}</title>
      <p
        aria-hidden
        className={css({
          fontFamily: 'display',
          fontSize: '6xl',
          color: 'clay.400',
          lineHeight: '1',
        })}
      >
        16
      </p>
      <h1
        className={css({
          fontFamily: 'display',
          fontSize: { base: '3xl', md: '4xl' },
          mt: '4',
          textWrap: 'balance',
        })}
      >
        {title}
      </h1>
      <p className={css({ color: 'fg.muted', mt: '3', mb: '8', maxW: 'md', mx: 'auto' })}>{text}</p>
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}
      >
        {children}
      </div>
    </main>
  )
}

/** The page's shape while the event is on its way: poster, badges, title, text and facts. */
function EventSkeleton() {
  return (
    <main
      aria-busy="true"
      aria-label="Loading the event"
      className={css({ pt: { base: '3', md: '6' }, pb: { base: '28', md: '20' } })}
    >
      <div className={container}>
        <Skeleton className={css({ h: '9', w: '20', borderRadius: 'full' })} />
        <div className={cx(layout, css({ mt: { base: '3', md: '4' } }))}>
          <Skeleton className={css({ aspectRatio: '3 / 4', borderRadius: 'l3' })} />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            <Skeleton className={css({ h: '6', w: '16', borderRadius: 'full' })} />
            <Skeleton className={css({ h: '12', w: '70%' })} />
            <Skeleton className={css({ h: '4', w: '20', mt: '6' })} />
            <Skeleton className={css({ h: '5', w: 'full' })} />
            <Skeleton className={css({ h: '5', w: '92%' })} />
            <Skeleton className={css({ h: '5', w: '60%' })} />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className={css({ h: '14', w: 'full', mt: i === 0 ? '8' : '1' })} />
            ))}
            <Skeleton
              className={css({
                display: { base: 'none', md: 'block' },
                h: '12',
                w: '48',
                borderRadius: 'full',
                mt: '8',
              })}
            />
          </div>
        </div>
      </div>
    </main>
  )
}
