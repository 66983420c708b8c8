import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { confirmationMachine } from '../../machines/confirmation.machine'
import { dayLabel, isValidDay } from '../../machines/rules/dates'
import {
  readBookedStudioQuery,
  STUDIO_NARRATION,
  studioSupportMessage,
} from '../../machines/rules/print-studio'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { ConfirmationBanner } from '../components/confirmation-banner'
import { Panel } from '../components/panel'
import { PaymentReturn } from '../components/payment-return'
import { StudioRebookForm } from '../components/print-studio-rebook-form'
import { SiteHeader } from '../components/site-header'
import { SupportPanel } from '../components/support-panel'
import { useNow } from '../hooks/use-now'
import { SITE } from '../site'

/** /booked-printstudio: the card payment is settled first, then the booking is confirmed. */
export default function BookedPrintStudioPage() {
  return (
    <PaymentReturn back={{ to: '/print-studio', label: 'Back to the print studio' }}>
      <BookedPrintStudio />
    </PaymentReturn>
  )
}

function BookedPrintStudio() {
  const location = useLocation()
  const [query] = useState(() => readBookedStudioQuery(location.search))
  const now = useNow()
  const actorRef = useActorRef(confirmationMachine)
  const bannerVisible = useSelector(actorRef, (s) => s.hasTag('bannerVisible'))
  const supportOpen = useSelector(actorRef, (s) => s.matches({ panel: 'support' }))
  const bookAgainOpen = useSelector(actorRef, (s) => s.matches({ panel: 'bookAgain' }))
  const onOpenChange = (open: boolean) => {
    if (!open) actorRef.send({ type: 'panel.closed' })
  }
  const when = isValidDay(query.day) ? dayLabel(query.day, now) : query.day

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
            src="/images/studio-1.svg"
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
              {STUDIO_NARRATION}
            </h1>

            <dl
              className={css({
                mt: '5',
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: '6',
                rowGap: '2',
                fontSize: 'md',
                '& dt': { color: 'fg.subtle', fontSize: 'sm', alignSelf: 'center' },
                '& dd': { fontWeight: 'semibold' },
              })}
            >
              {when && (
                <>
                  <dt>Day</dt>
                  <dd>{when}</dd>
                </>
              )}
              {query.time && (
                <>
                  <dt>Time</dt>
                  <dd>{query.time}</dd>
                </>
              )}
              <dt>Where</dt>
              <dd>Print Studio, {SITE.name}</dd>
            </dl>

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
              <button
                type="button"
                aria-haspopup="dialog"
                className={button({ size: 'lg' })}
                onClick={() => actorRef.send({ type: 'panel.bookAgain' })}
              >
                Book again
              </button>
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

      <Panel
        open={bookAgainOpen}
        onOpenChange={onOpenChange}
        title="Book again"
        description="Another four hours in the studio."
      >
        <StudioRebookForm guest={{ email: query.email, name: query.name, phone: query.phone }} />
      </Panel>
      <SupportPanel
        open={supportOpen}
        onOpenChange={onOpenChange}
        message={studioSupportMessage(query)}
      />
    </>
  )
}
