import { randomBytes } from 'node:crypto'
import { and, eq, gte } from 'drizzle-orm'
import type { Db } from '../db/client'
import { type SandboxStatus, sandboxTransactions } from '../db/schema'
import {
  DEFAULT_SANDBOX_WEBHOOK_SECRET,
  hasValidSignature,
  type PaymentProvider,
  type ProviderStatus,
  providerUnavailable,
} from './provider'

/** Where the sandbox checkout page of an access code lives, on our own site. */
export const sandboxCheckoutPath = (accessCode: string) => `/sandbox/checkout/${accessCode}`

const STATUS: Record<SandboxStatus, ProviderStatus> = {
  pending: 'pending',
  success: 'success',
  failed: 'failed',
  abandoned: 'abandoned',
  // As Paystack's 'reversed': the money went back, nothing stays paid.
  refunded: 'failed',
}

/**
 * The default provider: a card provider of our own that moves no money. Its ledger is the
 * sandbox_transactions table (what Paystack keeps on its servers); its checkout page
 * (sandbox-checkout.ts) lets a tester pay, decline or cancel, then signs a webhook and sends the
 * browser back, exactly as Paystack does, so both ways of finalizing run on a fresh clone.
 */
export function sandboxProvider({
  db,
  now,
  webhookSecret = DEFAULT_SANDBOX_WEBHOOK_SECRET,
}: {
  db: Db
  now: () => Date
  webhookSecret?: string
}): PaymentProvider {
  return {
    name: 'sandbox',

    async initialize({ reference, email, amountMinor, currency, callbackUrl }) {
      const accessCode = randomBytes(12).toString('base64url')
      try {
        await db.insert(sandboxTransactions).values({
          reference,
          accessCode,
          email,
          amountMinor,
          currency,
          callbackUrl,
          createdAt: now(),
        })
      } catch {
        throw providerUnavailable()
      }
      // The checkout is served by this site: at the callback's origin, which is PUBLIC_URL's.
      const authorizationUrl = new URL(sandboxCheckoutPath(accessCode), callbackUrl).href
      return { authorizationUrl, accessCode }
    },

    async verify(reference) {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, reference))
      if (!row) throw providerUnavailable()
      return {
        status: STATUS[row.status],
        amountMinor: row.amountMinor,
        currency: row.currency,
        channel: row.status === 'pending' ? null : 'card',
      }
    },

    async refund(reference, amountMinor) {
      const refunded = await db
        .update(sandboxTransactions)
        .set({ status: 'refunded', refundedAt: now() })
        .where(
          and(
            eq(sandboxTransactions.reference, reference),
            eq(sandboxTransactions.status, 'success'),
            // A refund may be partial, never more than was paid.
            gte(sandboxTransactions.amountMinor, amountMinor),
          ),
        )
        .returning({ reference: sandboxTransactions.reference })
      if (refunded.length > 0) return 'refunded'
      // As Paystack: a refunded transaction says so (a resend after a crash), nothing moves twice.
      const [row] = await db
        .select({ status: sandboxTransactions.status })
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, reference))
      if (row?.status === 'refunded') return 'already-refunded'
      throw new Error(
        row
          ? `sandbox: cannot refund a ${row.status} transaction (or more than was paid)`
          : 'sandbox: no such transaction',
      )
    },

    isSignedWebhook(rawBody, signature) {
      return hasValidSignature(rawBody, signature, webhookSecret)
    },
  }
}
