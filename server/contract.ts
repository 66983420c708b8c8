import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

/** The contract the server is built from: routes, validation and the /api/docs page. */
export const contractPath = new URL('../openapi/hotel.yaml', import.meta.url)

export function loadContract(): Record<string, unknown> & { paths: Record<string, unknown> } {
  return parse(readFileSync(contractPath, 'utf8'))
}
