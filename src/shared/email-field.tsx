import { useId } from 'react'
import { css, cx } from '../../styled-system/css'
import { Field, textInput } from './form-fields'

const input = cx(
  textInput,
  css({ _readOnly: { bg: 'sand.100', color: 'fg.muted', cursor: 'default' } }),
)

const errorText = css({ fontSize: 'sm', color: 'berry.600' })
const hintText = css({ fontSize: 'sm', color: 'fg.muted' })

/**
 * An e-mail input with its flow's message under it (`error`, from the flow's selectors: 'Please
 * enter a valid email address.' once something that is not an address is typed). A locked field
 * is read-only (it came with the link) and says so.
 */
export function EmailField({
  label = 'Email Address',
  value,
  error,
  onChange,
  locked = false,
  lockedHint,
  disabled = false,
  placeholder = 'you@example.com',
}: {
  label?: string
  value: string
  /** What the flow says of the address typed; null when nothing is wrong. */
  error: string | null
  onChange: (value: string) => void
  locked?: boolean
  lockedHint?: string
  disabled?: boolean
  placeholder?: string
}) {
  const id = useId()
  const invalid = error !== null
  const describedBy = invalid ? `${id}-error` : locked && lockedHint ? `${id}-hint` : undefined
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={placeholder}
        required
        value={value}
        readOnly={locked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={input}
      />
      {invalid && (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      )}
      {!invalid && locked && lockedHint && (
        <p id={`${id}-hint`} className={hintText}>
          {lockedHint}
        </p>
      )}
    </Field>
  )
}
