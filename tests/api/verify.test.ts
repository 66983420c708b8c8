import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addMinutes, addSeconds } from 'date-fns'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, communities, magicLinks, sessions } from '../../server/db/schema.ts'
import { hashToken } from '../../server/http/auth.ts'
import { bearer, dbCases, expectError, NOW, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo } from '../support/bookings.ts'

// GET /api/accounts/verify-magic-link?token=: spends a login link once, within 15 minutes, and
// opens a session whose token is stored hashed. Only this call spends: the /verify page that the
// e-mailed link opens does not (mail scanners fetch it before people do).

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('GET /api/accounts/verify-magic-link', () => {
    let api: TestApi
    let clock = NOW
    let webRoot: string
    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'verify-web-'))
      writeFileSync(
        join(webRoot, 'index.html'),
        '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
      )
      api = await startApi(kind, { webRoot, app: { now: () => clock } })
    })
    afterAll(async () => {
      await api?.close()
      rmSync(webRoot, { recursive: true, force: true })
    })

    /** Asks for a link for `email` at the current clock; returns the token the e-mail carries. */
    async function linkToken(email: string): Promise<string> {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email },
      })
      expect(response.statusCode).toBe(200)
      const [mail] = (await mailTo(api.db, email)).slice(-1)
      const token = mail?.text.match(/\/verify\?token=([A-Za-z0-9_-]+)/)?.[1]
      if (!token) throw new Error('no link in the e-mail')
      return token
    }

    const verify = (token: string) =>
      api.app.inject({ url: `/api/accounts/verify-magic-link?token=${token}` })

    it('opens a session for the link’s account and answers the login user', async () => {
      clock = NOW
      const response = await verify(await linkToken('ada@example.com'))
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toEqual({
        status: 'success',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: 'ada@example.com',
          name: 'Ada Okafor',
          phoneNumber: '+234 803 555 0101',
          subscriptionStatus: 'Active',
          staff: false,
          staffRole: null,
        },
      })
      // The new token is a working bearer token.
      const profile = await api.app.inject({
        url: '/api/accounts/profile',
        headers: bearer(body.token),
      })
      expect(profile.statusCode).toBe(200)
      expect(profile.json().account['Email Address']).toBe('ada@example.com')
      // Stored hashed, with an expiry 30 days on.
      const rows = await api.db.select().from(sessions).where(eq(sessions.accountId, body.user.id))
      expect(JSON.stringify(rows)).not.toContain(body.token)
      const row = rows.find((r) => r.tokenHash === hashToken(body.token))
      expect(row?.expiresAt.getTime()).toBe(addMinutes(NOW, 30 * 24 * 60).getTime())
    })

    it('spends a token once: a second verify is 401', async () => {
      clock = NOW
      const token = await linkToken('kemi@example.com')
      expect((await verify(token)).statusCode).toBe(200)
      expectError(
        await verify(token),
        401,
        'This login link has already been used. Ask for a new one on the login page.',
      )
    })

    it('of two verifies at once, exactly one opens a session', async () => {
      clock = NOW
      const token = await linkToken('femi@example.com')
      const answers = await Promise.all([verify(token), verify(token), verify(token)])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401])
      const [femi] = await api.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, 'femi@example.com'))
      expect(
        await api.db
          .select()
          .from(sessions)
          .where(eq(sessions.accountId, femi?.id ?? '')),
      ).toHaveLength(1)
    })

    it('is valid for 15 minutes: at 14:59 it works, at 15:00 it has expired', async () => {
      clock = NOW
      const early = await linkToken('tunde@example.com')
      const late = await linkToken('tunde@example.com')
      clock = addSeconds(NOW, 15 * 60 - 1)
      expect((await verify(early)).statusCode).toBe(200)
      clock = addMinutes(NOW, 15)
      expectError(
        await verify(late),
        401,
        'This login link has expired. Ask for a new one on the login page.',
      )
      clock = NOW
    })

    it('refuses a token nobody issued, and a malformed one', async () => {
      expectError(
        await verify('A'.repeat(43)),
        401,
        'This login link is not valid. Ask for a new one on the login page.',
      )
      expectError(await verify('short'), 400, /token/)
    })

    it('a raw token is nowhere in the magic_links table', async () => {
      clock = NOW
      const token = await linkToken('zainab@example.com')
      const rows = await api.db.select().from(magicLinks)
      expect(JSON.stringify(rows)).not.toContain(token)
      expect(rows.some((row) => row.tokenHash === hashToken(token))).toBe(true)
    })

    it('gives a community’s status precedence over the account’s', async () => {
      clock = NOW
      // Zainab's own subscription aside, she created 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives': its status counts.
      const response = await verify(await linkToken('zainab@example.com'))
      expect(response.statusCode).toBe(200)
      const [community] = await api.db
        .select({ status: communities.status })
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      expect(response.json().user.subscriptionStatus).toBe(community?.status)
      // Turn the community inactive: the next login says so, whatever the account says.
      await api.db
        .update(communities)
        .set({ status: 'Inactive' })
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      const [zainab] = await api.db
        .select({ status: accounts.subscriptionStatus })
        .from(accounts)
        .where(eq(accounts.email, 'zainab@example.com'))
      expect(zainab?.status).toBe('Active')
      const again = await verify(await linkToken('zainab@example.com'))
      expect(again.json().user.subscriptionStatus).toBe('Inactive')
    })

    it('the /verify page the link opens spends nothing (a mail scanner may fetch it)', async () => {
      clock = NOW
      const token = await linkToken('ada@example.com')
      for (let i = 0; i < 3; i++) {
        const page = await api.app.inject({ url: `/verify?token=${token}` })
        expect(page.statusCode).toBe(200)
        expect(page.headers['content-type']).toMatch(/^text\/html/)
      }
      const [link] = await api.db
        .select()
        .from(magicLinks)
        .where(eq(magicLinks.tokenHash, hashToken(token)))
      expect(link?.usedAt).toBeNull()
      expect((await verify(token)).statusCode).toBe(200)
    })
  })
})
