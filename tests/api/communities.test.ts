import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, applications, communities } from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, UNLIMITED } from '../support/bookings.ts'

// Communities as their creators and members meet them: applying (signed in or not), the list of
// one's communities, joining by invitation, removing members and choosing the size.

const applicant = (email: string) => ({
  'First Name': 'Tomi',
  'Last Name': 'Balogun',
  Pronouns: 'she/her',
  'Date of Birth': '1992-04-02',
  Occupation: 'Curator',
  'Company Name': null,
  Country: 'Nigeria',
  Nationality: 'Nigerian',
  Address: '5 Ozumba Mbadiwe Avenue, Lagos',
  'Phone Number': '+234 803 555 0190',
  'Email Address': email,
  'Social Link': null,
  'Emergency Contact Name': 'Dayo Balogun',
  'Emergency Contact Relationship': 'Sibling',
  'Emergency Contact Phone Number': '+234 803 555 0191',
  Referrer: null,
  Status: 'Community - Pending',
})

const createBody = (creatorEmail: string, application: unknown, numberOfMembers = 6) => ({
  communityName: 'Surulere Sound Club',
  aboutCommunity: 'Musicians and producers sharing a studio.',
  communityGoals: 'Release a compilation every year.',
  registered: true,
  numberOfMembers,
  creatorEmail,
  application,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('communities', () => {
    let api: TestApi
    let zainab: string
    let femi: string
    let ada: string
    let collectiveId: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      zainab = await signIn(api, 'zainab@example.com')
      femi = await signIn(api, 'femi@example.com')
      ada = await signIn(api, 'ada@example.com')
      const [collective] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      if (!collective) throw new Error('no demo community')
      collectiveId = collective.id
    })
    afterAll(() => api?.close())

    const post = (url: string, payload: object, token?: string) =>
      api.app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? bearer(token) : {},
      })

    describe('GET /api/communities', () => {
      it("shows the creator's community with its members and pending members", async () => {
        const response = await api.app.inject({ url: '/api/communities', headers: bearer(zainab) })
        expect(response.statusCode).toBe(200)
        const { data } = response.json()
        expect(data).toHaveLength(1)
        expect(data[0]).toMatchObject({
          id: collectiveId,
          Name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
          Status: 'Active',
          Creator: 'zainab@example.com',
          'Number of Members': 4,
          Members: 'zainab@example.com,femi@example.com',
          'Pending Members': 'bisi@example.com',
        })
        expect(data[0]['Membership Expiry']).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      })

      it('shows a member the community they belong to, and someone in none an empty list', async () => {
        const mine = await api.app.inject({ url: '/api/communities', headers: bearer(femi) })
        expect(mine.json().data.map((c: { id: string }) => c.id)).toEqual([collectiveId])
        const none = await api.app.inject({ url: '/api/communities', headers: bearer(ada) })
        expect(none.json()).toEqual({ status: 'success', data: [] })
      })

      it('needs a login', async () => {
        expectError(await api.app.inject({ url: '/api/communities' }), 401, 'Please log in.')
      })
    })

    describe('POST /api/communities/create', () => {
      it("signed out, with an e-mail that has an account: 'Account already exists. Pass auth token.'", async () => {
        const response = await post(
          '/api/communities/create',
          createBody('ADA@example.com', applicant('ada@example.com')),
        )
        expectError(response, 409, 'Account already exists. Pass auth token.')
        const rows = await api.db
          .select()
          .from(communities)
          .where(eq(communities.creatorEmail, 'ada@example.com'))
        expect(rows).toEqual([])
      })

      it('signed out: keeps the application and a pending community, and e-mails the applicant', async () => {
        const email = 'tomi@example.com'
        const response = await post('/api/communities/create', createBody(email, applicant(email)))
        expect(response.statusCode, response.body).toBe(201)
        const body = response.json()
        expect(body).toMatchObject({
          status: 'success',
          data: {
            Name: 'Surulere Sound Club',
            Status: 'Community - Pending',
            Creator: email,
            'Number of Members': 6,
            'Membership Expiry': null,
            Members: email,
            'Pending Members': '',
          },
        })
        const [application] = await api.db
          .select()
          .from(applications)
          .where(and(eq(applications.email, email), eq(applications.kind, 'community')))
        expect(application?.fields).toMatchObject({
          'First Name': 'Tomi',
          'Email Address': email,
          Status: 'Community - Pending',
        })
        const mail = await mailTo(api.db, email)
        expect(mail.map((m) => m.subject)).toEqual([
          "We received your community application for 'Surulere Sound Club'",
        ])

        // Sent again (a double click): one application is enough.
        expectError(
          await post('/api/communities/create', createBody(email, applicant(email))),
          409,
          'A community application for this e-mail has already been received.',
        )
      })

      it('signed out: the application is required and must be for the same address', async () => {
        expectError(
          await post('/api/communities/create', createBody('nobody@example.com', null)),
          400,
          /application is needed/,
        )
        expectError(
          await post(
            '/api/communities/create',
            createBody('nobody@example.com', applicant('someone.else@example.com')),
          ),
          400,
          /must be the same address/,
        )
      })

      it('signed in: the community is the account’s, with no application', async () => {
        const kemi = await signIn(api, 'kemi@example.com')
        const response = await post(
          '/api/communities/create',
          createBody('kemi@example.com', null, 4),
          kemi,
        )
        expect(response.statusCode, response.body).toBe(201)
        expect(response.json().data).toMatchObject({
          Creator: 'kemi@example.com',
          Status: 'Community - Pending',
          'Number of Members': 4,
        })
        const kept = await api.db
          .select()
          .from(applications)
          .where(eq(applications.email, 'kemi@example.com'))
        expect(kept).toEqual([])
        // Now listed as hers.
        const listed = await api.app.inject({ url: '/api/communities', headers: bearer(kemi) })
        expect(listed.json().data.map((c: { Name: string }) => c.Name)).toEqual([
          'Surulere Sound Club',
        ])
        // And one community per creator.
        expectError(
          await post('/api/communities/create', createBody('kemi@example.com', null, 4), kemi),
          409,
          "You have already created a community: 'Surulere Sound Club'.",
        )
      })

      it('signed in: not for somebody else, and the sizes are 4, 6 or 8', async () => {
        expectError(
          await post('/api/communities/create', createBody('someone@example.com', null), ada),
          403,
          /as yourself/,
        )
        const odd = await post(
          '/api/communities/create',
          createBody('ada@example.com', null, 5),
          ada,
        )
        expect(odd.statusCode).toBe(400)
        const large = await post(
          '/api/communities/create',
          createBody('ada@example.com', null, 10),
          ada,
        )
        expect(large.statusCode).toBe(400)
      })
    })

    describe('POST /api/communities/join', () => {
      it('a pending member joins and becomes Active; the invitation is then used up', async () => {
        // Bisi is a pending member of the collective; she has an account by now.
        await api.db.insert(accounts).values({
          email: 'bisi@example.com',
          firstName: 'Bisi',
          lastName: 'Adewale',
          subscriptionStatus: null,
        })
        const bisi = await signIn(api, 'bisi@example.com')
        const response = await post('/api/communities/join', { communityId: collectiveId }, bisi)
        expect(response.statusCode, response.body).toBe(200)
        const { data } = response.json()
        expect(data.Members.split(',').sort()).toEqual([
          'bisi@example.com',
          'femi@example.com',
          'zainab@example.com',
        ])
        expect(data['Pending Members']).toBe('')
        // The community is active: so is her membership, until the community's ends.
        const [row] = await api.db
          .select()
          .from(accounts)
          .where(eq(accounts.email, 'bisi@example.com'))
        const [collective] = await api.db
          .select()
          .from(communities)
          .where(eq(communities.id, collectiveId))
        expect(row).toMatchObject({
          subscriptionStatus: 'Active',
          role: 'Community Member',
          subscriptionExpiry: collective?.membershipExpiry,
        })
        expectError(
          await post('/api/communities/join', { communityId: collectiveId }, bisi),
          409,
          'You are already a member of this community.',
        )
      })

      it('someone not invited is refused, and an unknown community is not found', async () => {
        expectError(
          await post('/api/communities/join', { communityId: collectiveId }, ada),
          403,
          'You have not been invited to this community.',
        )
        expectError(
          await post('/api/communities/join', { communityId: crypto.randomUUID() }, ada),
          404,
          'This community does not exist.',
        )
      })
    })

    describe('POST /api/communities/remove-members', () => {
      it('only the creator removes, and the creator cannot be removed', async () => {
        expectError(
          await post(
            '/api/communities/remove-members',
            { communityId: collectiveId, memberEmails: ['bisi@example.com'] },
            femi,
          ),
          403,
          "Only the community's creator may do this.",
        )
        expectError(
          await post(
            '/api/communities/remove-members',
            { communityId: collectiveId, memberEmails: ['zainab@example.com'] },
            zainab,
          ),
          400,
          "The community's creator cannot be removed.",
        )
        expectError(
          await post(
            '/api/communities/remove-members',
            { communityId: collectiveId, memberEmails: ['stranger@example.com'] },
            zainab,
          ),
          404,
          'stranger@example.com is not in this community.',
        )
      })

      it('the creator removes an active member, whose community membership ends', async () => {
        const response = await post(
          '/api/communities/remove-members',
          { communityId: collectiveId, memberEmails: ['bisi@example.com'] },
          zainab,
        )
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toMatchObject({
          message: 'Member removed successfully',
          data: { Members: 'zainab@example.com,femi@example.com', 'Pending Members': '' },
        })
        const [bisi] = await api.db
          .select()
          .from(accounts)
          .where(eq(accounts.email, 'bisi@example.com'))
        expect(bisi?.subscriptionStatus).toBe('Inactive')
        const listed = await api.app.inject({
          url: '/api/communities',
          headers: bearer(await signIn(api, 'bisi@example.com')),
        })
        expect(listed.json().data).toEqual([])
      })
    })

    describe('POST /api/communities/number-of-members', () => {
      it('only the creator chooses the size', async () => {
        expectError(
          await post(
            '/api/communities/number-of-members',
            { communityId: collectiveId, numberOfMembers: 4 },
            femi,
          ),
          403,
          "Only the community's creator may do this.",
        )
      })

      it('an active community does not grow before its renewal', async () => {
        expectError(
          await post(
            '/api/communities/number-of-members',
            { communityId: collectiveId, numberOfMembers: 8 },
            zainab,
          ),
          409,
          /is active for 4 members/,
        )
      })

      it('a pending community is resized, never below the people already in it', async () => {
        const tomi = await (async () => {
          await api.db.insert(accounts).values({
            email: 'tomi@example.com',
            firstName: 'Tomi',
            lastName: 'Balogun',
          })
          return signIn(api, 'tomi@example.com')
        })()
        const listed = await api.app.inject({ url: '/api/communities', headers: bearer(tomi) })
        const id = listed.json().data[0].id as string
        const resized = await post(
          '/api/communities/number-of-members',
          { communityId: id, numberOfMembers: 8 },
          tomi,
        )
        expect(resized.statusCode, resized.body).toBe(200)
        expect(resized.json().data['Number of Members']).toBe(8)

        // Four people in it: a size of 4 still fits, then an invitation more and it does not.
        const invited = await post(
          '/api/communities/invite-members',
          {
            communityId: id,
            members: [
              'one@example.com',
              'two@example.com',
              'three@example.com',
              'four@example.com',
            ],
          },
          tomi,
        )
        expect(invited.statusCode, invited.body).toBe(200)
        expectError(
          await post(
            '/api/communities/number-of-members',
            { communityId: id, numberOfMembers: 4 },
            tomi,
          ),
          409,
          'Your community has 5 members and invitations: choose a size of at least 5, or remove someone first.',
        )
        const six = await post(
          '/api/communities/number-of-members',
          { communityId: id, numberOfMembers: 6 },
          tomi,
        )
        expect(six.json().data['Number of Members']).toBe(6)
      })
    })
  })
})
