import { useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { COWORKING_HOURS_SHOWN } from '../../machines/rules/coworking'
import { formatNaira } from '../../machines/rules/money'
import { SPOT_FEE_NAIRA } from '../../machines/rules/pricing'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import {
  CoworkingPanel,
  type CoworkingRef,
  CoworkingSuccess,
  coworkingInput,
  type SettledViewer,
  useCoworkingActor,
  useSettledViewer,
} from '../components/coworking-panel'
import { SiteHeader } from '../components/site-header'
import { Skeleton } from '../components/skeleton'
import { useNow } from '../hooks/use-now'
import { SITE } from '../site'

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
          action={<ActionBar price={null} note={null} action={<ActionSkeleton />} />}
        />
      )}
    </>
  )
}

function CoworkingScreen({ who }: { who: SettledViewer }) {
  const [input] = useState(() => coworkingInput(who))
  const actorRef = useCoworkingActor(input)
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

const container = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' } })

const sectionHeading = css({
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: 'wider',
  textTransform: 'uppercase',
  color: 'fg.subtle',
  mb: '3',
})

function CoworkingLayout({ action, children }: { action: ReactNode; children?: ReactNode }) {
  return (
    <main className={css({ pt: { base: '4', md: '8' }, pb: { base: '32', md: '20' } })}>
      <div
        className={cx(
          container,
          css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
            gap: { base: '6', md: '10', lg: '16' },
            alignItems: 'start',
          }),
        )}
      >
        <div className={css({ md: { position: 'sticky', top: '20' } })}>
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
        </div>

        <div className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
          <p
            className={css({
              fontSize: 'xs',
              letterSpacing: '0.2em',
              textTransform: 'uppercase',
              color: 'clay.700',
              mb: '2',
            })}
          >
            Work and Play · Tuesday to Sunday
          </p>
          <h1
            className={css({
              fontFamily: 'display',
              fontSize: { base: '4xl', md: '5xl' },
              lineHeight: '1.05',
              letterSpacing: '-0.01em',
            })}
          >
            Book a spot
          </h1>
          <p
            className={css({
              mt: '4',
              fontSize: 'md',
              lineHeight: '1.7',
              color: 'ink.700',
              maxW: '60ch',
            })}
          >
            {`A seat in the house for the day: bring your laptop, your sketchbook or a friend, and work from one of our rooms from morning to night. Pick a day and a space; ${SITE.programme} work here free.`}
          </p>

          {action}

          <section aria-labelledby="included-heading" className={css({ mt: '10' })}>
            <h2 id="included-heading" className={sectionHeading}>
              What's included
            </h2>
            <ul
              className={css({
                listStyle: 'none',
                display: 'grid',
                gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
                gap: '2',
              })}
            >
              {INCLUDED.map((item) => (
                <li
                  key={item.title}
                  className={css({
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: '3',
                    p: '3',
                    borderRadius: 'l2',
                    bg: 'surface',
                    borderWidth: '1px',
                    borderColor: 'border',
                  })}
                >
                  <span
                    aria-hidden
                    className={css({
                      display: 'grid',
                      placeItems: 'center',
                      w: '6',
                      h: '6',
                      mt: '0.5',
                      flexShrink: '0',
                      borderRadius: 'full',
                      bg: 'palm.50',
                      color: 'palm.600',
                    })}
                  >
                    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" aria-hidden>
                      <path
                        d="M5 12.5l4.5 4.5L19 7.5"
                        stroke="currentColor"
                        strokeWidth="3"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </span>
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
          </section>

          <section aria-labelledby="hours-heading" className={css({ mt: '8' })}>
            <h2 id="hours-heading" className={sectionHeading}>
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
        </div>
      </div>
      {children}
    </main>
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

function ActionSkeleton() {
  return (
    <Skeleton className={css({ h: '12', w: { base: '32', md: '44' }, borderRadius: 'full' })} />
  )
}

/**
 * The price and the one action: a bar fixed to the bottom of phones, inline from 768 px.
 * 'Book' when some space takes co-working, a disabled 'Not available' when none does.
 */
function ActionArea({ actorRef }: { actorRef: CoworkingRef }) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const unavailable = useSelector(actorRef, (s) => s.matches('unavailable'))
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))
  const isMember = useSelector(actorRef, (s) => s.context.isMember)
  const price = isMember ? 'Free for you' : formatNaira(SPOT_FEE_NAIRA)
  const perDay = isMember ? 'and one guest, all day' : 'a day, per person'

  if (loading) return <ActionBar price={price} note={perDay} action={<ActionSkeleton />} />
  if (failed) {
    return (
      <ActionBar
        price={price}
        note={
          <span role="alert" className={css({ color: 'danger.default' })}>
            Booking could not load. Check your connection.
          </span>
        }
        action={
          <button
            type="button"
            className={button({ size: 'lg', variant: 'outline' })}
            onClick={() => actorRef.send({ type: 'options.retry' })}
          >
            Try again
          </button>
        }
      />
    )
  }
  if (unavailable) {
    return (
      <ActionBar
        price={price}
        note="Co-working is not taking bookings right now."
        action={
          <button
            type="button"
            disabled
            className={cx(
              button({ size: 'lg' }),
              css({
                minW: { base: '32', md: '44' },
                _disabled: { opacity: 1, bg: 'sand.200', color: 'fg.muted' },
              }),
            )}
          >
            Not available
          </button>
        }
      />
    )
  }
  return (
    <ActionBar
      price={price}
      note={perDay}
      action={
        <button
          type="button"
          aria-haspopup="dialog"
          disabled={!canOpen}
          onClick={() => actorRef.send({ type: 'panel.opened' })}
          className={cx(button({ size: 'lg' }), css({ minW: { base: '32', md: '44' } }))}
        >
          Book
        </button>
      }
    />
  )
}

function ActionBar({
  price,
  note,
  action,
}: {
  price: string | null
  note: ReactNode
  action: ReactNode
}) {
  return (
    <div
      className={css({
        position: { base: 'fixed', md: 'static' },
        insetX: { base: '0', md: 'auto' },
        bottom: { base: '0', md: 'auto' },
        zIndex: { base: 'sticky', md: 'auto' },
        bg: { base: 'rgba(252, 250, 246, 0.96)', md: 'transparent' },
        backdropFilter: { base: 'saturate(1.4) blur(10px)', md: 'none' },
        borderTopWidth: { base: '1px', md: '0' },
        borderColor: 'border',
        boxShadow: { base: '0 -8px 24px -16px rgba(26,23,19,0.35)', md: 'none' },
        px: { base: '4', md: '0' },
        pt: { base: '3', md: '0' },
        pb: { base: 'calc(token(spacing.3) + env(safe-area-inset-bottom))', md: '0' },
        mt: { md: '8' },
      })}
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: { base: 'space-between', md: 'flex-start' },
          gap: { base: '3', md: '6' },
          maxW: '6xl',
          mx: 'auto',
        })}
      >
        <div className={css({ minW: '0', md: { order: '2' } })}>
          {price === null ? (
            <Skeleton className={css({ h: '7', w: '24' })} />
          ) : (
            <p
              className={css({
                fontFamily: 'display',
                fontSize: { base: 'xl', md: '2xl' },
                fontWeight: 'semibold',
                lineHeight: 'tight',
              })}
            >
              {price}
            </p>
          )}
          {note && <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{note}</p>}
        </div>
        <div className={css({ flexShrink: '0', md: { order: '1' } })}>{action}</div>
      </div>
    </div>
  )
}
