import { sql } from 'drizzle-orm'
import type { Handler, ServiceDeps } from './types'

export function systemService({ db }: ServiceDeps) {
  const getHealth: Handler<'getHealth'> = async () => {
    await db.execute(sql`select 1`)
    return { status: 'success' }
  }
  return { getHealth }
}
