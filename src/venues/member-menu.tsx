import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import type { Community } from '../../machines/profile/machine'
import { renewalBanner } from '../../machines/rules/membership'
import { isCreator, membershipOf, roleLine, statusDot } from '../../machines/rules/profile'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { viewer } from '../api'
import { Avatar } from '../shared/avatar'
import { MemberName } from '../shared/member-name'
import { RenewalNotice } from '../shared/renewal-notice'
import { Skeleton } from '../shared/skeleton'
import { useNow } from '../shared/use-now'

const bannerAction = css({
  ml: 'auto',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  h: '9',
  px: '4',
  borderRadius: 'full',
  fontWeight: 'semibold',
  bg: 'white',
  color: 'ink.900',
  _hover: { bg: 'sand.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'ink.900', outlineOffset: '2px' },
})

/**
 * The member part of the menu: avatar (picture or initials) with the status dot, the name, the
 * role or 'Inactive', and the banner that asks to activate or renew. It reads the app's viewer,
 * which holds the profile; the menu asks it again on every visit, so a payment shows at once.
 * `community` (the person's community, once the page has read it) sets the status that counts
 * and the creator's star.
 */
export function MemberMenuCard({ community = null }: { community?: Community | null }) {
  const now = useNow()
  const account = useSelector(viewer, (s) => s.context.account)
  const checking = useSelector(viewer, (s) => s.hasTag('busy'))
  const canRefresh = useSelector(viewer, (s) => s.can({ type: 'viewer.refreshed' }))

  // The profile may have changed since the app loaded (a payment, an edit): read it again.
  useEffect(() => {
    if (viewer.getSnapshot().can({ type: 'viewer.refreshed' }))
      viewer.send({ type: 'viewer.refreshed' })
  }, [])

  if (!account) {
    if (checking) return <MemberCardSkeleton />
    return (
      <div
        role="alert"
        className={flex({ wrap: 'wrap', align: 'center', gap: '3', py: '4', textStyle: 'note' })}
      >
        We couldn't load your profile.
        <button
          type="button"
          disabled={!canRefresh}
          onClick={() => viewer.send({ type: 'viewer.refreshed' })}
          className={button({ variant: 'outline', size: 'sm' })}
        >
          Try again
        </button>
      </div>
    )
  }

  const { status, expiry } = membershipOf(account, community)
  const creator = isCreator(community, account['Email Address'])
  const banner = renewalBanner(status, expiry, now)
  return (
    <section
      aria-label="Your membership"
      // One column no wider than the screen, whatever the name's length.
      className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4', pb: '2' })}
    >
      <Link
        to="/profile"
        className={flex({
          align: 'center',
          gap: '4',
          borderRadius: 'l2',
          color: 'fg.default',
          focusOutline: 'wide',
          '&:hover .member-name': { color: 'clay.700' },
        })}
      >
        <Avatar
          name={account.Name}
          picture={account.Picture}
          dot={statusDot(account.Role, status)}
        />
        <span className={css({ minW: '0' })}>
          <span
            className={`member-name ${css({ textStyle: 'display.name', display: 'flex', alignItems: 'center', gap: '2', transition: 'color 0.2s' })}`}
          >
            <MemberName name={account.Name} creator={creator} keepStar />
          </span>
          <span className={css({ display: 'block', mt: '1', textStyle: 'note' })}>
            {roleLine(account.Role, status)}
            <span className={css({ color: 'fg.subtle' })}> · View profile</span>
          </span>
        </span>
      </Link>
      <RenewalNotice banner={banner} actionClassName={bannerAction} />
      {account.staff && (
        <Link to="/staff" className={button({ variant: 'outline', size: 'md' })}>
          Front desk: today and check-in
        </Link>
      )}
    </section>
  )
}

function MemberCardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your profile"
      className={css({ display: 'flex', alignItems: 'center', gap: '4', pb: '2' })}
    >
      <Skeleton
        className={css({
          w: { base: '16', md: '20' },
          h: { base: '16', md: '20' },
          borderRadius: 'full',
        })}
      />
      <div className={css({ flex: '1' })}>
        <Skeleton className={css({ h: '8', w: '55%' })} />
        <Skeleton className={css({ h: '4', w: '30%', mt: '2' })} />
      </div>
    </div>
  )
}
