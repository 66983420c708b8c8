import { type ReactNode, useId } from 'react'
import { dayLabel } from '../../machines/rules/dates'
import { PRINT_STUDIO_SLOTS } from '../../machines/rules/slots'
import { css, cx } from '../../styled-system/css'
import { formControl } from '../shared/form-fields'

const label = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' })

const hint = css({ fontSize: 'sm', color: 'clay.700', fontStyle: 'italic' })

const labelRow = css({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '3',
})

/** A field's name, and beside it the hint (`${id}-hint`) until something is chosen. */
function FieldHead({
  id,
  hintText,
  children,
}: {
  id: string
  hintText: string | null
  children: ReactNode
}) {
  return (
    <div className={labelRow}>
      {children}
      {hintText && (
        <span id={`${id}-hint`} className={hint}>
          {hintText}
        </span>
      )}
    </div>
  )
}

/** The Day picker: the studio's bookable days as 'Today', 'Tomorrow' or 'Wednesday, November 25'. */
export function StudioDayPicker({
  days,
  value,
  now,
  disabled = false,
  onSelect,
}: {
  days: string[]
  value: string | null
  now: Date
  disabled?: boolean
  onSelect: (day: string) => void
}) {
  const id = useId()
  return (
    <div className={css({ display: 'grid', gap: '1.5', minW: '0' })}>
      <FieldHead id={id} hintText={value ? null : '*select a day'}>
        <label htmlFor={`${id}-day`} className={label}>
          Day
        </label>
      </FieldHead>
      <div className={css({ position: 'relative' })}>
        <select
          id={`${id}-day`}
          name="day"
          value={value ?? ''}
          disabled={disabled || days.length === 0}
          aria-required
          aria-describedby={value ? undefined : `${id}-hint`}
          onChange={(e) => e.target.value && onSelect(e.target.value)}
          className={cx(
            formControl,
            css({
              appearance: 'none',
              w: 'full',
              pl: '4',
              pr: '10',
              color: value ? 'fg.default' : 'ink.500',
              cursor: 'pointer',
              transition: 'border-color 0.15s, box-shadow 0.15s',
            }),
          )}
        >
          <option value="" disabled>
            {days.length === 0 ? 'No days open right now' : 'Choose a day'}
          </option>
          {days.map((day) => (
            <option key={day} value={day}>
              {dayLabel(day, now)}
            </option>
          ))}
        </select>
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
          className={css({
            position: 'absolute',
            right: '4',
            top: '50%',
            transform: 'translateY(-50%)',
            pointerEvents: 'none',
            color: 'fg.muted',
          })}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </div>
    </div>
  )
}

/** The Time picker: the studio's three four-hour sessions, side by side. */
export function StudioSlotPicker({
  value,
  disabled = false,
  onSelect,
}: {
  value: string | null
  disabled?: boolean
  onSelect: (slot: string) => void
}) {
  const id = useId()
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={value ? undefined : `${id}-hint`}
      aria-required
      className={css({ display: 'grid', gap: '1.5', minW: '0' })}
    >
      <FieldHead id={id} hintText={value ? null : '*choose a timeslot'}>
        <span id={`${id}-label`} className={label}>
          Time
        </span>
      </FieldHead>
      {/* Three side by side where they fit; on the narrowest phones the third takes a row. */}
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(6.75rem, 1fr))',
          gap: '2',
        })}
      >
        {PRINT_STUDIO_SLOTS.map((slot) => (
          <label
            key={slot}
            className={css({
              position: 'relative',
              display: 'grid',
              placeItems: 'center',
              minH: '12',
              px: '2',
              borderRadius: 'l2',
              borderWidth: '1px',
              borderColor: 'sand.300',
              bg: 'surface',
              fontSize: 'sm',
              fontWeight: 'semibold',
              color: 'fg.default',
              whiteSpace: 'nowrap',
              cursor: 'pointer',
              transition: 'background 0.15s, border-color 0.15s, color 0.15s',
              _hover: { borderColor: 'sand.400', bg: 'sand.50' },
              '&:has(input:checked)': {
                bg: 'ink.900',
                borderColor: 'ink.900',
                color: 'sand.50',
              },
              '&:has(input:focus-visible)': {
                outline: '2px solid',
                outlineColor: 'accent.default',
                outlineOffset: '2px',
              },
              '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
            })}
          >
            <input
              type="radio"
              name={`${id}-slot`}
              value={slot}
              checked={value === slot}
              disabled={disabled}
              onChange={() => onSelect(slot)}
              className={css({ srOnly: true })}
            />
            {slot}
          </label>
        ))}
      </div>
    </div>
  )
}
