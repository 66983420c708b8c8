import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import type { ActorRef, Snapshot } from 'xstate'
import { button } from '../../styled-system/recipes'
import type { ConfirmationRef } from './receipt-support-panel'

/**
 * 'Book again' on a confirmation page, for a flow with its own panel (a signed-in person's):
 * the tap opens the confirmation's book-again mode and the flow's panel. A tap made before the
 * app knew who is looking (`wanted`) opens the panel once the flow can (`panel.opened`), once.
 */
export function BookAgainButton<TSnapshot extends PanelSnapshot>({
  confirmation,
  wanted,
  panel,
  isUnavailable,
}: {
  confirmation: ConfirmationRef
  wanted: boolean
  /** The flow's actor, whose panel opens on `panel.opened`. */
  panel: ActorRef<TSnapshot, { type: 'panel.opened' }>
  /** Nothing can be booked: the button says so. */
  isUnavailable: (snapshot: TSnapshot) => boolean
}) {
  const canOpen = useSelector(panel, (s) => s.can({ type: 'panel.opened' }))
  const unavailable = useSelector(panel, isUnavailable)
  const openPanel = useCallback(() => panel.send({ type: 'panel.opened' }), [panel])
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
        confirmation.send({ type: 'panel.bookAgainOpened' })
        openPanel()
      }}
    >
      {unavailable ? 'Not available' : 'Book again'}
    </button>
  )
}

/** A flow's state as the button reads it: whether its panel can open. */
type PanelSnapshot = Snapshot<unknown> & { can: (event: { type: 'panel.opened' }) => boolean }
