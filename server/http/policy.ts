import { STAFF_ROLES } from '../../machines/rules/staff-roles'
import type { Contract } from './contract'

// What the contract declares of each operation, beyond its shapes, read once for the hooks that
// enforce it: which take an Idempotency-Key (the parameter), which budget of the rate limits they
// spend (`x-rate-limit`), whether their text is checked before it is stored (`x-stores-text`),
// and who may call them (their security scheme, checked by fastify-openapi-glue's security
// handlers in server/http/auth.ts). No handler repeats any of it.

/**
 * What a limited call costs when abused, beyond the request (its `x-rate-limit`): an e-mail to
 * (or a stored) address given in the body, a login link, a card payment (a place held, a
 * transaction at the provider), a wallet's money, or a guess at a booking's secret link.
 */
export const BUDGETS = ['mail', 'login', 'payment', 'wallet', 'link'] as const
export type Budget = (typeof BUDGETS)[number]

export interface OperationPolicy {
  operationId: string
  /** It takes the Idempotency-Key header: a retry with the same key is answered once. */
  keyed: boolean
  /** The rate limits' budget it spends; null: only the routes' common limits apply. */
  budget: Budget | null
  /**
   * Its query and body are checked for text PostgreSQL cannot store (server/http/stored-text.ts);
   * false only where the contract says `x-stores-text: false` (the provider's webhook).
   */
  storesText: boolean
}

interface Operation {
  operationId?: string
  parameters?: { $ref?: string; name?: string; in?: string }[]
  'x-rate-limit'?: string
  'x-stores-text'?: boolean
  security?: Record<string, string[]>[]
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** The policy of each operation, by its route as Fastify names it ('POST /api/bookings/rsvp'). */
export function operationPolicies(
  contract: Contract,
  prefix = '/api',
): Map<string, OperationPolicy> {
  const parameters = (contract.components as { parameters?: Record<string, Operation> } | undefined)
    ?.parameters
  const named = (parameter: { $ref?: string; name?: string; in?: string }) =>
    parameter.$ref
      ? parameters?.[parameter.$ref.replace('#/components/parameters/', '')]
      : parameter
  const policies = new Map<string, OperationPolicy>()
  for (const [path, item] of Object.entries(contract.paths)) {
    const url = prefix + path.replaceAll(/\{(\w+)\}/g, ':$1')
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method]
      if (!operation?.operationId) continue
      const budget = operation['x-rate-limit'] ?? null
      if (budget !== null && !(BUDGETS as readonly string[]).includes(budget)) {
        throw new Error(`${operation.operationId}: x-rate-limit '${budget}' is none of ${BUDGETS}`)
      }
      // The staff scheme names the least role the operation needs, one of the roles.
      for (const requirement of operation.security ?? []) {
        const roles = requirement.staff
        if (
          roles &&
          !(roles.length === 1 && (STAFF_ROLES as readonly string[]).includes(roles[0] ?? ''))
        ) {
          throw new Error(
            `${operation.operationId}: staff names [${roles}], not one of ${STAFF_ROLES}`,
          )
        }
      }
      const policy: OperationPolicy = {
        operationId: operation.operationId,
        keyed: (operation.parameters ?? []).some((parameter) => {
          const p = named(parameter) as { name?: string; in?: string } | undefined
          return p?.in === 'header' && p.name?.toLowerCase() === 'idempotency-key'
        }),
        budget: budget as Budget | null,
        storesText: operation['x-stores-text'] !== false,
      }
      policies.set(`${method.toUpperCase()} ${url}`, policy)
      // Fastify answers HEAD of every GET route with the GET's handler: the same policy.
      if (method === 'get') policies.set(`HEAD ${url}`, policy)
    }
  }
  return policies
}

/** A route's policy, whichever of its methods the contract declares. */
export function policyOfRoute(
  policies: Map<string, OperationPolicy>,
  route: { method: string | string[]; url: string },
): OperationPolicy | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.map((method) => policies.get(`${method} ${route.url}`)).find(Boolean)
}
