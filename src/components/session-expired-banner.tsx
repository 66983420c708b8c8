import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { sessionExpiry } from '../api'
import { useHydrated } from '../initial-data'

// Its code loads when a session expires, not with every first page.
const SessionExpiredNotice = lazy(() => import('./session-expired-notice'))

/**
 * 'Login session has expired', at the top of every page, for the 3 s before the app goes to
 * /login. The flow is made when first used, after hydration, not while the page's modules run.
 */
export function SessionExpiredBanner() {
  const hydrated = useHydrated()
  const expired = useSelector(hydrated ? sessionExpiry : undefined, (s) => s?.hasTag('expired'))
  if (!expired) return null
  return (
    <Suspense>
      <SessionExpiredNotice />
    </Suspense>
  )
}
