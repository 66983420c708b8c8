import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation } from 'react-router-dom'
import { confirmationMachine } from '../../machines/confirmation.machine'
import { dayLabel, isValidDay } from '../../machines/rules/dates'
import {
  readBookedStudioQuery,
  STUDIO_NARRATION,
  studioSupportMessage,
} from '../../machines/rules/print-studio'
import { button } from '../../styled-system/recipes'
import { BookedLayout } from '../components/booked-layout'
import { Panel } from '../components/panel'
import { PaymentReturn } from '../components/payment-return'
import { StudioRebookForm } from '../components/print-studio-rebook-form'
import { useNow } from '../hooks/use-now'
import { showLiveFlow } from '../live-flows'
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
  const confirmation = useActorRef(confirmationMachine, { inspect: showLiveFlow })
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
        <button
          type="button"
          aria-haspopup="dialog"
          className={button({ size: 'lg' })}
          onClick={() => confirmation.send({ type: 'panel.bookAgain' })}
        >
          Book again
        </button>
      }
    >
      <Panel
        open={bookAgainOpen}
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
