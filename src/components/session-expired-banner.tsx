import { useSelector } from '@xstate/react'
import { sessionExpiry } from '../api'
import { useHydrated } from '../initial-data'
import { Banner } from './banner'

/**
 * 'Login session has expired', over every page, for the 3 s before the app goes to /login. The
 * flow is made when first used, after hydration, not while the page's modules run.
 */
export function SessionExpiredBanner() {
  const hydrated = useHydrated()
  const expired = useSelector(hydrated ? sessionExpiry : undefined, (s) => s?.hasTag('expired'))
  if (!expired) return null
  return (
    <Banner tone="danger" placement="top">
      Login session has expired
    </Banner>
  )
}
