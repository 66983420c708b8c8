import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { plansActors } from '../../machines/plans/actors'
import { plansMachine } from '../../machines/plans/machine'
import type { Plan } from '../../machines/rules/membership'
import { formatDollars, formatNaira } from '../../machines/rules/money'
import { periodLabel, planName, splitPlans } from '../../machines/rules/public-membership'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button, column, optionCard } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { ArrowRightIcon } from '../shared/line-icons'
import { BenefitsList } from '../shared/membership-benefits'
import { Panel } from '../shared/panel'
import { RetryButton } from '../shared/retry-button'
import { SiteHeader } from '../shared/site-header'
import { Skeleton } from '../shared/skeleton'
import { mailLink, SITE } from '../site'

/** /membership: what Friends of 16 get, the intakes, the rates (from the server) and Apply. */
export default function MembershipPage() {
  const actorRef = useActorRef(
    plansMachine.provide({
      actors: plansActors(api),
      actions: { logError: (_, { error }) => console.warn('Could not load the plans', error) },
    }),
    { inspect: showLiveFlow },
  )
  return <MembershipView actorRef={actorRef} />
}

const sectionTitle = css({ textStyle: 'display.status', mb: { base: '5', md: '8' } })

const INTAKES = [
  { season: 'January', note: 'Applications close 15 December' },
  { season: 'April', note: 'Applications close 15 March' },
  { season: 'July', note: 'Applications close 15 June' },
  { season: 'October', note: 'Applications close 15 September' },
] as const

export function MembershipView({ actorRef }: { actorRef: ActorRefFrom<typeof plansMachine> }) {
  const [chooserOpen, setChooserOpen] = useState(false)
  const apply = (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => setChooserOpen(true)}
      className={cx(button({ size: 'lg' }), css({ minW: '40' }))}
    >
      Apply
    </button>
  )
  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>Friends of 16 · Membership · Sixteen</title>
      <SiteHeader />
      <main>
        <section
          className={cx(
            column(),
            css({
              pt: { base: '10', md: '20' },
              pb: { base: '12', md: '16' },
            }),
          )}
        >
          <p className={css({ textStyle: 'eyebrow', mb: '3' })}>Membership</p>
          <h1 className={css({ textStyle: 'display.programme', letterSpacing: '-0.01em' })}>
            {SITE.programme}
          </h1>
          <p className={css({ textStyle: 'story.lead', mt: '5', maxW: '2xl' })}>
            A members' network for the people who make Lagos interesting: a second home to work,
            host and gather in, with the house's doors open to you six days a week.
          </p>
          <div
            className={flex({
              wrap: 'wrap',
              align: 'center',
              gap: { base: '3', md: '5' },
              mt: '8',
            })}
          >
            {apply}
            <Link
              to="/membership/about"
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '2',
                h: '12',
                textStyle: 'link.loose',
                color: 'clay.700',
                _hover: { color: 'clay.800' },
              })}
            >
              Learn more about the program <ArrowRightIcon size={16} />
            </Link>
          </div>
        </section>

        <section
          aria-labelledby="benefits-heading"
          className={cx(column(), css({ pb: { base: '14', md: '20' } }))}
        >
          <h2 id="benefits-heading" className={sectionTitle}>
            What you get
          </h2>
          <BenefitsList />
        </section>

        <section
          aria-labelledby="intakes-heading"
          className={css({ bg: 'sand.100', py: { base: '12', md: '16' } })}
        >
          <div className={column()}>
            <h2 id="intakes-heading" className={sectionTitle}>
              Intakes
            </h2>
            <p className={css({ color: 'fg.muted', maxW: '2xl', mb: '6', lineHeight: '1.6' })}>
              We welcome new Friends four times a year, so each group can be introduced properly.
              Apply any time: your application is read before the next intake.
            </p>
            <ul
              className={grid({
                listStyle: 'none',
                gap: '3',
                gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
              })}
            >
              {INTAKES.map((intake) => (
                <li
                  key={intake.season}
                  className={css({
                    bg: 'surface',
                    borderRadius: 'l2',
                    p: '4',
                    borderWidth: '1px',
                    borderColor: 'border',
                  })}
                >
                  <p className={css({ fontFamily: 'display', fontSize: '2xl' })}>{intake.season}</p>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
                    {intake.note}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          aria-labelledby="rates-heading"
          className={cx(column(), css({ py: { base: '12', md: '16' } }))}
        >
          <h2 id="rates-heading" className={sectionTitle}>
            Rates
          </h2>
          <Rates actorRef={actorRef} />
        </section>

        <section
          aria-labelledby="contact-heading"
          className={cx(column(), css({ pb: { base: '16', md: '24' } }))}
        >
          <div
            className={grid({
              gap: '6',
              gridTemplateColumns: { base: '1fr', md: '1fr auto' },
              alignItems: 'center',
              layerStyle: 'inverse',
              borderRadius: 'l3',
              p: { base: '6', md: '10' },
            })}
          >
            <div>
              <h2 id="contact-heading" className={css({ fontFamily: 'display', fontSize: '3xl' })}>
                Questions?
              </h2>
              <p className={css({ color: 'sand.200', mt: '2', lineHeight: '1.6', maxW: '2xl' })}>
                Write to us at{' '}
                <a
                  href={mailLink('Friends of 16', 'Hello Sixteen,\n\n')}
                  className={css({
                    color: 'white',
                    textStyle: 'link',
                    textDecorationColor: 'clay.300',
                    whiteSpace: 'nowrap',
                    _hover: { color: 'clay.200' },
                  })}
                >
                  {SITE.supportEmail}
                </a>
                . Communities of more than eight people: write to us for a customised application.
              </p>
            </div>
            <div>{apply}</div>
          </div>
        </section>
      </main>
      <ApplyChooser open={chooserOpen} onOpenChange={setChooserOpen} />
    </div>
  )
}

function Rates({ actorRef }: { actorRef: ActorRefFrom<typeof plansMachine> }) {
  const loading = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.hasTag('error'))
  const plans = useSelector(actorRef, (s) => s.context.plans)
  if (failed) {
    return (
      <div
        role="alert"
        className={grid({
          layerStyle: 'card',
          p: { base: '5', md: '8' },
          gap: '4',
          justifyItems: 'start',
        })}
      >
        <div>
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            We couldn't load the rates
          </p>
          <p className={css({ color: 'fg.muted', mt: '1' })}>
            Check your connection, then try again.
          </p>
        </div>
        <RetryButton
          className={button({ variant: 'outline' })}
          onRetry={() => actorRef.send({ type: 'plans.retried' })}
        />
      </div>
    )
  }
  if (loading) {
    return (
      <div aria-busy className={rateGrid}>
        <span className={css({ srOnly: true })}>Loading the rates</span>
        {[0, 1].map((i) => (
          <div key={i} className={rateCard}>
            <Skeleton className={css({ h: '4', w: '24' })} />
            <Skeleton className={css({ h: '10', w: '36', mt: '4' })} />
            <Skeleton className={css({ h: '4', w: 'full', mt: '6' })} />
            <Skeleton className={css({ h: '4', w: '4/5', mt: '3' })} />
          </div>
        ))}
      </div>
    )
  }
  const { individual, community } = splitPlans(plans)
  return (
    <div className={rateGrid}>
      <RateCard title="Individual" note="One person, every benefit.">
        {individual.map((plan) => (
          <RateRow key={plan.id} plan={plan} label={periodLabel(plan.period)} />
        ))}
      </RateCard>
      <RateCard title="Community" note="One membership shared by your studio, collective or team.">
        {community.map((plan) => (
          <RateRow
            key={plan.id}
            plan={plan}
            label={`${plan.numberOfMembers} people · ${periodLabel(plan.period)}`}
            name={planName(plan)}
          />
        ))}
      </RateCard>
    </div>
  )
}

