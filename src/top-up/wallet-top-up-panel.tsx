import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { topUpMachine } from '../../machines/top-up/machine'
import { amountHint } from '../../machines/top-up/selectors'
import { css, cx } from '../../styled-system/css'
import { Field, textInput } from '../shared/form-fields'
import { FormPanel } from '../shared/panel'

/** Fund Wallet: the amount in naira, then Top Up sends the browser to the card provider. */
export function WalletTopUpPanel({ topUpRef }: { topUpRef: ActorRefFrom<typeof topUpMachine> }) {
  const id = useId()
  const open = useSelector(topUpRef, (s) => s.matches('open') || s.matches('redirecting'))
  const busy = useSelector(topUpRef, (s) => s.hasTag('busy'))
  const amountText = useSelector(topUpRef, (s) => s.context.amountText)
  const error = useSelector(topUpRef, (s) => s.context.error)
  const canSubmit = useSelector(topUpRef, (s) => s.can({ type: 'topUp.submitted' }))
  const hint = amountHint({ amountText, canSubmit, busy })
  return (
    <FormPanel
      open={open}
      busy={busy}
      canSubmit={canSubmit}
      submitLabel="Top Up"
      onSubmit={() => topUpRef.send({ type: 'topUp.submitted' })}
      onClose={() => topUpRef.send({ type: 'topUp.closed' })}
      title="Fund Wallet"
      description="Top up your personal wallet by card, in naira."
      error={error}
    >
      <Field label="Amount" htmlFor={`${id}-amount`}>
        <div className={css({ position: 'relative' })}>
          <span
            aria-hidden
            className={css({
              position: 'absolute',
              left: '4',
              top: '50%',
              transform: 'translateY(-50%)',
              color: 'fg.muted',
              fontWeight: 'semibold',
            })}
          >
            ₦
          </span>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="5,000"
            value={amountText}
            disabled={busy}
            aria-describedby={`${id}-hint`}
            aria-invalid={hint.tooSmall || undefined}
            onChange={(event) =>
              topUpRef.send({ type: 'amount.changed', text: event.target.value })
            }
            className={cx(
              textInput,
              css({ pl: '9', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' }),
            )}
          />
        </div>
        <p
          id={`${id}-hint`}
          className={css({ fontSize: 'sm', color: hint.tooSmall ? 'berry.600' : 'fg.muted' })}
        >
          {hint.text}
        </p>
      </Field>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Our payment provider charges a small fee per top up.
      </p>
    </FormPanel>
  )
}
