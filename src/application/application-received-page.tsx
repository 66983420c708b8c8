import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { COMMUNITY_SET_UP } from '../../machines/rules/application'
import { queryEmail } from '../../machines/rules/public-membership'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Address } from '../shared/address'
import { StatusCard } from '../shared/status-card'
import { storage } from '../storage'

/**
 * /membership/application/received?email=: the application is in. 'Open Menu' for someone with
 * a stored login, else the calendar: no account exists before approval, so 'Log in' would only
 * say 'Account not found'. Storage is the browser's, so the browser renders it.
 * With `community=set-up` a signed-in member's community was set up: nothing to review, it
 * waits for its payment (as the e-mail sent with it says), and their own membership stays as is.
 */
export default function ApplicationReceivedPage() {
  const [params] = useSearchParams()
  const email = queryEmail(params.get('email'))
  const setUp = params.get('community') === COMMUNITY_SET_UP
  const [hasUser] = useState(() => storage.get('userID') !== null)
  const inbox = email ? (
    <>
      {' '}
      at{' '}
      <strong className={css({ color: 'fg.default' })}>
        <Address email={email} />
      </strong>
    </>
  ) : null
  // Second to paying when a community was set up.
  const look = setUp ? button({ size: 'lg', variant: 'outline' }) : button({ size: 'lg' })
  const menuOrLogin = hasUser ? (
    <Link to="/menu" className={look}>
      Open Menu
    </Link>
  ) : (
    // No account until the application is approved: the approval e-mail brings the login link.
    <Link to="/" className={look}>
      See what's on
    </Link>
  )
  return (
    <>
      <title>All done · Sixteen</title>
      <StatusCard
        tone="success"
        eyebrow={setUp ? 'Community set up' : 'Application received'}
        title="All done"
        actions={
          setUp ? (
            <>
              <Link to="/profile/payment" className={button({ size: 'lg' })}>
                Pay for your community
              </Link>
              {menuOrLogin}
            </>
          ) : (
            menuOrLogin
          )
        }
      >
        {setUp ? (
          <>
            <p>
              Your community is set up: there is nothing more to review. Pay for its plan to
              activate it, then invite your members.
            </p>
            <p>
              Until then your own membership stays as it is. We've sent the details to your inbox
              {inbox}.
            </p>
          </>
        ) : (
          <p>
            Thank you for applying. Check your inbox
            {inbox}: we've sent a confirmation, and we'll write again as soon as your application
            has been read. Once it is approved, that e-mail brings your link to log in.
          </p>
        )}
      </StatusCard>
    </>
  )
}