const rateGrid = grid({
  gap: '5',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
})

const rateCard = css({ layerStyle: 'card', p: { base: '5', md: '7' } })

function RateCard({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <div className={rateCard}>
      <h3 className={css({ textStyle: 'smallCaps' })}>{title}</h3>
      <p className={css({ color: 'fg.muted', mt: '1', fontSize: 'sm' })}>{note}</p>
      <ul className={css({ listStyle: 'none', mt: '4' })}>{children}</ul>
    </div>
  )
}

function RateRow({ plan, label, name }: { plan: Plan; label: string; name?: string }) {
  return (
    <li
      className={flex({
        justify: 'space-between',
        align: 'baseline',
        gap: '4',
        py: '3',
        layerStyle: 'ruled',
        _first: { borderTopWidth: '0' },
      })}
    >
      <span className={css({ color: 'fg.default' })}>
        {name && <span className={css({ srOnly: true })}>{name}, </span>}
        {label}
      </span>
      <span className={css({ textAlign: 'right' })}>
        <span className={css({ fontFamily: 'display', fontSize: '2xl', fontWeight: 'semibold' })}>
          {formatDollars(plan.amountDollar)}
        </span>
        <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
          {formatNaira(plan.amountNaira)}
        </span>
      </span>
    </li>
  )
}

const choice = cx(optionCard(), css({ p: '4' }))

/** Apply's chooser: as one person, or as a community. */
function ApplyChooser({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const options = [
    {
      to: '/membership/application',
      label: 'Individual',
      hint: 'A membership of your own.',
    },
    {
      to: '/membership/community-application',
      label: 'Community',
      hint: 'One membership for 4, 6 or 8 people.',
    },
  ]
  return (
    <Panel
      open={open}
      onOpenChange={onOpenChange}
      title="Apply for membership"
      description="Who is the membership for?"
    >
      <div className={css({ display: 'grid', gap: '3' })}>
        {options.map((option) => (
          <Link key={option.to} to={option.to} className={choice}>
            <span className={css({ flex: '1', minW: '0' })}>
              <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                {option.label}
              </span>
              <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
                {option.hint}
              </span>
            </span>
            <ArrowRightIcon size={18} />
          </Link>
        ))}
      </div>
    </Panel>
  )
}
