import { useId } from 'react'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Banner } from './banner'

// The foot of a wizard's step: a failed send's message, then Previous / Next / Submit and why the
// primary button is disabled.

/** A failed send: what went wrong, in a sentence, over the buttons. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className={css({ mt: '6' })}>
      <Banner tone="danger">{message}</Banner>
    </div>
  )
}

/**
 * Previous / Next / Submit. A disabled Next or Submit says why in a line under the buttons
 * (tied to the button), so nobody is left guessing what is missing.
 */
export function WizardActions({
  previous,
  next,
  submit,
  hint,
}: {
  previous?: { disabled: boolean; onClick: () => void }
  next?: { disabled: boolean }
  submit?: { disabled: boolean; busy: boolean; label?: string }
  /** Why the primary button is disabled (shown only while it is). */
  hint?: string | null
}) {
  const id = useId()
  const primaryDisabled = next ? next.disabled : (submit?.disabled ?? false)
  const showHint = !!hint && primaryDisabled && !submit?.busy
  return (
    <div className={css({ mt: '8', pt: '6', borderTopWidth: '1px', borderColor: 'border' })}>
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between' })}>
        {previous ? (
          <button
            type="button"
            disabled={previous.disabled}
            onClick={previous.onClick}
            className={button({ variant: 'outline', size: 'lg' })}
          >
            Previous
          </button>
        ) : (
          <span />
        )}
        {next && (
          <button
            type="submit"
            disabled={next.disabled}
            aria-describedby={showHint ? `${id}-hint` : undefined}
            className={cx(button({ size: 'lg' }), css({ minW: '32' }))}
          >
            Next
          </button>
        )}
        {submit && (
          <button
            type="submit"
            disabled={submit.disabled || submit.busy}
            aria-describedby={showHint ? `${id}-hint` : undefined}
            className={cx(button({ size: 'lg' }), css({ minW: '32' }))}
          >
            {submit.busy ? 'Please wait' : (submit.label ?? 'Submit')}
          </button>
        )}
      </div>
      {showHint && (
        <p
          id={`${id}-hint`}
          className={css({ mt: '3', fontSize: 'sm', color: 'fg.muted', textAlign: 'right' })}
        >
          {hint}
        </p>
      )}
    </div>
  )
}
