import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { sessionExpiry } from '../api'
import { useHydrated } from '../initial-data'
import { Banner } from './banner'

/**
 * 'Login session has expired', at the top of every page, for the 3 s before the app goes to
 * /login; the page scrolls up to it (it is leaving anyway). The flow is made when first used,
 * after hydration, not while the page's modules run.
 */
export function SessionExpiredBanner() {
  const hydrated = useHydrated()
  const expired = useSelector(hydrated ? sessionExpiry : undefined, (s) => s?.hasTag('expired'))
  useEffect(() => {
    if (expired) window.scrollTo({ top: 0 })
  }, [expired])
  if (!expired) return null
  return (
    <Banner tone="danger" placement="top">
      Login session has expired
    </Banner>
  )
}
