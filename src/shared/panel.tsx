import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import { css, cx } from '../../styled-system/css'
import { button, disc, panel } from '../../styled-system/recipes'
import { Banner } from './banner'
import { onSubmitted } from './form-fields'
import { usePanelHistory } from './use-panel-history'

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
 * Ark UI gives focus trapping, Escape, outside click and the ARIA dialog roles; an open panel is
 * a history entry, so the browser's Back closes it (usePanelHistory).
 */
export function Panel({ open, onOpenChange, title, description, children, footer }: PanelProps) {
  const styles = panel()
  // Its title marks its history entry, so a reload finds it again; a title that is not text, its id.
  const id = useId()
  const history = usePanelHistory(typeof title === 'string' ? title : id, open, () =>
    onOpenChange(false),
  )
  // Closing gives focus back to what opened the panel, noted as the panel opens. Ark notes it a
  // frame later, when its focus trap starts: on a busy phone a tap inside the panel can come
  // first, and closing would then leave focus on the page's body.
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (!open) return
    const focused = document.activeElement
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null
  }, [open])
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? onOpenChange(true) : history.dismiss())}
      finalFocusEl={() => (opener.current?.isConnected ? opener.current : null)}
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
                className={cx(
                  disc({ size: '9' }),
                  css({ fontSize: 'xl', color: 'fg.muted', _hover: { bg: 'muted' } }),
                )}
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

interface FormPanelProps {
  open: boolean
  /** While busy the panel cannot be dismissed and its button waits; the caller locks the fields. */
  busy: boolean
  canSubmit: boolean
  submitLabel: string
  onSubmit: () => void
  /** The person dismissed the panel (Escape, outside click, the close button). */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  error?: string | null
  children: ReactNode
}

/** A panel holding one short form, its submit button in the footer and any error last. */
export function FormPanel({
  open,
  busy,
  canSubmit,
  submitLabel,
  onSubmit,
  onClose,
  title,
  description,
  error,
  children,
}: FormPanelProps) {
  const formId = `${useId()}-form`
  return (
    <Panel
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose()
      }}
      title={title}
      description={description}
      footer={
        <button
          type="submit"
          form={formId}
          disabled={!canSubmit || busy}
          aria-busy={busy}
          className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
        >
          {busy ? 'Please wait' : submitLabel}
        </button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={onSubmitted(onSubmit)}
        className={css({ display: 'grid', gap: '4' })}
      >
        {children}
        {error && <Banner tone="danger">{error}</Banner>}
      </form>
    </Panel>
  )
}
