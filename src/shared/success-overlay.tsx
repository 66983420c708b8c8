import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useRef } from 'react'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button, disc, panel } from '../../styled-system/recipes'
import { CheckMark } from './check-mark'

/**
 * After a logged-in booking paid from a wallet (or a member's free one): says what happened, and
 * offers 'View Bookings' and 'Close'. A modal dialog (a bottom sheet on phones): focus stays
 * inside it, Escape or a click outside counts as 'Close'.
 */
export function SuccessOverlay({
  open,
  title,
  description,
  onViewBookings,
  onClose,
}: {
  open: boolean
  title: ReactNode
  description: ReactNode
  onViewBookings: () => void
  onClose: () => void
}) {
  const styles = panel()
  const viewBookings = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      role="alertdialog"
      initialFocusEl={() => viewBookings.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={cx(styles.content, css({ textAlign: 'center', pt: '8' }))}>
            <div
              aria-hidden
              className={cx(
                disc({ size: '16' }),
                css({
                  mx: 'auto',
                  mb: '5',
                  bg: 'palm.50',
                  color: 'palm.600',
                  boxShadow: '0 0 0 8px rgba(239, 247, 242, 0.6)',
                }),
              )}
            >
              <CheckMark size={30} strokeWidth={2.25} />
            </div>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Description
              className={cx(
                styles.description,
                css({ mt: '2', fontSize: 'md', lineHeight: 'relaxed', maxW: '22rem', mx: 'auto' }),
              )}
            >
              {description}
            </Dialog.Description>
            <div
              className={flex({
                direction: { base: 'column', sm: 'row-reverse' },
                gap: '3',
                mt: '7',
                sm: { '& > *': { flex: '1' } },
              })}
            >
              <button
                ref={viewBookings}
                type="button"
                className={button({ size: 'lg' })}
                onClick={onViewBookings}
              >
                View Bookings
              </button>
              <Dialog.CloseTrigger className={button({ variant: 'outline', size: 'lg' })}>
                Close
              </Dialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
