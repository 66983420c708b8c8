import { useSelector } from '@xstate/react'
import type { ActorRefFrom, AnyActorRef } from 'xstate'
import { checkoutWithCalls } from '../../machines/checkout/actors'
import type { checkoutMachine } from '../../machines/checkout/machine'
import {
  type CheckoutView,
  checkoutViewOf,
  sameCheckoutView,
} from '../../machines/checkout/selectors'
import { api } from '../api'

type CheckoutRef = ActorRefFrom<typeof checkoutMachine>

/**
 * The checkout every booking flow invokes, with the browser's side: the provider's page, the
 * reload after a wallet's refusal, and the console for a failed call (`what` names the flow).
 */
export const checkoutInBrowser = (what: string) =>
  checkoutWithCalls(api).provide({
    actions: {
      redirectToPayment: (_, { url }) => window.location.assign(url),
      reloadPage: () => window.location.reload(),
      logError: (_, { error }) => console.error(what, error),
    },
  })

/** The flow's checkout child, while the person pays (none otherwise). */
export const checkoutOf = (flow: AnyActorRef): CheckoutRef | undefined =>
  flow.getSnapshot().children.checkout as CheckoutRef | undefined

/** What the panel shows of the flow's checkout, re-read as the child moves. */
export function useCheckout(flow: AnyActorRef): CheckoutView {
  const child = useSelector(flow, (s) => s.children.checkout as CheckoutRef | undefined)
  return useSelector(child, (s) => checkoutViewOf(s), sameCheckoutView)
}
