import { useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { formatNaira } from '../../machines/rules/money'
import { PRINT_STUDIO_HOURS, PRINT_STUDIO_PRICE_NAIRA } from '../../machines/rules/pricing'
import { PRINT_STUDIO_SLOTS } from '../../machines/rules/slots'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { badge } from '../../styled-system/recipes'
import { type BookingAction, BookingActionBar } from '../shared/action-bar'
import {
  BookingPageLayout,
  bookingSectionHeading,
  IncludedMark,
} from '../shared/booking-page-layout'
import { LineIcon } from '../shared/line-icons'
import { SiteHeader } from '../shared/site-header'
import { SITE } from '../site'
import { PrintStudioCarousel } from './print-studio-carousel'
import {
  StudioBookedOverlay,
  StudioBookingPanel,
  type StudioRef,
  studioInput,
  usePrintStudioActor,
} from './print-studio-panel'

/** /print-studio. The page owns the booking actor (its browser side effects: print-studio-panel). */
export default function PrintStudioPage() {
  const [input] = useState(studioInput)
  const actorRef = usePrintStudioActor(input)
  return (
    <>
      <title>{`Print Studio · ${SITE.name}`}</title>
      <SiteHeader />
      <PrintStudioView actorRef={actorRef} />
    </>
  )
}

const INCLUDED = ['Risoprinting', 'Linocut printing', 'Handmade paper-making', 'Machine tutorial']

const price = formatNaira(PRINT_STUDIO_PRICE_NAIRA)
const phoneHref = `tel:${SITE.studioPhone.replace(/[^\d+]/g, '')}`

export function PrintStudioView({ actorRef }: { actorRef: StudioRef }) {
  return (
    <BookingPageLayout
      media={<PrintStudioCarousel />}
      eyebrow="Ground floor · Tuesday to Sunday"
      title="Print Studio"
      intro="A working print room in the house, with a risograph, presses for lino and a paper vat. Book four hours to yourself: we show you how the machines work, then leave you to make zines, posters, cards or paper of your own. Ink, paper and tools are included."
      action={<ActionArea actorRef={actorRef} />}
      included={
        <ul
          className={css({
            listStyle: 'none',
            layerStyle: 'card',
            overflow: 'hidden',
            '& > li + li': { borderTopWidth: '1px', borderColor: 'border' },
          })}
        >
          {INCLUDED.map((item) => (
            <IncludedItem key={item}>{item}</IncludedItem>
          ))}
          <IncludedItem soon>Screenprinting</IncludedItem>
        </ul>
      }
      panels={
        <>
          <StudioBookingPanel actorRef={actorRef} />
          <StudioBookedOverlay actorRef={actorRef} />
        </>
      }
    >
      <section aria-labelledby="sessions-heading" className={css({ mt: '8' })}>
        <h2 id="sessions-heading" className={bookingSectionHeading}>
          Sessions
        </h2>
        <ul className={css({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {PRINT_STUDIO_SLOTS.map((slot) => (
            <li
              key={slot}
              className={css({
                px: '3.5',
                py: '1.5',
                borderRadius: 'full',
                bg: 'sand.100',
                fontSize: 'sm',
                fontWeight: 'medium',
                color: 'ink.800',
              })}
            >
              {slot}
            </li>
          ))}
        </ul>
        <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>
          {`${PRINT_STUDIO_HOURS} hours each, Tuesday to Sunday. Closed on Mondays.`}
        </p>
      </section>

      <section
        aria-labelledby="books-heading"
        className={css({ mt: '8', p: '5', layerStyle: 'callout' })}
      >
        <h2
          id="books-heading"
          className={css({ fontFamily: 'display', fontSize: 'xl', lineHeight: 'tight' })}
        >
          Books from the studio
        </h2>
        <p className={css({ mt: '1', fontSize: 'sm', color: 'ink.700', lineHeight: '1.6' })}>
          Zines and books printed here are for sale. To buy one, call the studio:
        </p>
        <a
          href={phoneHref}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            mt: '3',
            textStyle: 'link.loose',
            fontSize: 'lg',
            color: 'clay.700',
            textDecorationThickness: '1px',
            _hover: { color: 'clay.800' },
            focusOutline: 'outside',
          })}
        >
          <PhoneIcon />
          {SITE.studioPhone}
        </a>
      </section>
    </BookingPageLayout>
  )
}

function IncludedItem({ children, soon = false }: { children: ReactNode; soon?: boolean }) {
  return (
    <li
      className={flex({
        align: 'center',
        // On the narrowest phones the badge takes a line of its own, at the row's end.
        wrap: 'wrap',
        columnGap: '3',
        rowGap: '1',
        minH: '12',
        px: '4',
        py: '2',
        bg: soon ? 'sand.50' : 'transparent',
        color: soon ? 'fg.muted' : 'fg.default',
        fontWeight: 'medium',
      })}
    >
      <IncludedMark soon={soon} />
      <span className={css({ flex: '1' })}>{children}</span>
      {soon && (
        <span className={cx(badge({ tone: 'neutral' }), css({ whiteSpace: 'nowrap', ml: 'auto' }))}>
          Coming soon
        </span>
      )}
    </li>
  )
}

/** Price and the one action: 'Book' when the studio takes bookings, a greyed 'Not available' when it does not. */
function ActionArea({ actorRef }: { actorRef: StudioRef }) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const available = useSelector(actorRef, (s) => s.context.venue !== null)
  const canOpen = useSelector(actorRef, (s) => s.can({ type: 'panel.opened' }))
  const action: BookingAction = loading
    ? { status: 'loading' }
    : failed
      ? { status: 'failed', onRetry: () => actorRef.send({ type: 'studio.retried' }) }
      : available
        ? { status: 'open', canOpen, onOpen: () => actorRef.send({ type: 'panel.opened' }) }
        : { status: 'unavailable', reason: 'The studio is not taking bookings right now.' }
  return <BookingActionBar price={price} note={`for ${PRINT_STUDIO_HOURS} hours`} action={action} />
}

function PhoneIcon() {
  return (
    <LineIcon size={18} strokeWidth="1.8">
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
    </LineIcon>
  )
}
