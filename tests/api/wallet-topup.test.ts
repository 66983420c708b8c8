import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMinor } from '../../machines/rules/money.ts'
import {
  communities,
  communityMembers,
  payments,
  wallets,
  walletTransactions,
} from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, UNLIMITED, walletBooks } from '../support/bookings.ts'
import { type FakePaystack, startApiWithPaystack } from '../support/fake-paystack.ts'
import { createRoles, OTHER_COMMUNITY, type RoleSet } from '../support/roles.ts'
import {
  answerSandbox,
  createWallet,
  initiate,
  payerOf,
  sandboxWebhook,
  startTopUp,
  topUpBody,
  walletsOutOfBalance,
} from '../support/wallet-topup.ts'

// Wallet top-ups by card (spec section 7): an active member funds their own wallet, or their
// community's, with ₦1,000 or more; the wallet is credited once per payment reference, from the
// webhook or the return, whichever comes first, with a ledger row written with the balance.

const MINIMUM = 'The minimum top-up is ₦1,000 (Amount 100000 in kobo).'
const SUSPENDED =
  'Wallet suspended: only active members can fund a wallet. Renew your membership first.'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('wallet top-ups through the sandbox checkout', () => {
    let api: TestApi
    let world: RoleSet
    let adaWallet: string
    let collectiveWallet: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      world = await createRoles(api.db, api.now)
      adaWallet = world.people.member.walletId ?? ''
      collectiveWallet = world.communities.collective.walletId
    })
    afterAll(() => api?.close())

    const ledgerOf = (walletId: string) =>
      api.db.select().from(walletTransactions).where(eq(walletTransactions.walletId, walletId))

    it('an active member tops up ₦5,000: one credit in the ledger, the balance, a receipt', async () => {
      const ada = await payerOf(api.db, 'ada@example.com')
      const before = await walletBooks(api.db, adaWallet)
      const start = await startTopUp(
        api,
        world.people.member.token,
        topUpBody(ada, adaWallet, 500_000),
      )
      const { page, back } = await answerSandbox(api, start, 'pay')
      // The checkout says what is being bought, and for how much.
      expect(page).toContain('Wallet top-up')
      expect(page).toContain('₦5,000.00')
      // Back to the wallet page with the reference.
      expect(back.pathname).toBe('/profile/wallet')
      expect(back.searchParams.get('reference')).toBe(start.reference)
      const verified = await api.app.inject({ url: `/api/payments/verify/${start.reference}` })
      expect(verified.json().data).toEqual({
        reference: start.reference,
        status: 'success',
        purpose: 'topup',
      })

      const after = await walletBooks(api.db, adaWallet)
      expect(after.balance).toBe(before.balance + 500_000)
      expect(after.ledger).toBe(after.balance)

      // The wallet page shows the new balance and the credit on top of the history.
      const listed = await api.app.inject({
        url: '/api/wallets',
        headers: bearer(world.people.member.token),
      })
      expect(listed.json().data.userWallet.Balance).toBe(after.balance)
      const history = await api.app.inject({
        url: `/api/wallets/history/${adaWallet}`,
        headers: bearer(world.people.member.token),
      })
      expect(history.statusCode).toBe(200)
      expect(history.json().data[0]).toMatchObject({
        difference: 500_000,
        action: 'credit',
        narration: 'Wallet top-up',
        actor: 'ada@example.com',
        note: `Card payment ${start.reference}`,
      })

      // The payments list shows it as a top-up; one receipt says what the wallet holds now.
      const paid = await api.app.inject({
        url: `/api/payments/${ada.id}`,
        headers: bearer(world.people.member.token),
      })
      expect(paid.json().payments[0]).toMatchObject({
        Reference: start.reference,
        Plan: 'topup',
        Currency: 'NGN',
        Amount: 500_000,
        Status: 'success',
      })
      const receipts = (await mailTo(api.db, 'ada@example.com')).filter((m) =>
        m.subject.startsWith('Your wallet was topped up'),
      )
      expect(receipts.map((m) => m.subject)).toEqual(['Your wallet was topped up with ₦5,000.00'])
      expect(receipts[0]?.text).toContain(start.reference)
      expect(receipts[0]?.text).toContain(`now holds ${formatMinor(after.balance, 'NGN')}.`)
    })

    it('a replayed webhook, racing the returns, credits the wallet once', async () => {
      const kemi = await payerOf(api.db, 'kemi@example.com')
      const token = world.people.otherMember.token
      const walletId = await createWallet(api, token)
      const start = await startTopUp(api, token, topUpBody(kemi, walletId, 1_234_500))
      await answerSandbox(api, start, 'pay')
      expect((await walletBooks(api.db, walletId)).balance).toBe(1_234_500)
      const calls = await Promise.all([
        ...Array.from({ length: 10 }, () => sandboxWebhook(api, start.reference)),
        ...Array.from({ length: 5 }, () =>
          api.app.inject({ url: `/api/payments/verify/${start.reference}` }),
        ),
      ])
      expect(calls.map((call) => call.statusCode)).toEqual(Array(15).fill(200))
      expect(await walletBooks(api.db, walletId)).toEqual({
        balance: 1_234_500,
        ledger: 1_234_500,
        debits: 0,
      })
      const credits = await ledgerOf(walletId)
      expect(credits.map((row) => [row.action, row.difference, row.reference])).toEqual([
        ['credit', 1_234_500, start.reference],
      ])
      const receipts = (await mailTo(api.db, 'kemi@example.com')).filter((m) =>
        m.subject.startsWith('Your wallet was topped up'),
      )
      expect(receipts).toHaveLength(1)
    })

    it('a declined or cancelled top-up credits nothing and says why', async () => {
      const ada = await payerOf(api.db, 'ada@example.com')
      const before = await walletBooks(api.db, adaWallet)
      for (const [outcome, note] of [
        ['decline', 'The card payment was declined: the wallet was not credited.'],
        ['cancel', 'The card payment was cancelled before paying: the wallet was not credited.'],
      ] as const) {
        const start = await startTopUp(
          api,
          world.people.member.token,
          topUpBody(ada, adaWallet, 200_000),
        )
        await answerSandbox(api, start, outcome)
        await api.app.inject({ url: `/api/payments/verify/${start.reference}` })
        const [payment] = await api.db
          .select()
          .from(payments)
          .where(eq(payments.reference, start.reference))
        expect(payment?.outcomeNote).toBe(note)
      }
      expect(await walletBooks(api.db, adaWallet)).toEqual(before)
    })

    it('a top-up below ₦1,000 is refused with 400 and starts no payment', async () => {
      const ada = await payerOf(api.db, 'ada@example.com')
      const countBefore = (await api.db.select().from(payments)).length
      // ₦999.99.
      expectError(
        await initiate(api, topUpBody(ada, adaWallet, 99_999), world.people.member.token),
        400,
        MINIMUM,
      )
      // 1000 sent as if it were kobo in the payment (₦10): refused by the rule, clearly.
      const tenNaira = topUpBody(ada, adaWallet, 100_000)
      expectError(
        await initiate(
          api,
          { ...tenNaira, payment: { ...tenNaira.payment, Amount: 1000 } },
          world.people.member.token,
        ),
        400,
        MINIMUM,
      )
      // Exactly ₦1,000 is accepted.
      await startTopUp(api, world.people.member.token, topUpBody(ada, adaWallet, 100_000))
      expect((await api.db.select().from(payments)).length).toBe(countBefore + 1)
    })

    it('refuses dollars, amounts that disagree, and a call without a session', async () => {
      const ada = await payerOf(api.db, 'ada@example.com')
      const body = topUpBody(ada, adaWallet, 500_000)
      const token = world.people.member.token
      expectError(
        await initiate(api, { ...body, payment: { ...body.payment, Currency: 'USD' } }, token),
        400,
        'Wallets are topped up in naira: send Currency NGN.',
      )
      expectError(
        await initiate(api, { ...body, booking: { ...body.booking, Amount: 600_000 } }, token),
        400,
        'payment.Amount and booking.Amount must be the same top-up amount, in kobo.',
      )
      const { walletId: _, ...noWallet } = body.payment
      expectError(
        await initiate(api, { ...body, payment: noWallet }, token),
        400,
        "A wallet top-up sends payment.Plan 'topup', payment.walletId and a booking of Type 'wallet-topup'.",
      )
      expectError(await initiate(api, body), 401, 'Please log in to top up your wallet.')
    })

    it('an inactive member cannot top up: 403 Wallet suspended', async () => {
      const tunde = await signIn(api, 'tunde@example.com')
      const payer = await payerOf(api.db, 'tunde@example.com')
      // Anyone signed in may have a wallet; funding it needs an active membership.
      const walletId = await createWallet(api, tunde)
      expectError(await initiate(api, topUpBody(payer, walletId, 500_000), tunde), 403, SUSPENDED)
      expect(await walletBooks(api.db, walletId)).toEqual({ balance: 0, ledger: 0, debits: 0 })
    })

    it('only the owner tops up a personal wallet; only the community funds its wallet', async () => {
      const kemi = await payerOf(api.db, 'kemi@example.com')
      expectError(
        await initiate(api, topUpBody(kemi, adaWallet, 500_000), world.people.otherMember.token),
        403,
        'This is not your wallet.',
      )
      // Paying as someone else is refused too.
      const ada = await payerOf(api.db, 'ada@example.com')
      expectError(
        await initiate(api, topUpBody(ada, adaWallet, 500_000), world.people.otherMember.token),
        403,
        'You may only pay as yourself: Account must be your own id.',
      )
      // A member of another community, and a pending member, may not fund the collective's.
      const sade = await payerOf(api.db, OTHER_COMMUNITY.member.email)
      expectError(
        await initiate(
          api,
          topUpBody(sade, collectiveWallet, 500_000),
          world.people.otherCommunityMember.token,
        ),
        403,
        'This is not your wallet.',
      )
      // Tunde, invited to the collective and not yet a member.
      const [collective] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.id, world.communities.collective.id))
      await api.db.insert(communityMembers).values({
        communityId: collective?.id ?? '',
        email: 'tunde@example.com',
        status: 'Pending',
      })
      const tunde = await payerOf(api.db, 'tunde@example.com')
      expectError(
        await initiate(
          api,
          topUpBody(tunde, collectiveWallet, 500_000),
          await signIn(api, 'tunde@example.com'),
        ),
        403,
        'This is not your wallet.',
      )
      // No such wallet.
      expectError(
        await initiate(
          api,
          topUpBody(kemi, '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14', 500_000),
          world.people.otherMember.token,
        ),
        404,
        'This wallet does not exist.',
      )
      // An active member of the collective funds its wallet.
      const before = await walletBooks(api.db, collectiveWallet)
      const femi = await payerOf(api.db, 'femi@example.com')
      const start = await startTopUp(
        api,
        world.people.communityMember.token,
        topUpBody(femi, collectiveWallet, 1_000_000),
      )
      await answerSandbox(api, start, 'pay')
      const after = await walletBooks(api.db, collectiveWallet)
      expect(after.balance).toBe(before.balance + 1_000_000)
      const [credit] = await api.db
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.walletId, collectiveWallet),
            eq(walletTransactions.reference, start.reference),
          ),
        )
      expect(credit).toMatchObject({ action: 'credit', actor: 'femi@example.com' })
    })

    it('every wallet’s balance equals the sum of its ledger', async () => {
      expect(await walletsOutOfBalance(api.db)).toEqual([])
    })
  })
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('wallet top-ups with Paystack (a local fake)', () => {
    let api: TestApi
    let fake: FakePaystack
    let ada: string
    let adaWallet: string

    beforeAll(async () => {
      const started = await startApiWithPaystack(kind)
      api = started.api
      fake = started.fake
      ada = await signIn(api, 'ada@example.com')
      const [wallet] = await api.db.select().from(wallets).where(isNotNull(wallets.accountId))
      adaWallet = wallet?.id ?? ''
    })
    afterAll(async () => {
      await api?.close()
      await fake?.close()
    })

    it('the webhook credits once, however often Paystack resends it', async () => {
      const payer = await payerOf(api.db, 'ada@example.com')
      const before = await walletBooks(api.db, adaWallet)
      const start = await startTopUp(api, ada, {
        ...topUpBody(payer, adaWallet, 750_000),
        booking: { ...topUpBody(payer, adaWallet, 750_000).booking, 'Paid with': 'paystack' },
      })
      expect(fake.transactions.get(start.reference)).toMatchObject({
        amount: 750_000,
        currency: 'NGN',
        email: 'ada@example.com',
      })
      const { webhook } = await fake.pay(start.reference)
      expect(webhook.attempts).toEqual([200])
      for (let i = 0; i < 3; i++) {
        expect((await fake.resendWebhook(start.reference)).attempts).toEqual([200])
      }
      const after = await walletBooks(api.db, adaWallet)
      expect(after).toEqual({
        balance: before.balance + 750_000,
        ledger: before.balance + 750_000,
        debits: before.debits,
      })
    })

    it('a charge of another amount is refunded and credits nothing', async () => {
      const payer = await payerOf(api.db, 'ada@example.com')
      const before = await walletBooks(api.db, adaWallet)
      const start = await startTopUp(api, ada, topUpBody(payer, adaWallet, 500_000))
      await fake.pay(start.reference, { charged: 100 })
      expect(await walletBooks(api.db, adaWallet)).toEqual(before)
      expect(fake.refunds()).toContainEqual({ reference: start.reference, amount: 100 })
      const [payment] = await api.db
        .select()
        .from(payments)
        .where(eq(payments.reference, start.reference))
      expect(payment).toMatchObject({
        status: 'refunded',
        outcomeNote:
          'The amount charged did not match the top-up, so the wallet was not credited and the full amount is being refunded to your card.',
      })
      const mail = await mailTo(api.db, 'ada@example.com')
      expect(mail.map((m) => m.subject)).toContain(
        'Your payment of ₦1.00 is being refunded: your wallet was not credited',
      )
      expect(await walletsOutOfBalance(api.db)).toEqual([])
    })
  })
})
