import { useActorRef, useSelector } from '@xstate/react'
import { Fragment, type ReactNode, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { confirmationMachine } from '../../machines/confirmation/machine'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { showLiveFlow } from '../live-flows'
import { Address } from '../shared/address'
import { BackLink } from '../shared/back-link'
import { SiteHeader } from '../shared/site-header'
import { useNow } from '../shared/use-now'
import { SITE } from '../site'
import { ConfirmationBanner } from './confirmation-banner'
import { type ConfirmationRef, ReceiptSupportPanel } from './receipt-support-panel'

/**
 * What a booking's landing page starts with: what was booked, read once from its address, the
 * time (for 'Today'), and its own confirmation flow (the banner, the panels).
 */
export function useBookedPage<Query>(readQuery: (search: string) => Query) {
  const location = useLocation()
  const [query] = useState(() => readQuery(location.search))
  const now = useNow()
  const confirmation = useActorRef(confirmationMachine, { inspect: showLiveFlow })
  return { query, now, confirmation }
}

/**
 * The page a booking lands on (/booked-coworking, /booked-printstudio): the 'Booked' banner, a
 * card with the picture of the place, what was booked and where the receipt went, then 'Book
 * again' and 'I didn't get a receipt'. The page owns the confirmation actor and brings its own
 * 'Book again' (and any panel it opens, as children).
 */
export function BookedLayout({
  confirmation,
  image,
  title,
  facts,
  email,
  supportMessage,
  bookAgain,
  children,
}: {
  confirmation: ConfirmationRef
  /** The picture of the place, across the top of the card. */
  image: string
  title: string
  /** What was booked, in rows; none leaves the list out. */
  facts: { term: string; value: string }[]
  /** Where the receipt went; '' when the address does not say. */
  email: string
  supportMessage: string
  bookAgain: ReactNode
  children?: ReactNode
}) {
  const bannerVisible = useSelector(confirmation, (s) => s.hasTag('bannerVisible'))
  return (
    <>
      <title>{`Booked · ${SITE.name}`}</title>
      <SiteHeader action={<BackLink to="/menu" />} />
      <main
        className={flex({
          direction: 'column',
          align: 'center',
          px: '4',
          pt: { base: '0', md: '4' },
          pb: '16',
        })}
      >
        <ConfirmationBanner visible={bannerVisible} text="Booked" />
        <article
          className={css({
            w: 'full',
            maxW: '30rem',
            layerStyle: 'card',
            overflow: 'hidden',
            boxShadow: '0 1px 2px rgba(26,23,19,0.05), 0 24px 48px -24px rgba(26,23,19,0.25)',
          })}
        >
          <img
            src={image}
            alt=""
            width={1200}
            height={800}
            className={css({ w: 'full', aspectRatio: '12 / 5', objectFit: 'cover' })}
          />
          <div className={css({ p: { base: '6', md: '8' } })}>
            <p className={css({ textStyle: 'eyebrow', color: 'palm.700', fontWeight: 'semibold' })}>
              Booked
            </p>
            <h1 className={css({ textStyle: 'display.status', mt: '1' })}>{title}</h1>

            {facts.length > 0 && (
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
                {facts.map((fact) => (
                  <Fragment key={fact.term}>
                    <dt>{fact.term}</dt>
                    <dd>{fact.value}</dd>
                  </Fragment>
                ))}
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
              {email ? (
                <>
                  We've sent you a receipt at{' '}
                  <strong className={css({ color: 'fg.default' })}>
                    <Address email={email} />
                  </strong>
                  .
                </>
              ) : (
                "We've sent your receipt to the e-mail address you gave."
              )}
            </p>

            <div className={css({ mt: '6', display: 'grid', gap: '2' })}>
              {bookAgain}
              <button
                type="button"
                aria-haspopup="dialog"
                className={cx(button({ size: 'lg', variant: 'ghost' }), css({ color: 'fg.muted' }))}
                onClick={() => confirmation.send({ type: 'panel.supportOpened' })}
              >
                I didn't get a receipt
              </button>
            </div>
          </div>
        </article>
      </main>

      {children}
      <ReceiptSupportPanel confirmation={confirmation} message={supportMessage} />
    </>
  )
}
