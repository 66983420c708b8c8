import { asc, eq } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import type { Db } from '../db/client'
import { spaces } from '../db/schema'

type Space = components['schemas']['Space']

/** Co-working spaces or print-studio items in the order staff set; only a write changes them. */
export async function spacesOfKind(db: Db, kind: 'coworking' | 'print-studio'): Promise<Space[]> {
  const rows = await db.select().from(spaces).where(eq(spaces.kind, kind)).orderBy(asc(spaces.sort))
  return rows.map((row) => ({ id: String(row.id), Name: row.name, Coworking: row.coworking }))
}
