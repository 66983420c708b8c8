import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { panel } from '../../styled-system/recipes'

interface PanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}

/**
 * The product's one panel: a bottom drawer at 768 px wide or less, a centred modal above.
 * Ark UI gives focus trapping, Escape, outside click and the ARIA dialog roles.
 */
export function Panel({ open, onOpenChange, title, description, children, footer }: PanelProps) {
  const styles = panel()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <div className={styles.header}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description && (
                <Dialog.Description className={styles.description}>
                  {description}
                </Dialog.Description>
              )}
            </div>
            <div className={styles.body}>{children}</div>
            {footer && <div className={styles.footer}>{footer}</div>}
            <Dialog.CloseTrigger className={styles.closeTrigger} aria-label="Close">
              <span
                aria-hidden
                className={css({
                  display: 'grid',
                  placeItems: 'center',
                  w: '9',
                  h: '9',
                  borderRadius: 'full',
                  fontSize: 'xl',
                  color: 'fg.muted',
                  _hover: { bg: 'muted' },
                })}
              >
                ×
              </span>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
