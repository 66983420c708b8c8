import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, wallets, walletTransactions } from '../../server/db/schema.ts'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { debitWallet, spot, UNLIMITED, walletBooks } from '../support/bookings.ts'
import { createRoles, type RoleSet } from '../support/roles.ts'
import {
  answerSandbox,
  createWallet,
  payerOf,
  startTopUp,
  topUpBody,
  walletsOutOfBalance,
} from '../support/wallet-topup.ts'

// The wallet ledger: every credit and debit is a ledger row written with the balance, so the
// balance always equals the sum of the ledger; wallets are created once per person; a wallet's
// history and money are for those who may use it.

const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'

/** Co-working with two guests: ₦5,000 for a member, on one of ten space-and-day pairs. */
const coworking = (who: { Email: string; Name: string }, i: number) =>
  spot({
    Email: who.Email,
    Name: who.Name,
    Venue: ['The Garden Room', 'Courtyard'][i % 2],
    Date: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'][i % 5],
    Visitors: 2,
    'Names of Visitors': 'Tolu, Ngozi',
    Amount: 500_000,
  })

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('the wallet ledger', () => {
    let api: TestApi
    let world: RoleSet

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      world = await createRoles(api.db, api.now)
    })
    afterAll(() => api?.close())

    const history = (walletId: string, token?: string) =>
      api.app.inject({
        url: `/api/wallets/history/${walletId}`,
        headers: token ? bearer(token) : {},
      })

    describe('POST /api/wallets', () => {
      it('creates an empty naira wallet once; a second call answers the same wallet', async () => {
        const token = world.people.otherMember.token
        const first = await api.app.inject({
          method: 'POST',
          url: '/api/wallets',
          headers: bearer(token),
        })
        expect(first.statusCode).toBe(201)
        const body = first.json()
        expect(body).toMatchObject({
          status: 'success',
          message: 'Your wallet is ready.',
          data: {
            userWallet: { Balance: 0, Currency: 'NGN', Name: 'Kemi Adeyemi' },
            communityWallets: [],
          },
        })
        const again = await api.app.inject({
          method: 'POST',
          url: '/api/wallets',
          headers: bearer(token),
        })
        expect(again.statusCode).toBe(201)
        expect(again.json()).toEqual({ ...body, message: 'You already have a wallet.' })
        // GET /wallets shows it.
        const listed = await api.app.inject({ url: '/api/wallets', headers: bearer(token) })
        expect(listed.json().data.userWallet).toEqual(body.data.userWallet)
      })

      it('20 concurrent calls create exactly one wallet', async () => {
        const zainab = world.people.creator
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            api.app.inject({ method: 'POST', url: '/api/wallets', headers: bearer(zainab.token) }),
          ),
        )
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201))
        const ids = new Set(answers.map((r) => r.json().data.userWallet.id))
        expect(ids.size).toBe(1)
        const rows = await api.db
          .select()
          .from(wallets)
          .where(eq(wallets.accountId, zainab.accountId))
        expect(rows).toHaveLength(1)
        // Her community's wallet is still listed beside it.
        expect(answers[0]?.json().data.communityWallets).toEqual([
          expect.objectContaining({ id: world.communities.collective.walletId }),
        ])
      })

      it('answers 401 without a live session', async () => {
        expectError(
          await api.app.inject({ method: 'POST', url: '/api/wallets' }),
          401,
          'Please log in.',
        )
        expectError(
          await api.app.inject({
            method: 'POST',
            url: '/api/wallets',
            headers: bearer(madeUpToken()),
          }),
          401,
          'Login session has expired',
        )
      })
    })

    describe('GET /api/wallets/history/{walletId}', () => {
      it('shows the owner their ledger, latest first, as the ledger holds it', async () => {
        const walletId = world.people.member.walletId ?? ''
        const response = await history(walletId, world.people.member.token)
        expect(response.statusCode).toBe(200)
        const rows = await api.db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.walletId, walletId))
        const body = response.json()
        expect(body.status).toBe('success')
        expect(body.data).toHaveLength(rows.length)
        expect(body.data.map((t: { _id: string }) => t._id).sort()).toEqual(
          rows.map((r) => r.id).sort(),
        )
        const times = body.data.map((t: { createdAt: string }) => Date.parse(t.createdAt))
        expect(times).toEqual(times.toSorted((a: number, b: number) => b - a))
        expect(body.data.at(-1)).toMatchObject({
          difference: 3_000_000,
          action: 'credit',
          narration: 'Wallet top-up',
          note: 'Paid by bank transfer',
          actor: 'ada@example.com',
        })
      })

      it('a new wallet has no transactions', async () => {
        const tunde = await signIn(api, 'tunde@example.com')
        const walletId = await createWallet(api, tunde)
        const response = await history(walletId, tunde)
        expect(response.json()).toEqual({
          status: 'success',
          message: 'No transactions found',
          data: [],
        })
      })

      it('nobody else reads a personal wallet', async () => {
        const walletId = world.people.member.walletId ?? ''
        for (const role of ['otherMember', 'creator', 'communityMember', 'guest'] as const) {
          expectError(
            await history(walletId, world.people[role].token),
            403,
            'This is not your wallet.',
          )
        }
        expectError(await history(walletId), 401, 'Please log in.')
      })

      it('a community wallet is read by its creator and active members only', async () => {
        const walletId = world.communities.collective.walletId
        for (const role of ['creator', 'communityMember'] as const) {
          const response = await history(walletId, world.people[role].token)
          expect(response.statusCode).toBe(200)
          expect(response.json().data[0]).toMatchObject({ narration: 'Community top-up' })
        }
        for (const role of ['otherCommunityMember', 'member', 'guest'] as const) {
          expectError(
            await history(walletId, world.people[role].token),
            403,
            'This is not your wallet.',
          )
        }
      })

      it('answers 404 for a wallet that does not exist', async () => {
        expectError(
          await history(SOME_ID, world.people.member.token),
          404,
          'This wallet does not exist.',
        )
      })
    })

    it('a member of another community cannot debit the community wallet', async () => {
      const walletId = world.communities.collective.walletId
      const before = await walletBooks(api.db, walletId)
      const sade = world.people.otherCommunityMember
      const response = await debitWallet(
        api,
        walletId,
        {
          debitAmount: 500_000,
          narration: 'Book a spot',
          booking: coworking({ Email: sade.email, Name: sade.name }, 0),
        },
        { token: sade.token },
      )
      expectError(response, 403, 'This is not your wallet.')
      expect(await walletBooks(api.db, walletId)).toEqual(before)
      const theirs = await api.db.select().from(bookings).where(eq(bookings.email, sade.email))
      expect(theirs).toEqual([])
    })

    it('200 concurrent debits never overdraw a wallet topped up by card', async () => {
      // Kemi's own wallet, funded with ₦50,000 through the sandbox: ten ₦5,000 debits fit.
      const kemi = world.people.otherMember
      const walletId = await createWallet(api, kemi.token)
      const payer = await payerOf(api.db, kemi.email)
      const start = await startTopUp(api, kemi.token, topUpBody(payer, walletId, 5_000_000))
      await answerSandbox(api, start, 'pay')
      expect((await walletBooks(api.db, walletId)).balance).toBe(5_000_000)

      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          debitWallet(
            api,
            walletId,
            {
              debitAmount: 500_000,
              narration: 'Book a spot',
              // Each for a friend of Kemi's, under the friend's own e-mail: a person holds one
              // co-working day, so two hundred debits are two hundred people.
              booking: coworking(
                { Email: `friend.${i}.of.kemi@example.com`, Name: `Friend ${i} of ${kemi.name}` },
                i,
              ),
            },
            { token: kemi.token, address: `198.51.101.${i}` },
          ),
        ),
      )
      const booked = answers.filter((r) => r.statusCode === 201).length
      const refused = answers.filter(
        (r) =>
          r.statusCode === 402 &&
          r.json().message === 'Your wallet balance is too low for this booking.',
      ).length
      console.log(
        `200 concurrent wallet debits of ₦5,000 from ₦50,000 (${kind}): ${booked} paid, ${refused} refused for balance`,
      )
      expect({ booked, refused }).toEqual({ booked: 10, refused: 190 })
      expect(await walletBooks(api.db, walletId)).toEqual({ balance: 0, ledger: 0, debits: 10 })
      // The history shows the credit and the ten debits.
      const rows = (await history(walletId, kemi.token)).json().data as { action: string }[]
      expect(rows.map((row) => row.action).sort()).toEqual(['credit', ...Array(10).fill('debit')])
    }, 120_000)

    it('every wallet’s balance equals the sum of its ledger', async () => {
      expect(await walletsOutOfBalance(api.db)).toEqual([])
    })
  })
})
