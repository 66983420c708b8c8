import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { confirmationMachine } from '../../machines/confirmation.machine'
import {
  type BookedCoworkingQuery,
  coworkingSupportMessage,
  parseBookedCoworkingQuery,
} from '../../machines/rules/coworking'
import { dayLabel } from '../../machines/rules/dates'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { ConfirmationBanner } from '../components/confirmation-banner'
import {
  CoworkingPanel,
  coworkingInput,
  type SettledViewer,
  useCoworkingActor,
  useSettledViewer,
} from '../components/coworking-panel'
import { PaymentReturn } from '../components/payment-return'
import { SiteHeader } from '../components/site-header'
import { SupportPanel } from '../components/support-panel'
import { useNow } from '../hooks/use-now'
import { SITE } from '../site'

/** /booked-coworking: the card payment is settled first, then the booking is confirmed. */
export default function BookedCoworkingPage() {
  return (
    <PaymentReturn back={{ to: '/co-working', label: 'Back to Book a spot' }}>
      <BookedCoworking />
    </PaymentReturn>
  )
}

type ConfirmationRef = ActorRefFrom<typeof confirmationMachine>

function BookedCoworking() {
  const location = useLocation()
  const [query] = useState(() => parseBookedCoworkingQuery(location.search))
  const now = useNow()
  const who = useSettledViewer()
  const actorRef = useActorRef(confirmationMachine)
  const bannerVisible = useSelector(actorRef, (s) => s.hasTag('bannerVisible'))
  const supportOpen = useSelector(actorRef, (s) => s.matches({ panel: 'support' }))
  const details = [
    { term: 'Day', value: query.day ? dayLabel(query.day, now) : '' },
    { term: 'Time', value: query.time },
    { term: 'Name', value: query.name },
    { term: 'Phone', value: query.phone },
  ].filter((row) => row.value)

  return (
    <>
      <title>{`Booked · ${SITE.name}`}</title>
      <ConfirmationBanner visible={bannerVisible} text="Booked" />
      <SiteHeader
        action={
          <Link
            to="/menu"
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1.5',
              h: '9',
              pl: '2',
              pr: '3',
              borderRadius: 'full',
              fontSize: 'sm',
              fontWeight: 'semibold',
              color: 'fg.default',
              _hover: { bg: 'muted' },
            })}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden>
              <path
                d="M15 18l-6-6 6-6"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Back
          </Link>
        }
      />
      <main
        className={css({
          px: '4',
          pt: { base: '6', md: '12' },
          pb: '16',
          display: 'flex',
          justifyContent: 'center',
        })}
      >
        <article
          className={css({
            w: 'full',
            maxW: '30rem',
            bg: 'surface',
            borderRadius: 'l3',
            borderWidth: '1px',
            borderColor: 'border',
            overflow: 'hidden',
            boxShadow: '0 1px 2px rgba(26,23,19,0.05), 0 24px 48px -24px rgba(26,23,19,0.25)',
          })}
        >
          <img
            src="/images/coworking.svg"
            alt=""
            width={1200}
            height={800}
            className={css({ w: 'full', aspectRatio: '12 / 5', objectFit: 'cover' })}
          />
          <div className={css({ p: { base: '6', md: '8' } })}>
            <p
              className={css({
                fontSize: 'xs',
                letterSpacing: '0.2em',
                textTransform: 'uppercase',
                color: 'palm.700',
                fontWeight: 'semibold',
              })}
            >
              Booked
            </p>
            <h1
              className={css({
                mt: '1',
                fontFamily: 'display',
                fontSize: { base: '3xl', md: '4xl' },
                lineHeight: 'tight',
              })}
            >
              Your co-working spot
            </h1>

            {details.length > 0 && (
              <dl
                className={css({
                  mt: '5',
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: '6',
                  rowGap: '2',
                  fontSize: 'md',
                  '& dt': { color: 'fg.subtle', fontSize: 'sm', alignSelf: 'center' },
                  '& dd': { fontWeight: 'semibold', overflowWrap: 'anywhere' },
                })}
              >
                {details.map((row) => (
                  <div key={row.term} className={css({ display: 'contents' })}>
                    <dt>{row.term}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
                <dt>Where</dt>
                <dd>{`Work and Play, ${SITE.name}`}</dd>
              </dl>
            )}

            <p
              className={css({
                mt: '6',
                p: '4',
                borderRadius: 'l2',
                bg: 'sand.100',
                fontSize: 'sm',
                lineHeight: '1.6',
                color: 'ink.700',
                overflowWrap: 'anywhere',
              })}
            >
              {query.email ? (
                <>
                  We've sent you a receipt at{' '}
                  <strong className={css({ color: 'fg.default' })}>{query.email}</strong>.
                </>
              ) : (
                "We've sent your receipt to the e-mail address you gave."
              )}
            </p>

            <div className={css({ mt: '6', display: 'grid', gap: '2' })}>
              {who ? (
                <BookAgain
                  key={`${who.signedIn}:${who.isMember}`}
                  who={who}
                  query={query}
                  confirmation={actorRef}
                  now={now}
                />
              ) : (
                <button type="button" disabled className={button({ size: 'lg' })}>
                  Book again
                </button>
              )}
              <button
                type="button"
                aria-haspopup="dialog"
                className={cx(button({ size: 'lg', variant: 'ghost' }), css({ color: 'fg.muted' }))}
                onClick={() => actorRef.send({ type: 'panel.support' })}
              >
                I didn't get a receipt
              </button>
            </div>
          </div>
        </article>
      </main>

      <SupportPanel
        open={supportOpen}
        onOpenChange={(open) => {
          if (!open) actorRef.send({ type: 'panel.closed' })
        }}
        message={coworkingSupportMessage(query)}
      />
    </>
  )
}

/**
 * 'Book again': the co-working panel, prefilled from the address (day, email, name, phone).
 * The confirmation machine knows which panel is open; the booking machine runs the booking.
 */
function BookAgain({
  who,
  query,
  confirmation,
  now,
}: {
  who: SettledViewer
  query: BookedCoworkingQuery
  confirmation: ConfirmationRef
  now: Date
}) {
  const [input] = useState(() =>
    coworkingInput(who, {
      email: query.email,
      name: query.name,
      phone: query.phone,
      day: query.day,
    }),
  )
  const actorRef = useCoworkingActor(input)
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))
  const unavailable = useSelector(actorRef, (s) => s.matches('unavailable'))
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={!canOpen}
        className={button({ size: 'lg' })}
        onClick={() => {
          confirmation.send({ type: 'panel.bookAgain' })
          actorRef.send({ type: 'panel.opened' })
        }}
      >
        {unavailable ? 'Not available' : 'Book again'}
      </button>
      <CoworkingPanel
        actorRef={actorRef}
        now={now}
        title="Book again"
        onClosed={() => confirmation.send({ type: 'panel.closed' })}
      />
    </>
  )
}
