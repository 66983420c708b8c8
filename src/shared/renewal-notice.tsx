import { Link } from 'react-router-dom'
import { expiringText, INACTIVE_TEXT, type RenewalBanner } from '../../machines/rules/membership'
import { Banner } from './banner'

/**
 * The banner that asks a member to act on their membership: red with 'Activate' when it is
 * inactive, yellow with 'Renew' when it ends soon, nothing otherwise. The link's look is the
 * place's own (a pill on the menu, underlined text on the profile).
 */
export function RenewalNotice({
  banner,
  actionClassName,
}: {
  banner: RenewalBanner
  actionClassName: string
}) {
  if (!banner) return null
  const inactive = banner.kind === 'inactive'
  return (
    <Banner tone={inactive ? 'danger' : 'warning'}>
      <span>{inactive ? INACTIVE_TEXT : expiringText(banner.days)}</span>
      <Link to="/profile/payment" className={actionClassName}>
        {inactive ? 'Activate' : 'Renew'}
      </Link>
    </Banner>
  )
}
