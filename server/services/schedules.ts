import { asc, eq } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import { spaces } from '../db/schema'
import type { Handler, ServiceDeps } from './types'

type Space = components['schemas']['Space']

export function schedulesService({ db }: ServiceDeps) {
  const listOfKind = async (kind: 'coworking' | 'print-studio'): Promise<Space[]> => {
    const rows = await db
      .select()
      .from(spaces)
      .where(eq(spaces.kind, kind))
      .orderBy(asc(spaces.sort))
    return rows.map((row) => ({ id: String(row.id), Name: row.name, Coworking: row.coworking }))
  }

  const listSpaces: Handler<'listSpaces'> = async () => ({
    status: 'success',
    data: await listOfKind('coworking'),
  })

  const listPrintStudioItems: Handler<'listPrintStudioItems'> = async () => ({
    status: 'success',
    data: await listOfKind('print-studio'),
  })

  return { listSpaces, listPrintStudioItems }
}
