import { useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { COWORKING_HOURS_SHOWN } from '../../machines/rules/coworking'
import { formatNaira } from '../../machines/rules/money'
import { SPOT_FEE_NAIRA } from '../../machines/rules/pricing'
import { css } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { type BookingAction, BookingActionBar } from '../shared/action-bar'
import {
  BookingPageLayout,
  bookingSectionHeading,
  IncludedMark,
} from '../shared/booking-page-layout'
import { SiteHeader } from '../shared/site-header'
import { useNow } from '../shared/use-now'
import { SITE } from '../site'
import {
  type CoworkingRef,
  coworkingInput,
  type SettledViewer,
  useCoworkingActor,
  useCoworkingDraft,
  useSettledViewer,
} from './coworking-actor'
import { COWORKING_PANEL_TITLE, CoworkingPanel, CoworkingSuccess } from './coworking-panel'

/**
 * /co-working ('Book a spot'). The booking actor starts once the viewer's membership is known
 * (it decides the spaces, the price and the free booking) and starts afresh if it changes.
 */
export default function CoworkingPage() {
  const who = useSettledViewer()
  return (
    <>
      <title>{`Book a spot · ${SITE.name}`}</title>
      <SiteHeader />
      {who ? (
        <CoworkingScreen key={`${who.signedIn}:${who.isMember}`} who={who} />
      ) : (
        <CoworkingLayout
          action={<BookingActionBar price={null} note={null} action={{ status: 'loading' }} />}
        />
      )}
    </>
  )
}

function CoworkingScreen({ who }: { who: SettledViewer }) {
  const [input] = useState(() => coworkingInput(who))
  const actorRef = useCoworkingActor(input)
  useCoworkingDraft(actorRef, COWORKING_PANEL_TITLE)
  const now = useNow()
  return (
    <CoworkingLayout action={<ActionArea actorRef={actorRef} />}>
      <CoworkingPanel actorRef={actorRef} now={now} />
      <CoworkingSuccess actorRef={actorRef} now={now} />
    </CoworkingLayout>
  )
}

const INCLUDED = [
  { title: 'Communal seating', text: 'Long tables, soft chairs and quiet corners.' },
  { title: 'Internet access', text: 'Fast fibre, with power at every seat.' },
  { title: 'Global network of creatives', text: 'Work beside the people who make Lagos.' },
  { title: 'Honesty bar', text: 'Coffee, juice and snacks: take, then pay.' },
]

const HOURS = [
  { days: 'Tuesday to Sunday', hours: COWORKING_HOURS_SHOWN },
  { days: 'Monday', hours: 'N/A' },
]

function CoworkingLayout({ action, children }: { action: ReactNode; children?: ReactNode }) {
  return (
    <BookingPageLayout
      media={
        <img
          src="/images/coworking.svg"
          alt="The co-working room: a long communal table with laptops, pendant lamps, plants and afternoon light"
          width={1200}
          height={800}
          className={css({
            w: 'full',
            aspectRatio: '3 / 2',
            objectFit: 'cover',
            borderRadius: 'l3',
            bg: 'sand.200',
            boxShadow: '0 24px 48px -28px rgba(26,23,19,0.45)',
          })}
        />
      }
      eyebrow="Work and Play · Tuesday to Sunday"
      title="Book a spot"
      intro={`A seat in the house for the day: bring your laptop, your sketchbook or a friend, and work from one of our rooms from morning to night. Pick a day and a space; ${SITE.programme} work here free.`}
      action={action}
      included={
        <ul
          className={grid({
            listStyle: 'none',
            gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
            gap: '2',
          })}
        >
          {INCLUDED.map((item) => (
            <li
              key={item.title}
              className={flex({
                align: 'flex-start',
                gap: '3',
                p: '3',
                borderRadius: 'l2',
                bg: 'surface',
                borderWidth: '1px',
                borderColor: 'border',
              })}
            >
              <IncludedMark css={{ mt: '0.5' }} />
              <span>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                  {item.title}
                </span>
                <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
                  {item.text}
                </span>
              </span>
            </li>
          ))}
        </ul>
      }
      panels={children}
    >
      <section aria-labelledby="hours-heading" className={css({ mt: '8' })}>
        <h2 id="hours-heading" className={bookingSectionHeading}>
          Hours
        </h2>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            borderRadius: 'l2',
            borderWidth: '1px',
            borderColor: 'border',
            bg: 'surface',
            overflow: 'hidden',
            '& > *': { px: '4', py: '3' },
            '& > dt:not(:first-of-type), & > dt:not(:first-of-type) + dd': {
              borderTopWidth: '1px',
              borderColor: 'border',
            },
          })}
        >
          {HOURS.map((row) => (
            <HoursRow key={row.days} days={row.days} hours={row.hours} />
          ))}
        </dl>
      </section>
    </BookingPageLayout>
  )
}

function HoursRow({ days, hours }: { days: string; hours: string }) {
  const closed = hours === 'N/A'
  return (
    <>
      <dt className={css({ fontWeight: 'medium', color: closed ? 'fg.muted' : 'fg.default' })}>
        {days}
      </dt>
      <dd
        className={css({
          textAlign: 'right',
          fontWeight: 'semibold',
          color: closed ? 'fg.subtle' : 'fg.default',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {hours}
      </dd>
    </>
  )
}

/**
 * The price and the one action. 'Book' when some space takes co-working, a disabled
 * 'Not available' when none does.
 */
function ActionArea({ actorRef }: { actorRef: CoworkingRef }) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const unavailable = useSelector(actorRef, (s) => s.matches('unavailable'))
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))
  const isMember = useSelector(actorRef, (s) => s.context.isMember)
  const action: BookingAction = loading
    ? { status: 'loading' }
    : failed
      ? { status: 'failed', onRetry: () => actorRef.send({ type: 'options.retried' }) }
      : unavailable
        ? { status: 'unavailable', reason: 'Co-working is not taking bookings right now.' }
        : { status: 'open', canOpen, onOpen: () => actorRef.send({ type: 'panel.opened' }) }
  return (
    <BookingActionBar
      price={isMember ? 'Free for you' : formatNaira(SPOT_FEE_NAIRA)}
      note={isMember ? 'and one guest, all day' : 'a day, per person'}
      action={action}
    />
  )
}
