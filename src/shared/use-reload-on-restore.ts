import { useEffect } from 'react'

/**
 * Back from the card checkout, the browser may restore a page as it was ('Please wait'): this
 * loads it afresh instead. The RSVP panel and the waitlist page both take money this way.
 */
export function useReloadOnRestore() {
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload()
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])
}
