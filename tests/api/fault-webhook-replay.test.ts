import { describe, expect, inject, it } from 'vitest'
import { webhookReplay } from '../fault/scenarios.ts'

// Paystack retries a webhook until it hears 200, and a network can deliver one twice: the same
// charge.success, 100 times across two instances (half of them at once), is credited once.

const template = inject('postgresTemplate')

describe.skipIf(!template)(
  template
    ? 'a payment webhook replayed across two instances (PostgreSQL)'
    : 'a payment webhook replayed (skipped: no PostgreSQL server answered)',
  () => {
    it('settles the payment once: one booking, one receipt, no refund, 200 every time', async () => {
      if (!template) return
      const result = await webhookReplay({ adminUrl: template.adminUrl, prefix: template.prefix })
      console.log(result.figure)
      expect(result).toMatchObject({
        statuses: { 200: 100 },
        settled: 1,
        confirmed: 1,
        receipts: 1,
        refunds: 0,
      })
    }, 120_000)
  },
)
