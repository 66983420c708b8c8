import { sql } from 'drizzle-orm'
import { HttpError } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'

/** How long readiness waits for the database's `select 1` before it answers 503. */
export const READY_DATABASE_MS = 1_000

export const NOT_READY = {
  starting: 'This instance is starting: it is not ready for requests yet.',
  draining: 'This instance is stopping: it finishes the requests it has and takes no new ones.',
  database: 'This instance cannot reach its database.',
} as const

const notReady = (reason: keyof typeof NOT_READY) => new HttpError(503, NOT_READY[reason])

export function systemHandlers(deps: HandlerDeps) {
  const { db } = deps
  const getHealth: Handler<'getHealth'> = async () => {
    await db.execute(sql`select 1`)
    return { status: 'success' }
  }

  const getReady: Handler<'getReady'> = async (request) => {
    const { phase } = request.server.lifecycle
    if (phase !== 'ready') throw notReady(phase)
    let timer: NodeJS.Timeout | undefined
    const answered = await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_DATABASE_MS)
      }),
    ])
    clearTimeout(timer)
    if (!answered) throw notReady('database')
    return { status: 'success' }
  }

  return { getHealth, getReady }
}
