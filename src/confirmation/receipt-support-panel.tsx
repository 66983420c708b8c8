import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { confirmationMachine } from '../../machines/confirmation/machine'
import { SupportPanel } from './support-panel'

export type ConfirmationRef = ActorRefFrom<typeof confirmationMachine>

/**
 * 'I didn't get a receipt' on a confirmation page: open while the page's confirmation machine
 * says so; closing it tells the machine.
 */
export function ReceiptSupportPanel({
  confirmation,
  message,
}: {
  confirmation: ConfirmationRef
  message: string
}) {
  const open = useSelector(confirmation, (s) => s.matches({ panel: 'support' }))
  return (
    <SupportPanel
      open={open}
      onOpenChange={(next) => {
        if (!next) confirmation.send({ type: 'panel.closed' })
      }}
      message={message}
    />
  )
}
