import { type RefObject, useEffect } from 'react'

/** After this long without a touch, scroll, key or pointer move, moving things stand still. */
const IDLE_PAUSE_MS = 6000

/**
 * Marks the element `data-paused` while it is off screen or nobody has touched the page for a
 * while, so its animations stop costing anything; any input starts them again.
 */
export function usePausedWhenUnwatched(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let inView = true
    let idle = false
    let timer = 0
    const apply = () => element.toggleAttribute('data-paused', !inView || idle)
    const wake = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        idle = true
        apply()
      }, IDLE_PAUSE_MS)
      if (idle) {
        idle = false
        apply()
      }
    }
    const observer = new IntersectionObserver(([entry]) => {
      inView = entry?.isIntersecting ?? true
      apply()
    })
    observer.observe(element)
    const inputs = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'] as const
    for (const type of inputs) window.addEventListener(type, wake, { passive: true })
    wake()
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
      for (const type of inputs) window.removeEventListener(type, wake)
    }
  }, [ref])
}
