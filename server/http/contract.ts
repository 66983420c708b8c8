import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { contractPath } from '../config'

export type Contract = Record<string, unknown> & { paths: Record<string, unknown> }

let parsed: Contract | undefined

/**
 * The contract, read and parsed once a process (the YAML parse is 50 times the cost of a copy,
 * and the tests build hundreds of apps), as a copy of its own: the plugins that build the routes
 * and the docs may change what they are given.
 */
export function loadContract(): Contract {
  parsed ??= parse(readFileSync(contractPath, 'utf8')) as Contract
  return structuredClone(parsed)
}
