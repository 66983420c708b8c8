import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renewalBanner } from '../../machines/rules/membership.ts'
import { membershipOf } from '../../machines/rules/profile.ts'
import { accounts, communities, communityMembers } from '../../server/db/schema.ts'
import { bearer, dbCases, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, UNLIMITED } from '../support/bookings.ts'
import { createWallet, initiate, payerOf, topUpBody } from '../support/wallet-topup.ts'

// A community application never lowers anyone: an active member who applies for a community while
// signed in keeps their own active membership until the community is paid, at every place the
// membership is read (the login, the profile and community the menu, profile and wallet pages
// combine, the wallet's top-up). And the other side: someone in an Active community is active
// through it, whatever their own account says.

const SUSPENDED =
  'Wallet suspended: only active members can fund a wallet. Renew your membership first.'

const communityOf = (creatorEmail: string) => ({
  communityName: 'Yaba Zine Club',
  aboutCommunity: 'Zine makers meeting monthly to print and swap.',
  communityGoals: 'A zine library open to students.',
  registered: false,
  numberOfMembers: 4,
  creatorEmail,
  application: null,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('a community application by a signed-in member', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
    })
    afterAll(() => api?.close())

    /** Logs in as a person does: asks for a link, spends the e-mailed token; the answer. */
    async function logIn(email: string) {
      const asked = await api.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email },
      })
      expect(asked.statusCode, asked.body).toBe(200)
      const [mail] = (await mailTo(api.db, email)).slice(-1)
      const token = mail?.text.match(/\/verify\?token=([A-Za-z0-9_-]+)/)?.[1]
      if (!token) throw new Error(`no login link e-mailed to ${email}`)
      const verified = await api.app.inject({
        url: `/api/accounts/verify-magic-link?token=${token}`,
      })
      expect(verified.statusCode, verified.body).toBe(200)
      return verified.json() as {
        token: string
        user: { id: string; subscriptionStatus: string | null }
      }
    }

    /** What the menu, /profile and /profile/wallet read: the profile and the first community. */
    async function membershipSeenBy(token: string) {
      const profile = await api.app.inject({ url: '/api/accounts/profile', headers: bearer(token) })
      expect(profile.statusCode, profile.body).toBe(200)
      const listed = await api.app.inject({ url: '/api/communities', headers: bearer(token) })
      expect(listed.statusCode, listed.body).toBe(200)
      const account = profile.json().account
      const community = listed.json().data[0] ?? null
      return { account, community, ...membershipOf(account, community) }
    }

    /** Whether the person may fund their own wallet (refused with 'Wallet suspended' otherwise). */
    async function topUpAnswer(email: string, token: string) {
      const wallets = await api.app.inject({ url: '/api/wallets', headers: bearer(token) })
      const walletId: string =
        wallets.json().data?.userWallet?.id ?? (await createWallet(api, token))
      return initiate(api, topUpBody(await payerOf(api.db, email), walletId, 500_000), token)
    }

    it('Kemi (active) applies for a community: still active afterwards, menu not red', async () => {
      const [before] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'kemi@example.com'))
      expect(before?.subscriptionStatus).toBe('Active')
      const first = await logIn('kemi@example.com')
      expect(first.user.subscriptionStatus).toBe('Active')

      const created = await api.app.inject({
        method: 'POST',
        url: '/api/communities/create',
        payload: communityOf('kemi@example.com'),
        headers: bearer(first.token),
      })
      expect(created.statusCode, created.body).toBe(201)
      expect(created.json()).toMatchObject({
        status: 'success',
        message:
          'Community set up. Pay for its plan to activate it; your own membership stays as it is until then.',
        data: {
          Status: 'Community - Pending',
          Creator: 'kemi@example.com',
          Members: 'kemi@example.com',
        },
      })

      // Her account is as it was.
      const [after] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'kemi@example.com'))
      expect(after?.subscriptionStatus).toBe('Active')
      expect(after?.subscriptionExpiry).toEqual(before?.subscriptionExpiry)

      // The next login says Active, not 'Community - Pending'.
      const next = await logIn('kemi@example.com')
      expect(next.user.subscriptionStatus).toBe('Active')
      // So do the session she applied with and the new one.
      for (const token of [first.token, next.token]) {
        const seen = await membershipSeenBy(token)
        expect(seen.community).toMatchObject({
          Name: 'Yaba Zine Club',
          Status: 'Community - Pending',
        })
        expect(seen.account.subscriptionStatus).toBe('Active')
        // Her own expiry (12 days), not the unpaid community's none: /profile says 'Expires', and
        // the menu shows the yellow renewal banner, not the red inactive one.
        expect(seen.status).toBe('Active')
        expect(seen.expiry).toBe(before?.subscriptionExpiry?.toISOString())
        expect(renewalBanner(seen.status, seen.expiry, api.now)).toEqual({
          kind: 'expiring',
          days: 12,
        })
      }
      // Her wallet is not suspended: a top-up starts.
      const topUp = await topUpAnswer('kemi@example.com', next.token)
      expect(topUp.statusCode, topUp.body).toBe(201)

      // The e-mail says what the 'All done' page says: set up, waiting for its payment.
      const mail = (await mailTo(api.db, 'kemi@example.com')).find((m) =>
        m.subject.includes('Yaba Zine Club'),
      )
      expect(mail?.subject).toBe("Your community 'Yaba Zine Club' is set up")
      expect(mail?.text).toContain(
        "Your community 'Yaba Zine Club' (4 members) is set up: there is nothing more to review, it waits for its payment.",
      )
      expect(mail?.text).toMatch(/invite your members: http\S+\/profile\/payment/)
      expect(mail?.text).toContain(
        'Until then your own membership stays as it is: you are an active member, as before.',
      )
      expect(mail?.text).not.toMatch(/review(ed)?\b.*e-mail you/)
    })

    it('an inactive member who applies is not raised by an unpaid community, nor told so', async () => {
      const tunde = await logIn('tunde@example.com')
      expect(tunde.user.subscriptionStatus).toBe('Inactive')
      const created = await api.app.inject({
        method: 'POST',
        url: '/api/communities/create',
        payload: { ...communityOf('tunde@example.com'), communityName: 'Surulere Beat Lab' },
        headers: bearer(tunde.token),
      })
      expect(created.statusCode, created.body).toBe(201)
      const seen = await membershipSeenBy(tunde.token)
      expect(seen.status).toBe('Community - Pending')
      expect(renewalBanner(seen.status, seen.expiry, api.now)).toEqual({ kind: 'inactive' })
      expect((await logIn('tunde@example.com')).user.subscriptionStatus).toBe('Community - Pending')
      const topUp = await topUpAnswer('tunde@example.com', tunde.token)
      expect(topUp.statusCode).toBe(403)
      expect(topUp.json().message).toBe(SUSPENDED)
      const mail = (await mailTo(api.db, 'tunde@example.com')).find((m) =>
        m.subject.includes('Surulere Beat Lab'),
      )
      expect(mail?.text).toContain('Until then your own membership stays as it is.')
      expect(mail?.text).not.toContain('you are an active member')
    })

    it('a member of an Active community whose own account is Inactive is active through it', async () => {
      // Femi is an Active member of Zainab's 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'; his own account lapses.
      await api.db
        .update(accounts)
        .set({ subscriptionStatus: 'Inactive' })
        .where(eq(accounts.email, 'femi@example.com'))
      const [collective] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      const [membership] = await api.db
        .select()
        .from(communityMembers)
        .where(eq(communityMembers.email, 'femi@example.com'))
      expect(collective?.status).toBe('Active')
      expect(membership?.status).toBe('Active')

      const femi = await logIn('femi@example.com')
      expect(femi.user.subscriptionStatus).toBe('Active')
      const seen = await membershipSeenBy(femi.token)
      // The profile answers the membership that counts, which the booking area's prices read.
      expect(seen.account.subscriptionStatus).toBe('Active')
      expect(seen.status).toBe('Active')
      expect(seen.expiry).toBe(collective?.membershipExpiry?.toISOString())
      expect(renewalBanner(seen.status, seen.expiry, api.now)?.kind).not.toBe('inactive')
      const topUp = await topUpAnswer('femi@example.com', femi.token)
      expect(topUp.statusCode, topUp.body).toBe(201)
      // And the prices agree: the friends' price of the Listening Session (₦3,000, not ₦5,000).
      const ticket = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: { authorization: `Bearer ${femi.token}` },
        payload: {
          callbackUrl: '/profile/bookings',
          email: 'femi@example.com',
          payment: { Amount: 300_000, Currency: 'NGN', Account: null, Plan: null },
          booking: {
            Email: 'femi@example.com',
            Name: 'Femi Adewale',
            Phone: '+234 809 555 0131',
            Event: 'listening-session',
            Type: 'event',
            Venue: 'Library',
            Date: '2026-11-25',
            'Time Slot': '7pm - 10pm',
            Amount: 300_000,
            'Paid with': 'paystack',
            'Payment Reference': null,
          },
        },
      })
      expect(ticket.statusCode, ticket.body).toBe(201)
    })
  })
})
