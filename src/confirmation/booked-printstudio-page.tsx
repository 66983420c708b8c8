import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { dayLabel, isValidDay } from '../../machines/rules/dates'
import {
  readBookedStudioQuery,
  STUDIO_NARRATION,
  studioSupportMessage,
} from '../../machines/rules/print-studio'
import { button } from '../../styled-system/recipes'
import { useSettledViewer } from '../coworking/coworking-actor'
import { afterPayment } from '../payment-return/payment-return'
import {
  StudioBookedOverlay,
  StudioBookingPanel,
  studioInput,
  usePrintStudioActor,
} from '../print-studio/print-studio-panel'
import { Panel } from '../shared/panel'
import { SITE } from '../site'
import { StudioRebookForm } from '../studio-rebook/print-studio-rebook-form'
import { BookAgainButton } from './book-again-button'
import { BookedLayout, useBookedPage } from './booked-layout'
import type { ConfirmationRef } from './receipt-support-panel'

/** /booked-printstudio: the card payment is settled first, then the booking is confirmed. */
export default afterPayment(
  { to: '/print-studio', label: 'Back to the print studio' },
  BookedPrintStudio,
)

function BookedPrintStudio() {
  const { query, now, confirmation } = useBookedPage(readBookedStudioQuery)
  const who = useSettledViewer()
  const bookAgainOpen = useSelector(confirmation, (s) => s.matches({ panel: 'bookAgain' }))
  const when = isValidDay(query.day) ? dayLabel(query.day, now) : query.day
  const facts = [
    { term: 'Day', value: when },
    { term: 'Time', value: query.time },
  ].filter((row) => row.value)

  return (
    <BookedLayout
      confirmation={confirmation}
      image="/images/studio-1.svg"
      title={STUDIO_NARRATION}
      facts={[...facts, { term: 'Where', value: `Print Studio, ${SITE.name}` }]}
      email={query.email}
      supportMessage={studioSupportMessage(query)}
      bookAgain={
        who?.signedIn ? (
          <MemberBookAgain confirmation={confirmation} wanted={bookAgainOpen} />
        ) : (
          <button
            type="button"
            aria-haspopup="dialog"
            disabled={who === null}
            className={button({ size: 'lg' })}
            onClick={() => confirmation.send({ type: 'panel.bookAgainOpened' })}
          >
            Book again
          </button>
        )
      }
    >
      <Panel
        open={bookAgainOpen && who?.signedIn === false}
        onOpenChange={(open) => {
          if (!open) confirmation.send({ type: 'panel.closed' })
        }}
        title="Book again"
        description="Another four hours in the studio."
      >
        <StudioRebookForm guest={{ email: query.email, name: query.name, phone: query.phone }} />
      </Panel>
    </BookedLayout>
  )
}

/**
 * A signed-in person's 'Book again': the print studio's own panel (their stored details, card or
 * their wallets, read as it opens), as on /print-studio. The guest's form asks for the details.
 */
function MemberBookAgain({
  confirmation,
  wanted,
}: {
  confirmation: ConfirmationRef
  /** 'Book again' was asked for (perhaps before the app knew who is looking). */
  wanted: boolean
}) {
  const [input] = useState(studioInput)
  const actorRef = usePrintStudioActor(input)
  return (
    <>
      <BookAgainButton
        confirmation={confirmation}
        wanted={wanted}
        panel={actorRef}
        isUnavailable={(s) => s.matches('idle') && s.context.venue === null}
      />
      <StudioBookingPanel
        actorRef={actorRef}
        title="Book again"
        onClosed={() => confirmation.send({ type: 'panel.closed' })}
      />
      <StudioBookedOverlay actorRef={actorRef} />
    </>
  )
}
