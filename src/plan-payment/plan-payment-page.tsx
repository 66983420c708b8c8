import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { planPaymentActors } from '../../machines/plan-payment/actors'
import { type PlanCurrency, planPaymentMachine } from '../../machines/plan-payment/machine'
import { formatDollars, formatNaira } from '../../machines/rules/money'
import { planLabel } from '../../machines/rules/profile'
import { periodLabel } from '../../machines/rules/public-membership'
import { css } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects } from '../member-flow'
import { card, MemberPage } from '../shared/member-page'
import { pageOrigin, storage } from '../storage'

/** Where the provider sends the browser back: the profile, which settles the payment. */
export const MEMBERSHIP_CALLBACK = '/profile?paid=membership'

/** /profile/payment/confirm: the plan's summary and card payment in USD or NGN. */
export default function PlanConfirmPage() {
  const [params] = useSearchParams()
  const [planId] = useState(() => params.get('plan'))
  const actorRef = useActorRef(
    planPaymentMachine.provide({
      actors: planPaymentActors(api, () => ({
        userId: storage.get('userID') ?? '',
        email: storage.get('userEmail') ?? '',
        callbackUrl: `${pageOrigin()}${MEMBERSHIP_CALLBACK}`,
      })),
      actions: {
        redirectToProvider: (_, { url }) => window.location.assign(url),
        ...memberFlowEffects('Membership payment', 'error'),
      },
    }),
    { input: { planId }, inspect: showLiveFlow },
  )
  return <PlanConfirmView actorRef={actorRef} />
}

export function PlanConfirmView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof planPaymentMachine>
}) {
  const plan = useSelector(actorRef, (s) => s.context.plan)
  const currency = useSelector(actorRef, (s) => s.context.currency)
  const error = useSelector(actorRef, (s) => s.context.error)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const expired = useSelector(actorRef, (s) => s.matches('sessionExpired'))
  const unknown = useSelector(actorRef, (s) => s.matches('unknownPlan'))
  const canPay = useSelector(actorRef, (s) => s.can({ type: 'currency.chosen', currency: 'NGN' }))
  const pay = (chosen: PlanCurrency) => actorRef.send({ type: 'currency.chosen', currency: chosen })
  // The two ways to pay differ only in currency and look; the one on its way says so.
  const payButton = (chosen: PlanCurrency, price: string, className: string) => (
    <button
      type="button"
      className={className}
      disabled={!canPay}
      aria-busy={busy && currency === chosen}
      onClick={() => pay(chosen)}
    >
      {busy && currency === chosen ? 'Please wait' : `Pay ${price} by card`}
    </button>
  )

  if (unknown || !plan) {
    return (
      <MemberPage title="Confirm payment" back="/profile/payment" kicker="Membership">
        <div
          role="alert"
          className={`${card} ${css({ p: '6', display: 'grid', gap: '3', justifyItems: 'start' })}`}
        >
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            This plan is not on offer
          </p>
          <p className={css({ color: 'fg.muted' })}>
            The address names a plan we don't have. Choose one of ours.
          </p>
          <Link to="/profile/payment" className={button({ size: 'lg' })}>
            See the plans
          </Link>
        </div>
      </MemberPage>
    )
  }

  return (
    <MemberPage title="Confirm payment" back="/profile/payment" kicker="Membership">
      <section aria-label="Summary" className={`${card} ${css({ p: { base: '5', md: '6' } })}`}>
        <h2 className={css({ textStyle: 'smallCaps' })}>Summary</h2>
        <p className={css({ textStyle: 'display.subhead', mt: '1' })}>
          {plan.numberOfMembers
            ? `Community membership, ${plan.numberOfMembers} members`
            : 'Individual membership'}
        </p>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: '6',
            rowGap: '2',
            mt: '4',
          })}
        >
          <dt className={css({ color: 'fg.muted' })}>Plan</dt>
          <dd>{planLabel(plan.id)}</dd>
          <dt className={css({ color: 'fg.muted' })}>Period</dt>
          <dd>{periodLabel(plan.period)}</dd>
          <dt className={css({ color: 'fg.muted' })}>Price</dt>
          <dd className={css({ fontWeight: 'semibold' })}>
            {formatDollars(plan.amountDollar)} or {formatNaira(plan.amountNaira)}
          </dd>
        </dl>
      </section>

      <section aria-label="Pay" className={css({ mt: '6', display: 'grid', gap: '3' })}>
        {expired && (
          <p role="status" className={css({ color: 'danger.default', fontWeight: 'medium' })}>
            Login session has expired
          </p>
        )}
        {error && !busy && (
          <p role="alert" className={css({ color: 'danger.default', fontWeight: 'medium' })}>
            {error}
          </p>
        )}
        <div className={grid({ gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
          {payButton('USD', formatDollars(plan.amountDollar), button({ size: 'lg' }))}
          {payButton(
            'NGN',
            formatNaira(plan.amountNaira),
            button({ size: 'lg', variant: 'outline' }),
          )}
        </div>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          You'll pay on our card provider's secure page, then come back to your profile.
        </p>
      </section>
    </MemberPage>
  )
}
