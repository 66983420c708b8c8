import { useActorRef, useSelector } from '@xstate/react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { planChoiceActors } from '../../machines/plan-choice/actors'
import { type PlanOption, planChoiceMachine } from '../../machines/plan-choice/machine'
import { formatDollars, formatNaira } from '../../machines/rules/money'
import { periodText } from '../../machines/rules/profile'
import { css } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { ArrowRightIcon } from '../shared/line-icons'
import { LoadNotice, MemberPage, RowsSkeleton } from '../shared/member-page'

/** /profile/payment: the membership plans; choosing one opens its payment. */
export default function PlanPage() {
  const navigate = useNavigate()
  const actorRef = useActorRef(
    planChoiceMachine.provide({
      actors: planChoiceActors(api),
      actions: {
        navigateToConfirm: (_, { planId }) =>
          navigate(`/profile/payment/confirm?plan=${encodeURIComponent(planId)}`),
        logError: (_, { error }) => console.warn('Could not load the plans', error),
      },
    }),
    { inspect: showLiveFlow },
  )
  return <PlanView actorRef={actorRef} />
}

export function PlanView({ actorRef }: { actorRef: ActorRefFrom<typeof planChoiceMachine> }) {
  const loading = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const plans = useSelector(actorRef, (s) => s.context.plans)
  const individual = plans.filter((plan) => plan.numberOfMembers === null)
  const community = plans.filter((plan) => plan.numberOfMembers !== null)
  const choose = (plan: PlanOption) => actorRef.send({ type: 'plan.chosen', id: plan.id })

  return (
    <MemberPage
      title="Choose your plan"
      back="/profile"
      kicker="Membership"
      lead="Pay by card in dollars or naira. Your membership starts the moment the payment is confirmed."
    >
      {loading && <RowsSkeleton count={3} label="Loading the plans" />}
      {failed && (
        <LoadNotice
          kind="failed"
          what="the plans"
          onRetry={() => actorRef.send({ type: 'plans.retried' })}
        />
      )}
      {plans.length > 0 && (
        <div className={css({ display: 'grid', gap: '8' })}>
          <section aria-labelledby="individual-plans">
            <h2 id="individual-plans" className={css({ textStyle: 'smallCaps', mb: '3' })}>
              Individual
            </h2>
            <ul className={planGrid}>
              {individual.map((plan) => (
                <li key={plan.id}>
                  <PlanCard
                    plan={plan}
                    title={plan.period === '1 year' ? 'One year' : 'Six months'}
                    onChoose={choose}
                  />
                </li>
              ))}
            </ul>
          </section>
          {community.length > 0 && (
            <section aria-labelledby="community-plans">
              <h2 id="community-plans" className={css({ textStyle: 'smallCaps', mb: '1' })}>
                Community
              </h2>
              <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>
                For a community's creator, by the number of members.{' '}
                <Link
                  to="/profile/edit-community"
                  className={css({ color: 'accent.default', textDecoration: 'underline' })}
                >
                  Change your community's size
                </Link>
              </p>
              <ul className={planGrid}>
                {community.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      title={`${plan.numberOfMembers} members`}
                      onChoose={choose}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </MemberPage>
  )
}

const planGrid = grid({
  listStyle: 'none',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: '3',
})

function PlanCard({
  plan,
  title,
  onChoose,
}: {
  plan: PlanOption
  title: string
  onChoose: (plan: PlanOption) => void
}) {
  return (
    <button
      type="button"
      onClick={() => onChoose(plan)}
      aria-label={`${title}: ${formatDollars(plan.amountDollar)} or ${formatNaira(plan.amountNaira)} ${periodText(plan.period)}`}
      className={grid({
        w: 'full',
        textAlign: 'left',
        gap: '1',
        p: '5',
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'l3',
        cursor: 'pointer',
        transition: 'border-color 0.15s, box-shadow 0.15s, transform 0.15s',
        _hover: { borderColor: 'clay.400', boxShadow: 'md' },
        focusOutline: 'outside',
      })}
    >
      <span className={flex({ justify: 'space-between', align: 'center', fontWeight: 'semibold' })}>
        {title}
        <span aria-hidden className={css({ color: 'clay.600' })}>
          <ArrowRightIcon />
        </span>
      </span>
      <span className={css({ fontFamily: 'display', fontSize: '3xl', lineHeight: '1.1' })}>
        {formatDollars(plan.amountDollar)}
      </span>
      <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        or {formatNaira(plan.amountNaira)} · {periodText(plan.period)}
      </span>
    </button>
  )
}
