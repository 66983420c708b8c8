import { type ReactNode, useEffect, useRef } from 'react'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'

// A wizard's steps: where the person is (Step 1 of 3), and the heading that takes the focus when
// the step changes.

/**
 * The steps of a wizard, the current one marked for assistive technology ('Step 1 of 2').
 */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol aria-label="Progress" className={css({ display: 'flex', gap: '2', mb: '8' })}>
      {steps.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'next'
        return (
          <li
            key={title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={css({ flex: '1', minW: '0' })}
          >
            <span
              className={css({
                display: 'block',
                h: '1',
                borderRadius: 'full',
                bg: state === 'next' ? 'sand.200' : 'clay.600',
                mb: '2',
                transition: 'background 0.2s',
              })}
            />
            <span
              className={flex({
                align: 'baseline',
                gap: '1.5',
                fontSize: 'xs',
                letterSpacing: 'wide',
                textTransform: 'uppercase',
                fontWeight: state === 'current' ? 'bold' : 'medium',
                color: state === 'next' ? 'fg.subtle' : 'fg.default',
                // A step's name wraps under its number on the narrowest phones, never cut.
                minW: '0',
                overflowWrap: 'break-word',
              })}
            >
              <span className={css({ srOnly: true })}>
                {`Step ${i + 1} of ${steps.length}${state === 'done' ? ', done' : ''}: `}
              </span>
              <span aria-hidden className={css({ fontVariantNumeric: 'tabular-nums' })}>
                {i + 1}
              </span>
              {title}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * A step's heading. When the step changes (Next, Previous) focus moves to it, so a keyboard or
 * screen-reader user starts the new step at its top; the first render leaves focus alone.
 */
export function StepHeading({ step, children }: { step: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [step])
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      className={css({
        textStyle: 'display.section',
        mb: '6',
        _focus: { outline: 'none' },
        _focusVisible: {
          outline: '2px solid',
          outlineColor: 'accent.default',
          outlineOffset: '4px',
        },
      })}
    >
      {children}
    </h2>
  )
}
