import { describe, expect, inject, it } from 'vitest'
import { killedBetweenInitiationAndReturn } from '../fault/scenarios.ts'

// A server process dies (SIGKILL) while people are paying through it: the payments it started
// are finished by the other instance, from the browser's return or Paystack's webhook retry,
// each exactly once.

const template = inject('postgresTemplate')

describe.skipIf(!template)(
  template
    ? 'an instance killed between payment initiation and the return (PostgreSQL)'
    : 'an instance killed mid-payment (skipped: no PostgreSQL server answered)',
  () => {
    it('loses no payment and doubles none: each is booked once, with one receipt', async () => {
      if (!template) return
      const result = await killedBetweenInitiationAndReturn({
        adminUrl: template.adminUrl,
        prefix: template.prefix,
      })
      console.log(result.figure)
      // The kill came before every payment was settled, so the other instance had work to do.
      expect(result.killed).toBe(true)
      expect(result.leftPending).toBeGreaterThan(0)
      expect(result.settledBeforeKill + result.leftPending).toBe(result.payments)
      expect(result).toMatchObject({
        settled: result.payments,
        confirmed: result.payments,
        held: 0,
        doubled: 0,
        receipts: result.payments,
        refunds: 0,
        failedCalls: 0,
      })
    }, 120_000)
  },
)
