import { useSelector } from '@xstate/react'
import { useState } from 'react'
import {
  type BookedCoworkingQuery,
  coworkingSupportMessage,
  parseBookedCoworkingQuery,
} from '../../machines/rules/coworking'
import { dayLabel } from '../../machines/rules/dates'
import { button } from '../../styled-system/recipes'
import {
  coworkingInput,
  type SettledViewer,
  useCoworkingActor,
  useSettledViewer,
} from '../coworking/coworking-actor'
import { CoworkingPanel } from '../coworking/coworking-panel'
import { afterPayment } from '../payment-return/payment-return'
import { SITE } from '../site'
import { BookAgainButton } from './book-again-button'
import { BookedLayout, useBookedPage } from './booked-layout'
import type { ConfirmationRef } from './receipt-support-panel'

/** /booked-coworking: the card payment is settled first, then the booking is confirmed. */
export default afterPayment({ to: '/co-working', label: 'Back to Book a spot' }, BookedCoworking)

function BookedCoworking() {
  const { query, now, confirmation } = useBookedPage(parseBookedCoworkingQuery)
  const who = useSettledViewer()
  const details = [
    { term: 'Day', value: query.day ? dayLabel(query.day, now) : '' },
    { term: 'Time', value: query.time },
    { term: 'Name', value: query.name },
    { term: 'Phone', value: query.phone },
  ].filter((row) => row.value)

  return (
    <BookedLayout
      confirmation={confirmation}
      image="/images/coworking.svg"
      title="Your co-working spot"
      // Where it is goes with what was booked: with nothing booked to show, neither shows.
      facts={
        details.length > 0
          ? [...details, { term: 'Where', value: `Work and Play, ${SITE.name}` }]
          : []
      }
      email={query.email}
      supportMessage={coworkingSupportMessage(query)}
      bookAgain={
        who ? (
          <BookAgain
            key={`${who.signedIn}:${who.isMember}`}
            who={who}
            query={query}
            confirmation={confirmation}
            now={now}
          />
        ) : (
          <button type="button" disabled className={button({ size: 'lg' })}>
            Book again
          </button>
        )
      }
    />
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
  // 'Book again' asked for before the app knew who is looking (this panel is made afresh then):
  // it opens once the spaces are in.
  const wanted = useSelector(confirmation, (s) => s.matches({ panel: 'bookAgain' }))
  return (
    <>
      <BookAgainButton
        confirmation={confirmation}
        wanted={wanted}
        panel={actorRef}
        isUnavailable={(s) => s.matches('unavailable')}
      />
      <CoworkingPanel
        actorRef={actorRef}
        now={now}
        title="Book again"
        onClosed={() => confirmation.send({ type: 'panel.closed' })}
      />
    </>
  )
}
