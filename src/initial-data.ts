import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react'

/** What the page's HTML carries: the server's clock and the answers of the first calls, by API path. */
export interface CarriedData {
  now: string | null
  answers: Record<string, unknown>
  /** Set by the service worker on a copy of the page it kept (src/service-worker/pages.ts). */
  kept?: boolean
}

/**
 * The data of one page load, so the first screen needs no second round trip. The server makes
 * one per request and renders with it; the browser reads the same from the page's
 * `<script id="initial-data">` and hydrates with it, so both render the same HTML.
 */
export class InitialData {
  /** The server's clock when it rendered: time-dependent text is rendered at this time, twice. */
  readonly now: Date | null
  /** Whether the page is a copy the phone kept: its answers are as of `now`, maybe long ago. */
  readonly kept: boolean
  private readonly answers: Record<string, unknown>

  constructor({ now, answers, kept = false }: CarriedData) {
    this.now = now === null ? null : new Date(now)
    this.answers = { ...answers }
    this.kept = kept
  }

  /** The answer the server gave to `apiPath`, while it is kept. */
  answer<T>(apiPath: string): T | null {
    return (this.answers[apiPath] as T | undefined) ?? null
  }

  /** Lets an answer go: later visits of its screen fetch fresh data. */
  drop(apiPath: string): void {
    delete this.answers[apiPath]
  }

  /** The data a page loaded in the browser carries (nothing for a page the server did not fill). */
  static fromDocument(document: Document): InitialData {
    const text = document.getElementById('initial-data')?.textContent
    try {
      const carried = text ? (JSON.parse(text) as Partial<CarriedData>) : {}
      return new InitialData({
        now: carried.now ?? null,
        answers: carried.answers ?? {},
        kept: carried.kept === true,
      })
    } catch {
      return new InitialData({ now: null, answers: {} })
    }
  }
}

const InitialDataContext = createContext(new InitialData({ now: null, answers: {} }))

export const InitialDataProvider = InitialDataContext.Provider

export function useInitialData(): InitialData {
  return useContext(InitialDataContext)
}

/**
 * The server's answer to `apiPath`, for the screen that shows it first. It is let go once the
 * screen is on the page (an effect), not as it renders: React may throw a render away and do it
 * again (hydration, interrupted by a tap, starts over at once to deliver it), and the second
 * render must read the answer the first did, or it shows a skeleton where the server's HTML has
 * the data, and React drops the page's HTML (and the tap with it).
 */
export function useCarriedAnswer<T>(apiPath: string): T | null {
  const initialData = useInitialData()
  const [answer] = useState(() => initialData.answer<T>(apiPath))
  useEffect(() => initialData.drop(apiPath), [initialData, apiPath])
  return answer
}

const neverChanges = () => () => {}

/**
 * False on the server and while the browser hydrates the server's HTML, true after: what only
 * the browser knows (storage, its clock) is shown from then on, so both render the same HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
