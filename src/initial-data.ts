/**
 * Answers the server put into the page's HTML, keyed by API path, so the first screen needs no
 * second round trip. Each is taken once: later visits of the same screen fetch fresh data.
 */
let carried: Record<string, unknown> | null = null

export function takeInitialData<T>(apiPath: string): T | null {
  if (carried === null) {
    const script = typeof document === 'undefined' ? null : document.getElementById('initial-data')
    try {
      carried = script?.textContent ? JSON.parse(script.textContent) : {}
    } catch {
      carried = {}
    }
  }
  const data = (carried as Record<string, unknown>)[apiPath]
  delete (carried as Record<string, unknown>)[apiPath]
  return (data as T | undefined) ?? null
}
