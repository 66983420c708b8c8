/**
 * Drains a queue kept in the database (the mail outbox, the refunds): one round at a time, a kick
 * during a round asks for one more after it, a round every `everyMs` besides (what a kick missed,
 * a retry's back-off come due), none once closed. A round reads `closed` to stop early: what it
 * has not taken stays queued for the next start.
 */
export function queueDrainer({
  round,
  everyMs,
  onError,
}: {
  /** Sends what is due; answers how many it sent. */
  round: (closed: () => boolean) => Promise<number>
  everyMs: number
  onError: (error: unknown) => void
}) {
  let running: Promise<number> | null = null
  let again = false
  let closed = false
  const isClosed = () => closed
  const flush = async (): Promise<number> => {
    if (closed) return 0
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let sent = 0
      try {
        do {
          again = false
          sent += await round(isClosed)
        } while (again && !closed)
      } catch (error) {
        onError(error)
      }
      return sent
    })().finally(() => {
      running = null
    })
    return running
  }
  const timer = setInterval(() => void flush(), everyMs)
  timer.unref()
  return {
    flush,
    kick: () => {
      if (!closed) setImmediate(() => void flush())
    },
    isClosed,
    async close() {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}
