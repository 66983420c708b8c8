import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, magicLinks } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo } from '../support/bookings.ts'

// POST /api/accounts/login {email}: an existing account gets a magic link by e-mail (the outbox
// here); an unknown e-mail is 'Account not found' and nothing else. Login links cost an e-mail
// each, so they are rate limited per e-mail and per client address.

const SITE = 'https://sixteen.test'

const askLink = (api: TestApi, email: string, remoteAddress = '198.51.100.10') =>
  api.app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email },
    remoteAddress,
  })

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('POST /api/accounts/login', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind, {
        app: {
          publicUrl: SITE,
          rateLimit: {
            address: { max: 6, timeWindow: '1 minute' },
            email: { max: 3, timeWindow: '1 minute' },
            emailLoginLinks: { max: 3, timeWindow: '1 minute' },
            nameSpace: `login-${randomBytes(4).toString('hex')}-`,
          },
        },
      })
    })
    afterAll(() => api?.close())

    it('e-mails a login link to /verify that reads like a real product’s mail', async () => {
      const response = await askLink(api, 'ada@example.com')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        status: 'success',
        message: 'We sent a login link to ada@example.com. It is valid for 15 minutes.',
      })
      const [mail] = (await mailTo(api.db, 'ada@example.com')).slice(-1)
      expect(mail?.subject).toBe('Your login link for Friends of 16')
      const text = mail?.text ?? ''
      expect(text).toMatch(/^Hello Ada,/)
      expect(text).toContain('valid for 15 minutes')
      expect(text).toContain("If you didn't ask for this link, you can ignore this e-mail")
      const link = text.match(/https:\S+/)?.[0] ?? ''
      expect(link).toMatch(/^https:\/\/sixteen\.test\/verify\?token=[A-Za-z0-9_-]{43}$/)
      // The HTML part carries the same link as its button.
      expect(mail?.html).toContain(`href="${link}"`)
    })

    it('finds the account however the e-mail is cased, and writes to the stored address', async () => {
      const response = await askLink(api, 'Kemi@Example.COM', '198.51.100.11')
      expect(response.statusCode).toBe(200)
      const mails = await mailTo(api.db, 'kemi@example.com')
      expect(mails).toHaveLength(1)
      expect(mails[0]?.text).toMatch(/^Hello Kemi,/)
    })

    it('stores only the hash of the token, valid 15 minutes', async () => {
      const [ada] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'ada@example.com'))
      const links = await api.db
        .select()
        .from(magicLinks)
        .where(eq(magicLinks.accountId, ada?.id ?? ''))
      const [mail] = (await mailTo(api.db, 'ada@example.com')).slice(-1)
      const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? ''
      expect(token).toHaveLength(43)
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) {
        expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/)
        expect(link.tokenHash).not.toContain(token)
        expect(link.expiresAt.getTime() - api.now.getTime()).toBe(15 * 60_000)
        expect(link.usedAt).toBeNull()
      }
      // Nowhere in the table is the raw token.
      expect(JSON.stringify(links)).not.toContain(token)
    })

    it('answers an unknown e-mail with the spec’s words only, and sends nothing', async () => {
      const response = await askLink(api, 'nobody@example.com', '198.51.100.12')
      expectError(response, 404, 'Account not found')
      expect(await mailTo(api.db, 'nobody@example.com')).toEqual([])
    })

    it('refuses a malformed e-mail with a clear message', async () => {
      const response = await askLink(api, 'not-an-email', '198.51.100.13')
      expectError(response, 400, /email/i)
    })

    it('limits the links of one e-mail (from any address) and of one address', async () => {
      // Three links for tunde from three addresses; the fourth is refused.
      for (let i = 0; i < 3; i++) {
        expect((await askLink(api, 'tunde@example.com', `203.0.113.${i + 1}`)).statusCode).toBe(200)
      }
      const fourth = await askLink(api, 'TUNDE@example.com', '203.0.113.9')
      expectError(
        fourth,
        429,
        /^Too many login links were asked for this e-mail address\. Please try again in \d+ (seconds?|minutes?)\.$/,
      )
      expect(await mailTo(api.db, 'tunde@example.com')).toHaveLength(3)

      // One address asking for many e-mails (known or not) is stopped after six.
      const address = '192.0.2.50'
      const statuses: number[] = []
      for (let i = 0; i < 7; i++) {
        statuses.push((await askLink(api, `guess${i}@example.com`, address)).statusCode)
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429])
    })
  })
})
