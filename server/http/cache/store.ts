import { createHash } from 'node:crypto'
import { EncodedText } from './encoded-text'

/** An answer as computed, and the instant the clock alone makes it wrong (null: only a write). */
export interface Timed<T> {
  value: T
  until: Date | null
}

/** An answer ready to send: its value, its JSON text (serialized and compressed once) and its ETag. */
export interface Cached<T> {
  value: T
  json: EncodedText
  /**
   * A hash of the JSON: every instance gives the same answer the same tag. Weak, as the answer
   * is sent compressed or not under it.
   */
  etag: string
}

interface Entry<T> extends Cached<T> {
  /** The business clock's instants (ms) between which the answer holds. */
  from: number
  until: number
  /** Wall-clock time (ms) it was stored, for the short life it gets while changes go unheard. */
  storedAt: number
}

/** How long an answer may be kept while no change notice can reach this instance. */
const UNHEARD_TTL_MS = 1000
/** How long callers may share one computation still running before they start their own. */
const LOAD_PATIENCE_MS = 2000

export function cachedAnswer<T>(value: T): Cached<T> {
  const json = JSON.stringify(value)
  return {
    value,
    json: new EncodedText(json),
    etag: `W/"${createHash('sha1').update(json).digest('base64url')}"`,
  }
}

/**
 * Public answers computed once per change instead of per request. An entry is dropped by
 * `invalidate()` (a write committed, here or on another instance) and is never served outside
 * [computed at, until) of the caller's own clock, so a pinned test clock, a hold expiring and
 * a day passing in Lagos are all honoured. Concurrent misses of one key share one computation.
 */
export class PublicCache {
  private entries = new Map<string, Entry<unknown>>()
  private loading = new Map<string, { promise: Promise<Entry<unknown>>; startedAt: number }>()
  private version = 0
  /** False while writes elsewhere may go unheard (the LISTEN connection is down). */
  private hearing = true

  /**
   * Resolves once every change committed before the call has been heard (PostgreSQL: notices
   * travel on their own connection, so a read right after a write could outrun its notice).
   */
  private catchUp: (() => Promise<void>) | null = null

  constructor(private readonly wallClock: () => number = () => performance.now()) {}

  catchUpWith(catchUp: (() => Promise<void>) | null): void {
    this.catchUp = catchUp
  }

  /** A write committed: nothing computed before it may be served again. */
  invalidate(): void {
    this.version += 1
    this.entries.clear()
    // Callers after this point must not join a computation that may have read the old data.
    this.loading.clear()
  }

  /** Whether every change reaches this instance (the LISTEN connection is up). */
  get hearsEveryChange(): boolean {
    return this.hearing
  }

  /** Whether every change reaches this instance; while not, entries live UNHEARD_TTL_MS. */
  setHearing(hearing: boolean): void {
    if (hearing && !this.hearing) this.invalidate()
    this.hearing = hearing
  }

  /** `keeps`: whether an answer is stored (a miss for an unknown id must not grow the cache). */
  async read<T>(
    key: string,
    now: Date,
    compute: (now: Date) => Promise<Timed<T>>,
    keeps: (value: T) => boolean = () => true,
  ): Promise<Cached<T>> {
    if (this.catchUp) await this.catchUp()
    const at = now.getTime()
    const hit = this.entries.get(key)
    if (hit && this.holds(hit, at)) return hit as Entry<T>
    let pending = this.loading.get(key)
    // A computation stuck on the database must not hold every later caller: past its patience,
    // callers start their own.
    if (!pending || this.wallClock() - pending.startedAt > LOAD_PATIENCE_MS) {
      const loading = this.load(key, now, compute, keeps).finally(() => {
        if (this.loading.get(key)?.promise === loading) this.loading.delete(key)
      })
      pending = { promise: loading, startedAt: this.wallClock() }
      this.loading.set(key, pending)
    }
    const entry = (await pending.promise) as Entry<T>
    // A shared computation ran on the first caller's clock; a caller it does not hold for
    // (a test clock set back) gets its own, uncached.
    return this.holds(entry, at) ? entry : cachedAnswer((await compute(now)).value)
  }

  private holds(entry: Entry<unknown>, at: number): boolean {
    if (at < entry.from || at >= entry.until) return false
    return this.hearing || this.wallClock() - entry.storedAt < UNHEARD_TTL_MS
  }

  private async load<T>(
    key: string,
    now: Date,
    compute: (now: Date) => Promise<Timed<T>>,
    keeps: (value: T) => boolean,
  ): Promise<Entry<unknown>> {
    const version = this.version
    const { value, until } = await compute(now)
    const entry: Entry<T> = {
      ...cachedAnswer(value),
      from: now.getTime(),
      until: until?.getTime() ?? Number.POSITIVE_INFINITY,
      storedAt: this.wallClock(),
    }
    // Computed across a write: answer the callers that were waiting, keep nothing.
    if (version === this.version && keeps(value)) this.entries.set(key, entry)
    return entry
  }
}
