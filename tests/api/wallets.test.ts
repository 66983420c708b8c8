import { and, eq, isNotNull, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, bookings, wallets, walletTransactions } from '../../server/db/schema.ts'
import { DEMO_WALLET_BALANCE_MINOR } from '../../server/db/seed.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import {
  DAYS,
  debitWallet,
  jazz,
  mailTo,
  poetry,
  spot,
  studio,
  UNLIMITED,
  walletBooks,
} from '../support/bookings.ts'

const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }
const FEMI = { Email: 'femi@example.com', Name: 'Femi Johnson', Phone: '+234 802 555 0141' }

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('wallets', () => {
    let api: TestApi
    let ada: string
    let femi: string
    let kemi: string
    let tunde: string
    let adaWallet: string
    let collectiveWallet: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      ada = await signIn(api, 'ada@example.com')
      femi = await signIn(api, 'femi@example.com')
      kemi = await signIn(api, 'kemi@example.com')
      tunde = await signIn(api, 'tunde@example.com')
      const [personal] = await api.db.select().from(wallets).where(isNotNull(wallets.accountId))
      const [shared] = await api.db.select().from(wallets).where(isNotNull(wallets.communityId))
      adaWallet = personal?.id ?? ''
      collectiveWallet = shared?.id ?? ''
    })
    afterAll(() => api?.close())

    const balanceOf = async (walletId: string) => (await walletBooks(api.db, walletId)).balance

    describe('GET /api/wallets', () => {
      it('answers the person’s wallet and the wallets of their communities', async () => {
        const response = await api.app.inject({ url: '/api/wallets', headers: bearer(femi) })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({
          status: 'success',
          message: 'Your wallets.',
          data: {
            userWallet: null,
            communityWallets: [
              {
                id: collectiveWallet,
                Balance: 5_000_000,
                Currency: 'NGN',
                Name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
              },
            ],
          },
        })
        const adas = await api.app.inject({ url: '/api/wallets', headers: bearer(ada) })
        expect(adas.json().data).toEqual({
          userWallet: {
            id: adaWallet,
            Balance: DEMO_WALLET_BALANCE_MINOR,
            Currency: 'NGN',
            Name: 'Ada Okafor',
          },
          communityWallets: [],
        })
      })

      it('answers 401 without a session', async () => {
        expectError(await api.app.inject({ url: '/api/wallets' }), 401, 'Please log in.')
      })
    })

    describe('POST /api/wallets/debit/{walletId}', () => {
      it('takes the friends price, writes the ledger, the booking and the receipt together', async () => {
        const before = await walletBooks(api.db, adaWallet)
        const response = await debitWallet(
          api,
          adaWallet,
          {
            debitAmount: 300_000,
            narration: 'Listening Session',
            // Ada holds a Rooftop Jazz ticket already (the demo data); this is her second event.
            booking: jazz({
              ...ADA,
              Event: 'listening-session',
              Venue: 'Library',
              Date: '2026-11-25',
              'Time Slot': '7pm - 10pm',
              Amount: 300_000,
            }),
          },
          { token: ada },
        )
        expect(response.statusCode).toBe(201)
        const { data } = response.json()
        expect(data.transaction).toMatchObject({
          difference: 300_000,
          action: 'debit',
          narration: 'Listening Session',
          actor: 'ada@example.com',
        })
        expect(data.booking).toMatchObject({
          Event: 'Listening Session',
          Amount: 300_000,
          'Paid with': 'wallet',
          'Payment Reference': 'Wallet transaction',
          Status: 'confirmed',
        })
        const after = await walletBooks(api.db, adaWallet)
        expect(after.balance).toBe(before.balance - 300_000)
        expect(after.ledger).toBe(after.balance)
        const receipt = (await mailTo(api.db, 'ada@example.com')).at(-1)
        expect(receipt?.text).toContain('Amount: ₦3,000.00, paid from your wallet')
        expect(receipt?.attachments.map((a) => a.filename)).toEqual([
          'listening-session.ics',
          'ticket.png',
        ])
      })

      it('pays from a community wallet for an active member of the community', async () => {
        const response = await debitWallet(
          api,
          collectiveWallet,
          {
            debitAmount: 3_000_000,
            narration: 'Print Studio Session',
            booking: studio({ ...FEMI }),
          },
          { token: femi },
        )
        expect(response.statusCode).toBe(201)
        expect(response.json().data.booking['Paid with']).toBe('community-wallet')
        expect(await balanceOf(collectiveWallet)).toBe(2_000_000)
      })

      it('refuses someone else’s wallet (403), a community it is not in, and no wallet (404)', async () => {
        const body = { debitAmount: 500_000, narration: 'Book a spot', booking: spot() }
        expectError(
          await debitWallet(api, adaWallet, body, { token: kemi }),
          403,
          'This is not your wallet.',
        )
        expectError(
          await debitWallet(api, collectiveWallet, body, { token: tunde }),
          403,
          'This is not your wallet.',
        )
        expectError(
          await debitWallet(api, '00000000-0000-4000-8000-000000000000', body, { token: kemi }),
          404,
          'This wallet does not exist.',
        )
        expectError(await debitWallet(api, adaWallet, body), 401, 'Please log in.')
      })

      it('refuses a debitAmount other than the price, and a null one for a priced booking', async () => {
        const before = await walletBooks(api.db, adaWallet)
        const price =
          'The price has changed: this booking costs ₦8,000. Please review and try again.'
        const booking = jazz({ ...ADA, Amount: null })
        for (const debitAmount of [100, null, 1_000_000]) {
          expectError(
            await debitWallet(
              api,
              adaWallet,
              { debitAmount, narration: 'Rooftop Jazz', booking },
              { token: ada },
            ),
            400,
            price,
          )
        }
        expect(await walletBooks(api.db, adaWallet)).toEqual(before)
      })

      it('answers 402 when the balance is too low, and takes nothing', async () => {
        const before = await walletBooks(api.db, adaWallet)
        expectError(
          await debitWallet(
            api,
            adaWallet,
            {
              debitAmount: 3_000_000,
              narration: 'Print Studio Session',
              booking: studio({ ...ADA }),
            },
            { token: ada },
          ),
          402,
          'Your wallet balance is too low for this booking.',
        )
        expect(await walletBooks(api.db, adaWallet)).toEqual(before)
        const studioBookings = await api.db
          .select()
          .from(bookings)
          .where(and(eq(bookings.email, 'ada@example.com'), eq(bookings.type, 'print-studio')))
        expect(studioBookings).toEqual([])
      })

      it('takes no money when the place is gone (409 Sold out)', async () => {
        const before = await walletBooks(api.db, adaWallet)
        expectError(
          await debitWallet(
            api,
            adaWallet,
            {
              debitAmount: 3_000_000,
              narration: 'Supper Club',
              booking: jazz({
                ...ADA,
                Event: 'supper-club',
                Date: DAYS.supper,
                'Time Slot': '7pm - 11pm',
                Amount: null,
              }),
            },
            { token: ada },
          ),
          409,
          'Sold out',
        )
        expect(await walletBooks(api.db, adaWallet)).toEqual(before)
      })

      it('books a free booking with debitAmount null and no ledger row', async () => {
        const before = await walletBooks(api.db, adaWallet)
        const response = await debitWallet(
          api,
          adaWallet,
          { debitAmount: null, narration: 'Poetry & Palm Wine', booking: poetry({ ...ADA }) },
          { token: ada },
        )
        expect(response.statusCode).toBe(201)
        expect(response.json().data).toMatchObject({
          transaction: null,
          booking: { 'Paid with': 'free', Amount: 0 },
        })
        expect(await walletBooks(api.db, adaWallet)).toEqual(before)
      })
    })

    describe('50 concurrent debits', () => {
      it('never overdraw, and the ledger adds up to the balance', async () => {
        // A fresh ₦25,000 wallet for Zainab; co-working with 2 guests costs a member ₦5,000, so
        // exactly five of the fifty fit, whatever order they run in.
        const zainab = await signIn(api, 'zainab@example.com')
        const walletId = await topUpNewWallet('zainab@example.com', 2_500_000)
        const debits = Array.from({ length: 50 }, (_, i) =>
          debitWallet(
            api,
            walletId,
            {
              debitAmount: 500_000,
              narration: 'Book a spot',
              // Zainab pays for fifty friends, each booked under their own e-mail (one co-working
              // day per person).
              booking: spot({
                Email: `friend.${i}.of.zainab@example.com`,
                Name: `Friend ${i} of Zainab Bello`,
                // Spread over the spaces and days, so places never run out before money does.
                Venue: ['The Garden Room', 'Courtyard'][i % 2],
                Date: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'][i % 5],
                Visitors: 2,
                'Names of Visitors': 'Tolu, Ngozi',
                Amount: 500_000,
              }),
            },
            { token: zainab, address: `198.51.100.${100 + i}` },
          ),
        )
        const answers = await Promise.all(debits)
        const codes = answers.map((r) => r.statusCode)
        const booked = codes.filter((c) => c === 201).length
        const refused = answers.filter(
          (r) =>
            r.statusCode === 402 &&
            r.json().message === 'Your wallet balance is too low for this booking.',
        ).length
        console.log(
          `50 concurrent wallet debits of ₦5,000 from ₦25,000 (${kind}): ${booked} paid, ${refused} refused for balance`,
        )
        expect({ booked, refused }).toEqual({ booked: 5, refused: 45 })
        const books = await walletBooks(api.db, walletId)
        expect(books).toEqual({ balance: 0, ledger: 0, debits: 5 })
        const paid = await api.db
          .select()
          .from(bookings)
          .where(
            and(
              like(bookings.email, 'friend.%.of.zainab@example.com'),
              eq(bookings.paidWith, 'wallet'),
            ),
          )
        expect(paid).toHaveLength(5)
      })
    })

    /** A new personal wallet with one top-up, balance and ledger written together. */
    async function topUpNewWallet(email: string, amount: number): Promise<string> {
      const [owner] = await api.db.select().from(accounts).where(eq(accounts.email, email))
      return api.db.transaction(async (tx) => {
        const [wallet] = await tx
          .insert(wallets)
          .values({ accountId: owner?.id ?? null, balanceMinor: amount })
          .returning()
        if (!wallet) throw new Error('no wallet')
        await tx.insert(walletTransactions).values({
          walletId: wallet.id,
          difference: amount,
          action: 'credit',
          narration: 'Wallet top-up',
          actor: email,
        })
        return wallet.id
      })
    }
  })
})
