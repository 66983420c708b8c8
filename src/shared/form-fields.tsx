import type { FormEvent, ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'

/** A form's onSubmit: the browser neither posts nor reloads; the page's flow is told instead. */
export function onSubmitted(then: () => void) {
  return (event: FormEvent) => {
    event.preventDefault()
    then()
  }
}

/** The small capitals over a group of fields ('Day', 'Your details'), as a legend or a heading. */
export const fieldLegend = css({ textStyle: 'smallCaps', mb: '2.5', p: '0' })

/** A fieldset that only groups: no border, padding or margin of its own. */
export const bareFieldset = css({ minW: '0', border: 'none', p: '0', m: '0' })

/**
 * The forms' control surface (text inputs, selects, text areas): 48 px tall, a sand border that
 * rings clay on keyboard focus, berry while its answer cannot be sent (aria-invalid). 16 px text:
 * iOS zooms into any smaller input.
 */
export const formControl = css({
  h: '12',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  fontSize: '16px',
  _hover: { borderColor: 'sand.400' },
  _focusVisible: {
    outline: 'none',
    borderColor: 'clay.500',
    boxShadow: '0 0 0 3px token(colors.clay.100)',
  },
  _disabled: { bg: 'sand.100', color: 'fg.subtle', cursor: 'not-allowed' },
  transition: 'border-color 0.15s, box-shadow 0.15s',
  '&[aria-invalid=true]': {
    borderColor: 'berry.500',
    _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
  },
})

/** A one-line text input, the full width of its field. */
export const textInput = cx(
  formControl,
  css({
    w: 'full',
    minW: '0',
    px: '4',
    color: 'fg.default',
    _placeholder: { color: 'ink.500', opacity: 0.7 },
  }),
)

/** A field: its label over its control (and whatever follows it, such as an error). */
export function Field({
  label,
  htmlFor,
  children,
}: {
  label: ReactNode
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

/** What a panel's Day picker is given: the bookable days ('yyyy-MM-dd') and the chosen one. */
export interface DayChoiceProps {
  days: string[]
  chosen: string | null
  /** The clock that makes a day 'Today' or 'Tomorrow'. */
  now: Date
  disabled: boolean
  onChoose: (day: string) => void
}

const chip = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '11',
  px: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  color: 'ink.800',
  fontSize: 'sm',
  fontWeight: 'semibold',
  cursor: 'pointer',
  transition: 'background 0.15s, border-color 0.15s, color 0.15s',
  _hover: { borderColor: 'ink.500' },
  '&:has(input:checked)': { bg: 'ink.900', borderColor: 'ink.900', color: 'white' },
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '2px',
  },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
})

/**
 * A row of chips backed by native radio buttons: arrow keys move between them, Space picks.
 * A chip may carry a small badge (`note`, e.g. 'Members').
 */
export function ChoiceChips({
  legend,
  name,
  options,
  chosen,
  disabled,
  onChoose,
  empty,
  namedGroup = false,
}: {
  legend: string
  name: string
  options: { value: string; label: string; note?: string }[]
  chosen: string | null
  disabled: boolean
  onChoose: (value: string) => void
  /** Said instead of the chips when there are none. */
  empty?: string
  /** The row is also a radiogroup named after the legend (how the co-working panel is read). */
  namedGroup?: boolean
}) {
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>{legend}</legend>
      {options.length === 0 && empty !== undefined ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{empty}</p>
      ) : (
        <div
          {...(namedGroup ? { role: 'radiogroup', 'aria-label': legend } : {})}
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
        >
          {options.map((option) => (
            <label key={option.value} className={chip}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen === option.value}
                onChange={() => onChoose(option.value)}
                className={css({ srOnly: true })}
              />
              {option.label}
              {option.note && ' '}
              {option.note && (
                <span
                  className={css({
                    fontSize: '2xs',
                    fontWeight: 'bold',
                    letterSpacing: 'wide',
                    textTransform: 'uppercase',
                    px: '1.5',
                    py: '0.5',
                    borderRadius: 'full',
                    bg: 'palm.100',
                    color: 'palm.700',
                  })}
                >
                  {option.note}
                </span>
              )}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** What a write did, said where it was asked (and to a screen reader): 'Refunded ₦30,000.' */
export function DoneLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={css({ fontWeight: 'semibold', color: 'palm.700' })}>
      {children}
    </p>
  )
}

/** The server's refusal of a write, in its words, where the write was asked. */
export function RefusedLine({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={css({ color: 'berry.600', fontWeight: 'semibold' })}>
      {children}
    </p>
  )
}
