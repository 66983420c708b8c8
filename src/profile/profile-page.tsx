import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { profileActors } from '../../machines/profile/actors'
import { profileMachine } from '../../machines/profile/machine'
import { isActiveStatus, renewalBanner } from '../../machines/rules/membership'
import {
  expiryFact,
  isCreator,
  membershipOf,
  profileDate,
  roleLine,
  showsCommunityLink,
  statusDot,
} from '../../machines/rules/profile'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { api, viewer } from '../api'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { afterPayment } from '../payment-return/payment-return'
import { Avatar } from '../shared/avatar'
import { Banner } from '../shared/banner'
import { MemberName } from '../shared/member-name'
import { card, LoadStatus, MemberPage, ProfileLink } from '../shared/member-page'
import { RenewalNotice } from '../shared/renewal-notice'
import { useNow } from '../shared/use-now'
import { SITE } from '../site'
import { storage } from '../storage'

/**
 * /profile: joined and expiry dates and the links of the profile area. A membership card payment
 * comes back here (`?reference=`): the payment is settled first, then the page says so.
 */
export default afterPayment(
  { to: '/profile/payment', label: 'Back to the plans' },
  ProfileScreen,
  'membership',
)

function ProfileScreen() {
  const [params] = useSearchParams()
  const [email] = useState(() => storage.get('userEmail'))
  const actorRef = useMemberFlow(profileMachine, profileActors(api), 'Could not load the profile')
  const paid = params.get('paid') === 'membership'
  // Back from a confirmed payment: the rest of the app (the menu) reads the profile again.
  useEffect(() => {
    if (paid && viewer.getSnapshot().can({ type: 'viewer.refreshed' }))
      viewer.send({ type: 'viewer.refreshed' })
  }, [paid])
  return <ProfileView actorRef={actorRef} email={email} justPaid={paid} />
}

export function ProfileView({
  actorRef,
  email,
  justPaid,
}: {
  actorRef: ActorRefFrom<typeof profileMachine>
  email: string | null
  justPaid: boolean
}) {
  const now = useNow()
  const load = useLoadStates(actorRef)
  const profile = useSelector(actorRef, (s) => s.context.profile)

  return (
    <MemberPage title="Profile" kicker={SITE.programme}>
      <LoadStatus
        {...load}
        what="your profile"
        rows={4}
        onRetry={() => actorRef.send({ type: 'profile.retried' })}
      />
      {profile && <ProfileBody profile={profile} email={email} now={now} justPaid={justPaid} />}
    </MemberPage>
  )
}

function ProfileBody({
  profile: { account, community },
  email,
  now,
  justPaid,
}: {
  profile: NonNullable<ReturnType<typeof profileMachine.getInitialSnapshot>['context']['profile']>
  email: string | null
  now: Date
  justPaid: boolean
}) {
  const { status, expiry } = membershipOf(account, community)
  const active = isActiveStatus(status)
  const banner = renewalBanner(status, expiry, now)
  const creator = isCreator(community, email ?? account['Email Address'])
  return (
    <div className={css({ display: 'grid', gap: '5' })}>
      {justPaid && active && (
        <Banner tone="success">
          Payment received. Your membership is active until {profileDate(expiry)}.
        </Banner>
      )}
      <section className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
        <Avatar
          name={account.Name}
          picture={account.Picture}
          dot={statusDot(account.Role, status)}
        />
        <div className={css({ minW: '0' })}>
          <p className={flex({ align: 'center', textStyle: 'display.name', gap: '2' })}>
            <MemberName name={account.Name} creator={creator} />
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
            {roleLine(account.Role, status)}
            {community ? ` · ${community.Name}` : ''}
          </p>
        </div>
      </section>

      <RenewalNotice
        banner={banner}
        actionClassName={css({ ml: 'auto', textDecoration: 'underline', fontWeight: 'semibold' })}
      />

      <dl
        className={cx(
          card,
          css({
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            '& > div + div': { borderLeftWidth: '1px', borderColor: 'border' },
          }),
        )}
      >
        <DateFact term="Joined" value={profileDate(account['Created at'])} />
        <DateFact {...expiryFact({ status, expiry })} />
      </dl>

      <nav aria-label="Profile" className={card}>
        <ul
          className={css({
            listStyle: 'none',
            '& > li + li': { borderTopWidth: '1px', borderColor: 'border' },
          })}
        >
          <li>
            <ProfileLink to="/profile/info" label="Profile" hint="Your details and picture" />
          </li>
          <li>
            <ProfileLink
              to="/profile/wallet"
              label="Wallet"
              hint="Balance, top-ups and transactions"
              mark={
                active ? undefined : <span className={badge({ tone: 'danger' })}>Suspended</span>
              }
            />
          </li>
          <li>
            <ProfileLink
              to="/profile/bookings"
              label="Bookings"
              hint="Tickets, co-working and studio sessions"
            />
          </li>
          <li>
            <ProfileLink
              to="/profile/payments"
              label="Payments"
              hint="Your membership payments and receipts"
            />
          </li>
          {showsCommunityLink(community, email ?? account['Email Address']) && (
            <li>
              <ProfileLink
                to="/profile/community"
                label="Community"
                hint={`Members of ${community?.Name ?? 'your community'}`}
              />
            </li>
          )}
        </ul>
      </nav>

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Link to="/bye-laws" className={button({ variant: 'ghost', size: 'sm' })}>
          Bye-laws
        </Link>
        <Link to="/tour" className={button({ variant: 'ghost', size: 'sm' })}>
          Take the tour
        </Link>
      </div>
    </div>
  )
}

/** One of the membership's two dates, side by side under the renewal notice. */
function DateFact({ term, value }: { term: string; value: string }) {
  return (
    <div className={css({ px: { base: '4', md: '5' }, py: '4' })}>
      <dt className={css({ textStyle: 'smallCaps' })}>{term}</dt>
      <dd className={css({ fontSize: 'lg', fontWeight: 'semibold', mt: '1' })}>{value}</dd>
    </div>
  )
}
