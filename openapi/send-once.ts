// A write that must happen once (a booking, a payment, a debit, an application), sent over a
// network that loses answers: one Idempotency-Key for the person's intent, the same on every
// attempt, so the server answers a repeat with its first answer and acts once
// (docs/decisions/015).

/** The pauses before the second and third attempts: a write is tried three times at most. */
export const RETRY_PAUSES_MS = [700, 2_000] as const

/** How long one attempt may wait for its answer before it counts as lost. */
export const ATTEMPT_TIMEOUT_MS = 20_000

/** Statuses that say the server did not act and may next time: its gateway or database was away. */
const TRY_AGAIN = new Set([502, 503, 504])

/**
 * A new key for one intent: a random UUID (v4). From getRandomValues, which, unlike
 * crypto.randomUUID, also exists on a page served over plain HTTP (the hotel's own network).
 */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface Attempt {
  headers: { 'Idempotency-Key': string }
  signal: AbortSignal
}

export interface SendOnceOptions {
  /** The flow's own signal: once it aborts (the flow moved on), nothing is sent again. */
  signal?: AbortSignal | undefined
  /** The intent's key; a new one by default (one call of sendOnce is one intent). */
  key?: string
  pauses?: readonly number[]
  timeoutMs?: number
  /** Waits between attempts; tests pass their own clock. */
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Sends `attempt` with the intent's key; when no answer came (a network error, or none within
 * `timeoutMs`) or the server answered 502, 503 or 504, sends it again with the same key after
 * each pause, then gives the last outcome to the caller. A 4xx is an answer: never sent again.
 */
export async function sendOnce<R extends { response: Response }>(
  attempt: (init: Attempt) => Promise<R>,
  {
    signal,
    key = newIntentKey(),
    pauses = RETRY_PAUSES_MS,
    timeoutMs = ATTEMPT_TIMEOUT_MS,
    sleep = wait,
  }: SendOnceOptions = {},
): Promise<R> {
  const headers = { 'Idempotency-Key': key }
  for (let tries = 0; ; tries++) {
    const timeout = AbortSignal.timeout(timeoutMs)
    const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout
    const last = tries >= pauses.length
    try {
      const result = await attempt({ headers, signal: attemptSignal })
      if (last || !TRY_AGAIN.has(result.response.status)) return result
    } catch (error) {
      // The flow gave up (it aborted its own signal): so do we.
      if (signal?.aborted || last) throw error
    }
    await sleep(pauses[tries] ?? 0)
    if (signal?.aborted) throw signal.reason
  }
}
