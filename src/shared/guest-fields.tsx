import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { css } from '../../styled-system/css'
import { Field, textInput } from './form-fields'

export type GuestField = 'email' | 'name' | 'phone'

/** Each field's label, and what its input tells the browser: keyboard, autofill, an example. */
const GUEST_INPUTS: {
  field: GuestField
  label: string
  attributes: InputHTMLAttributes<HTMLInputElement>
}[] = [
  {
    field: 'email',
    label: 'Email Address',
    attributes: {
      type: 'email',
      inputMode: 'email',
      autoComplete: 'email',
      autoCapitalize: 'off',
      spellCheck: false,
      placeholder: 'you@example.com',
    },
  },
  {
    field: 'name',
    label: 'Name',
    attributes: { type: 'text', autoComplete: 'name', autoCapitalize: 'words' },
  },
  {
    field: 'phone',
    label: 'Phone Number',
    attributes: {
      type: 'tel',
      inputMode: 'tel',
      autoComplete: 'tel',
      placeholder: '0803 000 0000',
    },
  },
]

/**
 * A guest's e-mail, name and phone (and 'Remember me'), as the booking forms ask for them, each
 * with the message its flow's selectors give it.
 */
export function GuestFields({
  email,
  name,
  phone,
  onChange,
  onLeave,
  errors,
  remember,
  disabled = false,
}: {
  email: string
  name: string
  phone: string
  onChange: (field: GuestField, value: string) => void
  /** Told when the person leaves a field: a phone still too short says so only then. */
  onLeave: (field: GuestField) => void
  /** Why a field cannot be sent as it is, by field. */
  errors: Partial<Record<GuestField, string>>
  remember?: { checked: boolean; onChange: (checked: boolean) => void }
  disabled?: boolean
}) {
  const id = useId()
  const values = { email, name, phone }
  return (
    <fieldset disabled={disabled} className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <legend className={css({ srOnly: true })}>Your details</legend>
      {GUEST_INPUTS.map(({ field, label, attributes }) => {
        const error = errors[field]
        const errorId = `${id}-${field}-error`
        return (
          <Field key={field} label={label} htmlFor={`${id}-${field}`}>
            <input
              {...attributes}
              id={`${id}-${field}`}
              name={field}
              aria-required
              value={values[field]}
              onChange={(e) => onChange(field, e.target.value)}
              onBlur={() => onLeave(field)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={textInput}
            />
            {error && <FieldError id={errorId}>{error}</FieldError>}
          </Field>
        )
      })}
      {remember && (
        <label
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '3',
            minH: '11',
            fontSize: 'md',
            color: 'fg.default',
            cursor: 'pointer',
            justifySelf: 'start',
          })}
        >
          <input
            type="checkbox"
            name="rememberMe"
            checked={remember.checked}
            onChange={(e) => remember.onChange(e.target.checked)}
            className={css({
              w: '5',
              h: '5',
              accentColor: 'clay.600',
              cursor: 'pointer',
              _focusVisible: {
                outline: '2px solid',
                outlineColor: 'accent.default',
                outlineOffset: '2px',
              },
            })}
          />
          Remember me
        </label>
      )}
    </fieldset>
  )
}

/** Why a booking form's field (or group of fields) cannot be sent as it is, tied by `id`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={errorText}>
      {children}
    </p>
  )
}

const errorText = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'sm',
  color: 'berry.600',
})
