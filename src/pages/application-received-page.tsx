import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { loginPath, queryEmail } from '../../machines/rules/public-membership'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { StatusCard } from '../components/status-card'
import { storage } from '../storage'

/**
 * /membership/application/received?email=: the application is in. 'Open Menu' for someone with
 * a stored login, 'Log in' otherwise; storage is the browser's, so the browser renders it.
 */
export default function ApplicationReceivedPage() {
  const [params] = useSearchParams()
  const email = queryEmail(params.get('email'))
  const [hasUser] = useState(() => storage.get('userID') !== null)
  return (
    <>
      <title>All done · Sixteen</title>
      <StatusCard
        tone="success"
        eyebrow="Application received"
        title="All done"
        actions={
          hasUser ? (
            <Link to="/menu" className={button({ size: 'lg' })}>
              Open Menu
            </Link>
          ) : (
            <Link to={loginPath(email)} className={button({ size: 'lg' })}>
              Log in
            </Link>
          )
        }
      >
        <p>
          Thank you for applying. Check your inbox
          {email ? (
            <>
              {' '}
              at <strong className={css({ color: 'fg.default' })}>{email}</strong>
            </>
          ) : null}
          : we've sent a confirmation, and we'll write again as soon as your application has been
          read.
        </p>
      </StatusCard>
    </>
  )
}
