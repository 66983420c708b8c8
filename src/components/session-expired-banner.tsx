import { useSelector } from '@xstate/react'
import { sessionExpiry } from '../api'
import { Banner } from './banner'

/** 'Login session has expired', over every page, for the 3 s before the app goes to /login. */
export function SessionExpiredBanner() {
  const expired = useSelector(sessionExpiry, (s) => s.hasTag('expired'))
  if (!expired) return null
  return (
    <Banner tone="danger" placement="top">
      Login session has expired
    </Banner>
  )
}
