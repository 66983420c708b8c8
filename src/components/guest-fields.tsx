import { type ReactNode, useId } from 'react'
import { INVALID_EMAIL_MESSAGE } from '../../machines/rules/email'
import { css } from '../../styled-system/css'

export type GuestField = 'email' | 'name' | 'phone'

/** A guest's e-mail, name and phone (and 'Remember me'), as the booking forms ask for them. */
export function GuestFields({
  email,
  name,
  phone,
  onChange,
  emailInvalid,
  remember,
  disabled = false,
}: {
  email: string
  name: string
  phone: string
  onChange: (field: GuestField, value: string) => void
  emailInvalid: boolean
  remember?: { checked: boolean; onChange: (checked: boolean) => void }
  disabled?: boolean
}) {
  const id = useId()
  const errorId = `${id}-email-error`
  return (
    <fieldset disabled={disabled} className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <legend className={css({ srOnly: true })}>Your details</legend>
      <Field label="Email Address" htmlFor={`${id}-email`}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          aria-required
          value={email}
          onChange={(e) => onChange('email', e.target.value)}
          aria-invalid={emailInvalid || undefined}
          aria-describedby={emailInvalid ? errorId : undefined}
          placeholder="you@example.com"
          className={input}
        />
        {emailInvalid && (
          <p id={errorId} className={errorText}>
            {INVALID_EMAIL_MESSAGE}
          </p>
        )}
      </Field>
      <Field label="Name" htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          autoCapitalize="words"
          aria-required
          value={name}
          onChange={(e) => onChange('name', e.target.value)}
          className={input}
        />
      </Field>
      <Field label="Phone Number" htmlFor={`${id}-phone`}>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          aria-required
          value={phone}
          onChange={(e) => onChange('phone', e.target.value)}
          placeholder="0803 000 0000"
          className={input}
        />
      </Field>
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

function Field({
  label,
  htmlFor,
  children,
}: {
  label: string
  htmlFor: string
  children: ReactNode
}) {
  return (
    <div className={css({ display: 'grid', gap: '1.5', minW: '0' })}>
      <label
        htmlFor={htmlFor}
        className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' })}
      >
        {label}
      </label>
      {children}
    </div>
  )
}

const input = css({
  w: 'full',
  minW: '0',
  h: '12',
  px: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  color: 'fg.default',
  // 16 px: iOS zooms into any smaller input.
  fontSize: '16px',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _placeholder: { color: 'ink.500', opacity: 0.7 },
  _hover: { borderColor: 'sand.400' },
  _focusVisible: {
    outline: 'none',
    borderColor: 'clay.500',
    boxShadow: '0 0 0 3px token(colors.clay.100)',
  },
  '&[aria-invalid=true]': {
    borderColor: 'berry.500',
    _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
  },
  _disabled: { bg: 'sand.100', color: 'fg.subtle', cursor: 'not-allowed' },
})

const errorText = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'sm',
  color: 'berry.600',
})
