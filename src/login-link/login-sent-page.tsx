import { Link, useSearchParams } from 'react-router-dom'
import { loginPath, queryEmail } from '../../machines/rules/public-membership'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Address } from '../shared/address'
import { StatusCard } from '../shared/status-card'

/** /login-sent?email=: the login link is on its way. */
export default function LoginSentPage() {
  const [params] = useSearchParams()
  const email = queryEmail(params.get('email'))
  return (
    <>
      <title>Check your e-mail · Sixteen</title>
      <StatusCard
        tone="mail"
        eyebrow="Login link sent"
        title="Check your inbox"
        actions={
          <>
            <Link to="/" className={button({ size: 'lg' })}>
              Go to homepage
            </Link>
            <Link to={loginPath(email)} className={button({ size: 'lg', variant: 'ghost' })}>
              Didn't get it? Send another link
            </Link>
          </>
        }
      >
        <p>
          We've sent a login link to{' '}
          {email ? (
            <strong className={css({ color: 'fg.default' })}>
              <Address email={email} />
            </strong>
          ) : (
            'your e-mail address'
          )}
          . Open it on this device to log in.
        </p>
        <p className={css({ fontSize: 'sm' })}>
          The link works once and expires after 15 minutes. If it isn't there in a minute, look in
          your spam folder.
        </p>
      </StatusCard>
    </>
  )
}
