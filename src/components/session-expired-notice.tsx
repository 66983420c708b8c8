import { useEffect } from 'react'
import { Banner } from './banner'

/** The red banner itself, across the top; the page scrolls up to it (it is leaving anyway). */
export default function SessionExpiredNotice() {
  useEffect(() => window.scrollTo({ top: 0 }), [])
  return (
    <Banner tone="danger" placement="top">
      Login session has expired
    </Banner>
  )
}
