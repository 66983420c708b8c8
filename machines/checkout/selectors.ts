import type { SnapshotFrom } from 'xstate'
import type { checkoutMachine } from './machine'

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>

/** What a booking panel shows of its checkout (the child it invokes while the person pays). */
export interface CheckoutView {
  /** Anything under way, the reload after a refusal too: the form waits. */
  busy: boolean
  /** The payment's own call, or the browser leaving for the provider: its button says 'Please wait'. */
  paying: boolean
  /** A wallet's refusal shows, and the page will reload. */
  failed: boolean
  /** Why the wallet refused (the flow words it). */
  error: unknown
}

/** No checkout running: the person has not paid yet. */
export const NOT_PAYING: CheckoutView = { busy: false, paying: false, failed: false, error: null }

/** The view of a checkout's snapshot (none: not paying). */
export function checkoutViewOf(snapshot: CheckoutSnapshot | undefined): CheckoutView {
  if (snapshot?.status !== 'active') return NOT_PAYING
  const failed = snapshot.matches('walletFailed') || snapshot.matches('reloading')
  return {
    busy: snapshot.hasTag('busy'),
    paying: snapshot.hasTag('busy') && !failed,
    failed,
    error: failed ? snapshot.context.error : null,
  }
}

/** Two views alike, so a panel re-renders only when what it shows changes. */
export const sameCheckoutView = (a: CheckoutView, b: CheckoutView) =>
  a.busy === b.busy && a.paying === b.paying && a.failed === b.failed && a.error === b.error
