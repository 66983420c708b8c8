import { startTransition, useEffect, useState } from 'react'
import { useHydrated, useInitialData } from '../initial-data'

/**
 * The current time, renewed every `everyMs`, so 'Closed' and 'Today' change while a page is open.
 * A page rendered by the server starts at the server's time (its HTML says the same) and takes
 * the browser's once hydrated. A new time is a transition: the screen it redraws is already
 * right to the minute, so that work yields to taps and to the rest of the hydration.
 */
export function useNow(everyMs = 60_000): Date {
  const serverNow = useInitialData().now
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => (!hydrated && serverNow) || new Date())
  useEffect(() => {
    const tick = () => startTransition(() => setNow(new Date()))
    tick()
    const timer = setInterval(tick, everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
