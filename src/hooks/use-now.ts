import { useEffect, useState } from 'react'
import { useHydrated, useInitialData } from '../initial-data'

/**
 * The current time, renewed every `everyMs`, so 'Closed' and 'Today' change while a page is open.
 * A page rendered by the server starts at the server's time (its HTML says the same) and takes
 * the browser's once hydrated.
 */
export function useNow(everyMs = 60_000): Date {
  const serverNow = useInitialData().now
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => (!hydrated && serverNow) || new Date())
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
