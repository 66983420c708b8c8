import type { ReactNode } from 'react'
import {
  dayLabel,
  eventDays,
  formatTimeRange,
  lagosDay,
  shortDay,
} from '../../machines/rules/dates'
import { friendsPriceLabel, isFreeEvent, showsFriendsPrice } from '../../machines/rules/events'
import { formatNaira } from '../../machines/rules/money'
import type { components } from '../../openapi/client'
import { css } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'

type Event = components['schemas']['Event']

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '8',
  px: '3',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'ink.800',
  whiteSpace: 'nowrap',
})

const secondary = css({ fontSize: 'sm', color: 'fg.muted', mt: '0.5' })

/** The event's facts in the spec's order: Price, Date, Time slots, Venue (with its address). */
export function EventFacts({
  event,
  isMember,
  now,
}: {
  event: Event
  isMember: boolean
  now: Date
}) {
  const start = lagosDay(event.StartDate)
  const end = lagosDay(event.EndDate)
  const singleDay = start === end
  const days = singleDay ? [] : eventDays(event)

  return (
    <dl
      className={grid({
        gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
        columnGap: '8',
        layerStyle: 'ruled',
      })}
    >
      <Fact label="Price">
        <span className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {isFreeEvent(event) ? 'Free' : formatNaira(event.Price)}
        </span>
        {showsFriendsPrice(event, isMember) && (
          <p
            className={flex({
              align: 'center',
              wrap: 'wrap',
              gap: '2',
              mt: '1.5',
              fontSize: 'sm',
              color: 'palm.700',
            })}
          >
            <span>Friend's special price</span>
            <span
              className={css({
                px: '2',
                py: '0.5',
                borderRadius: 'full',
                bg: 'palm.100',
                fontWeight: 'semibold',
              })}
            >
              {friendsPriceLabel(event)}
            </span>
          </p>
        )}
      </Fact>

      <Fact label="Date">
        <span className={css({ fontWeight: 'semibold' })}>
          {singleDay ? dayLabel(start, now) : `${dayLabel(start, now)} – ${dayLabel(end, now)}`}
        </span>
        <p className={secondary}>{formatTimeRange(event.StartDate, event.EndDate)}</p>
        {days.length > 0 && (
          <div className={css({ mt: '3' })}>
            <p className={css({ fontSize: 'xs', color: 'fg.subtle', mb: '1.5' })}>
              Days you can book
            </p>
            <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
              {days.map((day) => (
                <li key={day} className={chip}>
                  {shortDay(day)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Fact>

      {event.TimeSlots.length > 0 && (
        <Fact label="Time slots">
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
            {event.TimeSlots.map((slot) => (
              <li key={slot} className={chip}>
                {slot}
              </li>
            ))}
          </ul>
        </Fact>
      )}

      <Fact label="Venue">
        <span className={css({ fontWeight: 'semibold' })}>{event.Venue}</span>
        {event.Address && <p className={secondary}>{event.Address}</p>}
      </Fact>
    </dl>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: {
          base: '6.5rem minmax(0, 1fr)',
          md: '7.5rem minmax(0, 1fr)',
          lg: '1fr',
        },
        alignItems: 'baseline',
        columnGap: '4',
        rowGap: '1.5',
        alignContent: 'start',
        py: { base: '4', lg: '5' },
        layerStyle: 'divided',
      })}
    >
      <dt className={css({ textStyle: 'smallCaps' })}>{label}</dt>
      <dd className={css({ minW: '0' })}>{children}</dd>
    </div>
  )
}
