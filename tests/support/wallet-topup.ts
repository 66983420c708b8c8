import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { components } from '../../openapi/schema'
import type { Db } from '../../server/db/client.ts'
import { accounts, wallets, walletTransactions } from '../../server/db/schema.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET } from '../../server/payments/provider.ts'
import { bearer, type TestApi } from './api-app.ts'

// Wallet top-ups as the wallet page starts them (spec section 7), and the sandbox checkout's
// buttons, for the wallet API tests.

export type Authorization = components['schemas']['Authorization']

/** What the top-up panel sends for `amountMinor` kobo into `walletId`, paid by this account. */
export function topUpBody(
  payer: { id: string; email: string; name: string },
  walletId: string,
  amountMinor: number,
) {
  return {
    callbackUrl: '/profile/wallet',
    email: payer.email,
    payment: {
      Amount: amountMinor,
      Currency: 'NGN',
      Account: [payer.id],
      Plan: 'topup',
      walletId,
    },
    booking: {
      Email: payer.email,
      Name: payer.name,
      Type: 'wallet-topup',
      Amount: amountMinor,
      'Paid with': 'sandbox',
      'Payment Reference': null,
    },
  }
}

/** POST /api/payments/initiate with this body, signed in with `token` (none: no header). */
export function initiate(api: TestApi, body: object, token?: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    payload: body,
    headers: token ? bearer(token) : {},
  })
}

/** The account's id, e-mail and name as the top-up body carries them. */
export async function payerOf(db: Db, email: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email))
  if (!row) throw new Error(`no account ${email}`)
  return { id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}` }
}

/** Starts a top-up that must be accepted (201); its authorization. */
export async function startTopUp(
  api: TestApi,
  token: string,
  body: ReturnType<typeof topUpBody>,
): Promise<Authorization> {
  const response = await initiate(api, body, token)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

/**
 * The payer presses a button on the sandbox checkout page (a payment also sends the signed
 * webhook); returns the page's text and the address the browser is sent back to.
 */
export async function answerSandbox(
  api: TestApi,
  start: Authorization,
  outcome: 'pay' | 'decline' | 'cancel',
): Promise<{ page: string; back: URL }> {
  const path = new URL(start.authorization_url).pathname
  const page = await api.app.inject({ url: path })
  expect(page.statusCode).toBe(200)
  const done = await api.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  })
  expect(done.statusCode).toBe(303)
  return { page: page.body, back: new URL(String(done.headers.location)) }
}

/** The sandbox's charge.success webhook for a reference, signed as the sandbox signs it. */
export function sandboxWebhook(api: TestApi, reference: string): Promise<LightMyRequestResponse> {
  const body = JSON.stringify({ event: 'charge.success', data: { reference } })
  const signature = createHmac('sha512', DEFAULT_SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: body,
  })
}

/** POST /api/wallets as this person: their wallet's id (created or existing). */
export async function createWallet(api: TestApi, token: string): Promise<string> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/wallets',
    headers: bearer(token),
  })
  expect(response.statusCode, response.body).toBe(201)
  const id = response.json().data.userWallet?.id
  expect(typeof id).toBe('string')
  return id as string
}

/**
 * Puts `amountMinor` into a wallet as a top-up leaves it (a credit in the ledger and the balance
 * moved by it, so the ledger still adds up): a payer's money before a test spends it.
 */
export async function fundWallet(
  db: Db,
  wallet: { walletId: string; actor: string; reference: string; at: Date },
  amountMinor: number,
): Promise<void> {
  await db.insert(walletTransactions).values({
    walletId: wallet.walletId,
    difference: amountMinor,
    action: 'credit',
    narration: 'Wallet top-up',
    actor: wallet.actor,
    reference: wallet.reference,
    createdAt: wallet.at,
  })
  await db
    .update(wallets)
    .set({ balanceMinor: sql`${wallets.balanceMinor} + ${amountMinor}` })
    .where(eq(wallets.id, wallet.walletId))
}

/** Wallets whose balance is not the sum of their ledger (credits less debits): none, ever. */
export async function walletsOutOfBalance(db: Db) {
  const all = await db.select().from(wallets)
  const rows = await db.select().from(walletTransactions)
  expect(all.length).toBeGreaterThan(0)
  const ledger = new Map<string, number>()
  for (const row of rows) {
    const signed = row.action === 'credit' ? row.difference : -row.difference
    ledger.set(row.walletId, (ledger.get(row.walletId) ?? 0) + signed)
  }
  return all
    .map((wallet) => ({
      id: wallet.id,
      balance: wallet.balanceMinor,
      ledger: ledger.get(wallet.id) ?? 0,
    }))
    .filter((row) => row.balance !== row.ledger)
}
