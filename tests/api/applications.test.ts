import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applications, communities } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo } from '../support/bookings.ts'

// POST /api/applications/create-application (individual) and
// POST /api/accounts/signup-as-community-member (an invited community member, no token): the
// labelled fields are stored as sent, the applicant gets a confirmation e-mail.

const applicant = {
  'First Name': 'Ngozi',
  'Last Name': 'Umeh',
  Pronouns: 'she/her',
  'Date of Birth': '1994-05-02',
  Occupation: 'Illustrator',
  'Company Name': null,
  Country: 'Nigeria',
  Nationality: 'Nigerian',
  Address: '4 Akin Adesola Street, Victoria Island, Lagos',
  'Phone Number': '+234 809 555 0190',
  'Email Address': 'Ngozi.Umeh@Example.com',
  'Social Link': 'https://instagram.com/ngozi.draws',
  'Emergency Contact Name': 'Obi Umeh',
  'Emergency Contact Relationship': 'Father',
  'Emergency Contact Phone Number': '+234 809 555 0191',
  Referrer: 'Ada Okafor',
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('applications', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    const apply = (payload: object) =>
      api.app.inject({ method: 'POST', url: '/api/applications/create-application', payload })
    const signup = (payload: object) =>
      api.app.inject({
        method: 'POST',
        url: '/api/accounts/signup-as-community-member',
        payload,
      })

    it('stores an individual application as Pending and e-mails the applicant', async () => {
      const response = await apply(applicant)
      expect(response.statusCode).toBe(201)
      const body = response.json()
      expect(body).toEqual({
        status: 'success',
        message: expect.stringContaining('Thank you for applying'),
        data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      })
      const [row] = await api.db
        .select()
        .from(applications)
        .where(eq(applications.id, body.data.id))
      expect(row).toMatchObject({
        kind: 'individual',
        status: 'Pending',
        email: 'ngozi.umeh@example.com',
      })
      expect(row?.fields).toMatchObject({
        'First Name': 'Ngozi',
        'Last Name': 'Umeh',
        Pronouns: 'she/her',
        'Date of Birth': '1994-05-02',
        'Emergency Contact Relationship': 'Father',
        'Email Address': 'ngozi.umeh@example.com',
        'Company Name': null,
      })
      const [mail] = await mailTo(api.db, 'ngozi.umeh@example.com')
      expect(mail?.subject).toBe('We have your application to Friends of 16')
      expect(mail?.text).toMatch(/^Hello Ngozi,/)
    })

    it('refuses a second application from the same e-mail while the first waits', async () => {
      expectError(
        await apply({ ...applicant, 'Email Address': 'ngozi.umeh@example.com' }),
        409,
        'We already have an application from this e-mail. We will write to you once it has been reviewed.',
      )
    })

    it('sends someone who already has an account to log in', async () => {
      expectError(
        await apply({ ...applicant, 'Email Address': 'ADA@example.com' }),
        409,
        'An account with this e-mail already exists. Log in instead.',
      )
    })

    it('refuses a date of birth after today and missing names, with clear messages', async () => {
      expectError(
        await apply({
          ...applicant,
          'Email Address': 'future@example.com',
          'Date of Birth': '2030-01-01',
        }),
        400,
        'Date of Birth cannot be after today.',
      )
      expectError(
        await apply({ 'Last Name': 'Umeh', 'Email Address': 'x@example.com' }),
        400,
        'First Name is required.',
      )
      expectError(
        await apply({ ...applicant, 'Email Address': 'blank@example.com', 'First Name': '   ' }),
        400,
        /First Name/,
      )
    })

    it("refuses a phone no one can be called on, as the contract's Phone, and takes none at all", async () => {
      const short = await apply({
        ...applicant,
        'Email Address': 'short@example.com',
        'Phone Number': '0803',
      })
      expect(short.statusCode).toBe(400)
      expect(short.json().message).toMatch(/Phone Number/)
      const noPhones = await apply({
        ...applicant,
        'Email Address': 'no.phones@example.com',
        'Phone Number': null,
        'Emergency Contact Phone Number': null,
      })
      expect(noPhones.statusCode).toBe(201)
    })

    it('lets a pending community member complete their profile without a token', async () => {
      const [community] = await api.db.select().from(communities)
      const response = await signup({
        communityId: community?.id,
        application: {
          ...applicant,
          'Email Address': 'Bisi@example.com',
          'First Name': 'Bisi',
          Status: 'Community - Pending',
        },
      })
      expect(response.statusCode).toBe(201)
      expect(response.json().status).toBe('success')
      const [row] = await api.db
        .select()
        .from(applications)
        .where(eq(applications.email, 'bisi@example.com'))
      expect(row).toMatchObject({
        kind: 'community',
        status: 'Community - Pending',
        communityId: community?.id,
      })
      expect(row?.fields.Status).toBe('Community - Pending')
      expect((await mailTo(api.db, 'bisi@example.com')).at(-1)?.subject).toBe(
        'We have your application to Friends of 16',
      )
    })

    it('refuses an e-mail the community did not invite, an active member, and an unknown community', async () => {
      const [community] = await api.db.select().from(communities)
      const as = (email: string, communityId = community?.id) =>
        signup({ communityId, application: { ...applicant, 'Email Address': email } })
      expectError(
        await as('stranger@example.com'),
        403,
        "stranger@example.com has not been invited to Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives. Ask the community's creator to invite this e-mail address.",
      )
      expectError(
        await as('femi@example.com'),
        409,
        'femi@example.com is already a member of Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives. Log in instead.',
      )
      expectError(
        await as('bisi@example.com', '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'),
        404,
        'This community does not exist. Check the link you followed.',
      )
    })
  })
})
