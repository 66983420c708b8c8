import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITE_OTHER_EMAIL } from '../../server/applications/applications.ts'
import { applications, invites } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo } from '../support/bookings.ts'

// GET /api/invites/{code} and POST /api/invites/claim/{code}: the demo data has WELCOME16
// (Pending, for Chioma) and USED16 (Used).

const application = {
  'First Name': 'Chioma',
  'Last Name': 'Nwosu',
  Pronouns: 'she/her',
  'Date of Birth': '1996-09-21',
  'Email Address': 'chioma@example.com',
  'Emergency Contact Relationship': 'Sibling',
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('invites', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    const getInvite = (code: string) => api.app.inject({ url: `/api/invites/${code}` })
    const claim = (code: string, payload: object = application) =>
      api.app.inject({ method: 'POST', url: `/api/invites/claim/${code}`, payload })

    it('greets a pending invite by first name', async () => {
      const response = await getInvite('WELCOME16')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        status: 'success',
        data: { fields: { 'First Name': 'Chioma', Status: 'Pending' } },
      })
      // Retyped from an e-mail in lower case, it is the same code.
      expect((await getInvite('welcome16')).json().data.fields.Status).toBe('Pending')
    })

    it('says a used invite is Used, and an unknown code is not valid', async () => {
      expect((await getInvite('USED16')).json().data.fields).toEqual({
        'First Name': 'Kemi',
        Status: 'Used',
      })
      expectError(await getInvite('NOPE16'), 404, 'This invite code is not valid')
      expectError(await claim('NOPE16'), 404, 'This invite code is not valid')
    })

    it('refuses to claim a used code', async () => {
      expectError(await claim('USED16'), 409, 'This invite code has been used')
    })

    it('refuses a claim with another address than the invited one; the code stays Pending', async () => {
      expectError(
        await claim('WELCOME16', { ...application, 'Email Address': 'someone.else@example.com' }),
        403,
        INVITE_OTHER_EMAIL,
      )
      const [invite] = await api.db.select().from(invites).where(eq(invites.code, 'WELCOME16'))
      expect(invite?.status).toBe('Pending')
      expect(
        await api.db.select().from(applications).where(eq(applications.inviteCode, 'WELCOME16')),
      ).toEqual([])
    })

    it('claims a pending code once: the application is stored with it, the code becomes Used', async () => {
      // The invited address in capitals is the same address.
      const chioma = { ...application, 'Email Address': 'Chioma@Example.COM' }
      const [first, second] = await Promise.all([
        claim('WELCOME16', chioma),
        claim('WELCOME16', chioma),
      ])
      const answers = [first, second].map((r) => r?.statusCode).sort()
      expect(answers).toEqual([201, 409])
      const refused = [first, second].find((r) => r?.statusCode === 409)
      if (refused) expectError(refused, 409, 'This invite code has been used')
      const [invite] = await api.db.select().from(invites).where(eq(invites.code, 'WELCOME16'))
      expect(invite?.status).toBe('Used')
      const stored = await api.db
        .select()
        .from(applications)
        .where(eq(applications.inviteCode, 'WELCOME16'))
      expect(stored).toHaveLength(1)
      expect(stored[0]).toMatchObject({
        kind: 'individual',
        status: 'Pending',
        email: 'chioma@example.com',
      })
      expect((await mailTo(api.db, 'chioma@example.com')).at(-1)?.subject).toBe(
        'We have your application to Friends of 16',
      )
      expect((await getInvite('WELCOME16')).json().data.fields.Status).toBe('Used')
    })

    it('leaves the code Pending when the application is refused', async () => {
      await api.db.insert(invites).values({
        code: 'AGAIN16',
        email: 'ada@example.com',
        firstName: 'Ada',
        status: 'Pending',
      })
      // Ada has an account already: refused, and the invite is still there for the right person.
      expectError(
        await claim('AGAIN16', { ...application, 'Email Address': 'ada@example.com' }),
        409,
        'An account with this e-mail already exists. Log in instead.',
      )
      const [invite] = await api.db.select().from(invites).where(eq(invites.code, 'AGAIN16'))
      expect(invite?.status).toBe('Pending')
    })
  })
})
