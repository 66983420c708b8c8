import { useEffect, useRef } from 'react'
import { button } from '../../styled-system/recipes'
import type { ConfirmationRef } from './receipt-support-panel'

/**
 * 'Book again' on a confirmation page, for a flow with its own panel (a signed-in person's):
 * the tap opens the confirmation's book-again mode and the flow's panel. A tap made before the
 * app knew who is looking (`wanted`) opens the panel once the flow can (`canOpen`), once.
 */
export function BookAgainButton({
  confirmation,
  wanted,
  canOpen,
  unavailable,
  openPanel,
}: {
  confirmation: ConfirmationRef
  wanted: boolean
  canOpen: boolean
  /** Nothing can be booked: the button says so. */
  unavailable: boolean
  openPanel: () => void
}) {
  const waiting = useRef(true)
  useEffect(() => {
    if (!canOpen || !waiting.current) return
    waiting.current = false
    if (wanted) openPanel()
  }, [openPanel, wanted, canOpen])
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      disabled={!canOpen}
      className={button({ size: 'lg' })}
      onClick={() => {
        confirmation.send({ type: 'panel.bookAgain' })
        openPanel()
      }}
    >
      {unavailable ? 'Not available' : 'Book again'}
    </button>
  )
}
