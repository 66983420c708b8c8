import { Link } from 'react-router-dom'
import { calendarLabel } from '../../machines/rules/dates'
import { cardActionLabel, eventAction, isFreeEvent } from '../../machines/rules/events'
import { isPhoto } from '../../machines/rules/images'
import type { components } from '../../openapi/client'
import { css, cx } from '../../styled-system/css'
import { badge, button } from '../../styled-system/recipes'
import { ResponsiveImage } from '../shared/responsive-image'

type Event = components['schemas']['Event']

/**
 * One event of the calendar: poster, name, badge and exactly one action. `eager` loads the poster
 * at once (the cards in the first screen); `priority` marks the first one, preloaded from the HTML.
 * Both for photos only: a drawing asked for early is laid out before the first paint, and a phone
 * that has been here before would show the cards 70 ms later for it; it loads once the page is
 * laid out.
 */
export function EventCard({
  event,
  isMember,
  now,
  eager = false,
  priority = false,
}: {
  event: Event
  isMember: boolean
  now: Date
  eager?: boolean
  priority?: boolean
}) {
  const action = eventAction(event, { isMember }, now)
  const poster = event.Poster[0]?.url
  const early = poster !== undefined && isPhoto(poster)
  return (
    <article
      aria-labelledby={`event-${event.ID}`}
      className={css({
        display: 'flex',
        flexDir: 'column',
        layerStyle: 'card',
        overflow: 'hidden',
        transition: 'box-shadow 0.2s, transform 0.2s',
        _hover: { boxShadow: 'lg', transform: 'translateY(-2px)' },
      })}
    >
      <Link to={`/event/${event.ID}`} state={{ event }} tabIndex={-1} aria-hidden>
        <div className={css({ aspectRatio: '3 / 4', bg: 'sand.200', overflow: 'hidden' })}>
          {poster && (
            <ResponsiveImage
              url={poster}
              alt=""
              slot="card"
              eager={early && (eager || priority)}
              priority={early && priority}
              className={cx(
                css({ layerStyle: 'cover' }),
                action === 'closed' && css({ filter: 'grayscale(0.7)' }),
              )}
            />
          )}
        </div>
      </Link>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', p: '4', flex: '1' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span className={isFreeEvent(event) ? badge({ tone: 'free' }) : badge({ tone: 'paid' })}>
            {isFreeEvent(event) ? 'Free' : 'Paid'}
          </span>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {calendarLabel(event, now)}
          </span>
        </div>
        <h3
          id={`event-${event.ID}`}
          className={css({ fontFamily: 'display', fontSize: 'xl', lineHeight: 'snug' })}
        >
          <Link
            to={`/event/${event.ID}`}
            state={{ event }}
            className={css({ color: 'fg.default', _hover: { textDecoration: 'underline' } })}
          >
            {event.Name}
          </Link>
        </h3>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {event.Venue}
          {event.TimeSlots.length > 0 && ` · ${event.TimeSlots.join(', ')}`}
        </p>
        <div className={css({ mt: 'auto', pt: '3' })}>
          <CardAction event={event} action={action} />
        </div>
      </div>
    </article>
  )
}

function CardAction({ event, action }: { event: Event; action: ReturnType<typeof eventAction> }) {
  const label = cardActionLabel(action, event)
  if (action === 'open') {
    return (
      <Link to={`/event/${event.ID}`} state={{ event }} className={button({ size: 'sm' })}>
        {label}
      </Link>
    )
  }
  return (
    <span
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          h: '8',
          px: '3.5',
          borderRadius: 'full',
          fontSize: 'sm',
          fontWeight: 'semibold',
        }),
        action === 'closed'
          ? css({ bg: 'danger.subtle', color: 'danger.default' })
          : css({ bg: 'sand.200', color: 'fg.muted' }),
      )}
    >
      {label}
    </span>
  )
}
