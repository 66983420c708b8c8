import { readFileSync } from 'node:fs'
import openapiTS, { astToString } from 'openapi-typescript'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const contractUrl = new URL('../../openapi/hotel.yaml', import.meta.url)
const committed = readFileSync(new URL('../../openapi/schema.d.ts', import.meta.url), 'utf8')
const contract = parse(readFileSync(contractUrl, 'utf8'))

describe('the contract', () => {
  it('matches the committed generated types (run `npm run generate:api` after editing it)', async () => {
    const generated = astToString(await openapiTS(contractUrl))
    const body = (text: string) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim()
    expect(body(committed)).toBe(body(generated))
  })

  it('gives every operation an id, a tag and an error answer', () => {
    const problems: string[] = []
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(
      contract.paths,
    )) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`
        if (!op.operationId) problems.push(`${name}: no operationId`)
        if (!Array.isArray(op.tags) || op.tags.length !== 1) problems.push(`${name}: needs one tag`)
        if (!(op.responses as Record<string, unknown>).default)
          problems.push(`${name}: no default error`)
      }
    }
    expect(problems).toEqual([])
  })

  it('covers every call of both documents', () => {
    const calls = [
      'GET /events',
      'GET /events/{id}',
      'GET /schedules',
      'GET /schedules/print-studio',
      'GET /events/available-days',
      'GET /events/available-days/print-studio',
      'GET /accounts/profile',
      'GET /wallets',
      'POST /wallets',
      'POST /payments/initiate',
      'POST /bookings/rsvp',
      'POST /wallets/debit/{walletId}',
      'POST /applications/create-application',
      'POST /accounts/login',
      'POST /invites/claim/{code}',
      'GET /invites/{code}',
      'GET /accounts/verify-magic-link',
      'GET /communities',
      'POST /communities/create',
      'GET /wallets/history/{walletId}',
      'GET /bookings/{email}',
      'GET /bookings/dump/{email}',
      'GET /payments/{userId}',
      'POST /communities/invite-members',
      'POST /communities/remove-members',
      'POST /communities/join',
      'POST /accounts/signup-as-community-member',
      'POST /communities/number-of-members',
      // Added by the design: verification on return, the webhook, profile edit, plans, mailing list.
      'GET /payments/verify/{reference}',
      'POST /payments/webhook',
      'PATCH /accounts/profile',
      'GET /plans',
      'POST /mailing-list',
    ]
    const present = Object.entries<Record<string, unknown>>(contract.paths).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(calls.filter((call) => !present.includes(call))).toEqual([])
  })
})
