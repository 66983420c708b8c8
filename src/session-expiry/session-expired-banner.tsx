import { useSelector } from '@xstate/react'
import { css } from '../../styled-system/css'
import { sessionExpiry } from '../api'
import { useHydrated } from '../initial-data'

/**
 * 'Login session has expired', across the top of every page above the header, for the 3 s before
 * the app goes to /login: in the page's flow, so it covers nothing, and over an open drawer's
 * backdrop, so it is seen there too; the flow scrolls the page up to it (`scrollToBanner`). The
 * flow is made when first used, after hydration, not while the page's modules run. Its own
 * styles, not the Banner's variants: it is on every first page.
 */
export function SessionExpiredBanner() {
  const hydrated = useHydrated()
  const expired = useSelector(hydrated ? sessionExpiry : undefined, (s) => s?.hasTag('expired'))
  if (!expired) return null
  return (
    <div
      role="alert"
      className={css({
        position: 'relative',
        zIndex: 'toast',
        px: '4',
        py: '3',
        bg: 'danger.default',
        color: 'white',
        fontSize: 'sm',
        fontWeight: 'medium',
        textAlign: 'center',
      })}
    >
      Login session has expired
    </div>
  )
}
