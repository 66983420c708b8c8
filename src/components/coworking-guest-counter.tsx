import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { formatNaira } from '../../machines/rules/money'
import { SPOT_FEE_NAIRA } from '../../machines/rules/pricing'
import { css } from '../../styled-system/css'
import type { CoworkingRef } from './coworking-actor'
import { bareFieldset, Field, fieldLegend, textInput } from './form-fields'

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
  const isMember = useSelector(actorRef, (s) => s.context.isMember)
  const canAdd = useSelector(actorRef, (s) => s.can({ type: 'guests.added' }))
  const canRemove = useSelector(actorRef, (s) => s.can({ type: 'guests.removed' }))
  const stepper = css({
    display: 'grid',
    placeItems: 'center',
    w: '11',
    h: '11',
    borderRadius: 'full',
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
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  })
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>Extra guests</legend>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <p
          id={`${id}-hint`}
          className={css({ fontSize: 'sm', color: 'fg.muted', lineHeight: 'snug' })}
        >
          {isMember
            ? `Your first guest is free, then ${formatNaira(SPOT_FEE_NAIRA)} each.`
            : `${formatNaira(SPOT_FEE_NAIRA)} each, for the day.`}
        </p>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexShrink: 0 })}>
          <button
            type="button"
            className={stepper}
            aria-label="Remove a guest"
            disabled={!canRemove}
            onClick={() => actorRef.send({ type: 'guests.removed' })}
          >
            <span aria-hidden>−</span>
          </button>
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
          <button
            type="button"
            className={stepper}
            aria-label="Add a guest"
            disabled={!canAdd}
            onClick={() => actorRef.send({ type: 'guests.added' })}
          >
            <span aria-hidden>+</span>
          </button>
        </div>
      </div>
      {names.length > 0 && (
        <div className={css({ display: 'grid', gap: '3', mt: '4' })}>
          {names.map((name, index) => (
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
                className={textInput}
              />
            </Field>
          ))}
        </div>
      )}
    </fieldset>
  )
}
