import { formatNaira } from '../rules/money'
import { MIN_TOPUP } from '../rules/topup'

// What the Fund Wallet panel says under the amount: the minimum, in red once what was typed is
// too small to send.

/** The amount field's hint, and whether the amount typed is refused. */
export interface AmountHint {
  tooSmall: boolean
  text: string
}

/**
 * `canSubmit` is the machine's answer to 'topUp.submitted': an amount that cannot be sent while
 * nothing is on its way is below the minimum (an empty field is not an error yet).
 */
export function amountHint(state: {
  amountText: string
  canSubmit: boolean
  busy: boolean
}): AmountHint {
  const tooSmall = state.amountText !== '' && !state.canSubmit && !state.busy
  return {
    tooSmall,
    text: tooSmall
      ? `The smallest top-up is ${formatNaira(MIN_TOPUP)}.`
      : `Minimum ${formatNaira(MIN_TOPUP)}.`,
  }
}
