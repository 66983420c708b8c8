import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { visitorErrorsOf } from '../../machines/coworking/selectors'
import { formatNaira } from '../../machines/rules/money'
import { SPOT_FEE_NAIRA } from '../../machines/rules/pricing'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { disc } from '../../styled-system/recipes'
import { bareFieldset, Field, fieldLegend, textInput } from '../shared/form-fields'
import { FieldError } from '../shared/guest-fields'
import type { CoworkingRef } from './coworking-actor'

/** Extra guests: the counter, the price of each, and a name for each guest. */
export function GuestCounter({
  actorRef,
  disabled,
}: {
  actorRef: CoworkingRef
  disabled: boolean
}) {
  const id = useId()
  const count = useSelector(actorRef, (s) => s.context.extraGuests)
  const names = useSelector(actorRef, (s) => s.context.visitorNames)
  const errors = visitorErrorsOf(useSelector(actorRef, (s) => s.context))
  const isMember = useSelector(actorRef, (s) => s.context.isMember)
  const canAdd = useSelector(actorRef, (s) => s.can({ type: 'guests.added' }))
  const canRemove = useSelector(actorRef, (s) => s.can({ type: 'guests.removed' }))
  const stepper = cx(
    disc({ size: '11' }),
    css({
      borderWidth: '1px',
      borderColor: 'sand.300',
      bg: 'surface',
      color: 'ink.900',
      fontSize: 'xl',
      lineHeight: '1',
      cursor: 'pointer',
      transition: 'background 0.15s, border-color 0.15s',
      _hover: { _enabled: { borderColor: 'ink.500', bg: 'sand.50' } },
      _disabled: { cursor: 'not-allowed', opacity: 0.4 },
      focusOutline: 'outside',
    }),
  )
  // The − and + either side of the count: named for a screen reader, off when they cannot act.
  const stepButton = (
    glyph: string,
    label: string,
    allowed: boolean,
    type: 'guests.added' | 'guests.removed',
  ) => (
    <button
      type="button"
      className={stepper}
      aria-label={label}
      disabled={!allowed}
      onClick={() => actorRef.send({ type })}
    >
      <span aria-hidden>{glyph}</span>
    </button>
  )
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>Extra guests</legend>
      <div className={flex({ align: 'center', justify: 'space-between', gap: '4' })}>
        <p
          id={`${id}-hint`}
          className={css({ fontSize: 'sm', color: 'fg.muted', lineHeight: 'snug' })}
        >
          {isMember
            ? `Your first guest is free, then ${formatNaira(SPOT_FEE_NAIRA)} each.`
            : `${formatNaira(SPOT_FEE_NAIRA)} each, for the day.`}
        </p>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexShrink: 0 })}>
          {stepButton('−', 'Remove a guest', canRemove, 'guests.removed')}
          <output
            aria-live="polite"
            aria-label="Extra guests"
            aria-describedby={`${id}-hint`}
            className={css({
              minW: '6',
              textAlign: 'center',
              fontFamily: 'display',
              fontSize: '2xl',
              fontWeight: 'semibold',
            })}
          >
            {count}
          </output>
          {stepButton('+', 'Add a guest', canAdd, 'guests.added')}
        </div>
      </div>
      {names.length > 0 && (
        <div className={css({ display: 'grid', gap: '3', mt: '4' })}>
          {names.map((name, index) => {
            const error = errors.each[index]
            const errorId = `${id}-visitor-${index}-error`
            return (
              <Field
                // biome-ignore lint/suspicious/noArrayIndexKey: inputs only come and go at the end
                key={index}
                label={`Guest ${index + 1}'s name`}
                htmlFor={`${id}-visitor-${index}`}
              >
                <input
                  id={`${id}-visitor-${index}`}
                  type="text"
                  required
                  autoComplete="off"
                  autoCapitalize="words"
                  value={name}
                  onChange={(e) =>
                    actorRef.send({ type: 'visitor.changed', index, name: e.target.value })
                  }
                  aria-invalid={error || errors.together ? true : undefined}
                  aria-describedby={
                    [error && errorId, errors.together && `${id}-visitors-error`]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  className={textInput}
                />
                {error && <FieldError id={errorId}>{error}</FieldError>}
              </Field>
            )
          })}
          {errors.together && (
            <FieldError id={`${id}-visitors-error`}>{errors.together}</FieldError>
          )}
        </div>
      )}
    </fieldset>
  )
}
