import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communities, communityMembers, invites, mailOutbox } from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, UNLIMITED } from '../support/bookings.ts'

// A creator invites people by e-mail: each gets a pending place, an invite code and a mail with
// a link that works; the community never holds more people than its size, even when many
// invitations race for its last place.

const PUBLIC_URL = 'https://sixteen.example'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('POST /api/communities/invite-members', () => {
    let api: TestApi
    let zainab: string
    let collectiveId: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { publicUrl: PUBLIC_URL, rateLimit: UNLIMITED } })
      zainab = await signIn(api, 'zainab@example.com')
      const [collective] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      if (!collective) throw new Error('no demo community')
      collectiveId = collective.id
    })
    afterAll(() => api?.close())

    const invite = (members: string[], token = zainab, communityId = collectiveId) =>
      api.app.inject({
        method: 'POST',
        url: '/api/communities/invite-members',
        payload: { communityId, members },
        headers: bearer(token),
      })
    const remove = (memberEmails: string[]) =>
      api.app.inject({
        method: 'POST',
        url: '/api/communities/remove-members',
        payload: { communityId: collectiveId, memberEmails },
        headers: bearer(zainab),
      })
    const pendingOf = async () => {
      const rows = await api.db
        .select({ email: communityMembers.email })
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, collectiveId),
            eq(communityMembers.status, 'Pending'),
          ),
        )
      return rows.map((row) => row.email).sort()
    }

    it('only the creator invites: a member, or someone else, is refused', async () => {
      const femi = await signIn(api, 'femi@example.com')
      expectError(
        await invite(['new@example.com'], femi),
        403,
        "Only the community's creator may do this.",
      )
      const ada = await signIn(api, 'ada@example.com')
      expectError(
        await invite(['new@example.com'], ada),
        403,
        "Only the community's creator may do this.",
      )
      expectError(
        await invite(['new@example.com'], zainab, crypto.randomUUID()),
        404,
        'This community does not exist.',
      )
      expect(await pendingOf()).toEqual(['bisi@example.com'])
    })

    it('20 invitations at once for the last place: exactly one is added', async () => {
      // Zainab, Femi and Bisi (pending) fill 3 of the 4 places.
      const emails = Array.from({ length: 20 }, (_, i) => `racer${i}@example.com`)
      const answers = await Promise.all(emails.map((email) => invite([email])))
      const added = answers.filter((answer) => answer.statusCode === 200)
      expect(added).toHaveLength(1)
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expectError(
          answer,
          409,
          'This community is full: it has 4 places, all taken by members and invitations.',
        )
      }
      const pending = await pendingOf()
      expect(pending).toHaveLength(2)
      const winner = pending.find((email) => email.startsWith('racer')) as string
      expect(added[0]?.json()).toMatchObject({
        status: 'success',
        message: 'Member added successfully',
        data: { 'Pending Members': `bisi@example.com,${winner}`, 'Number of Members': 4 },
      })
      const racerMail = await api.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.toAddress, 'racer%'))
      expect(racerMail.map((m) => m.toAddress)).toEqual([winner])
      const codes = await api.db.select().from(invites).where(like(invites.email, 'racer%'))
      expect(codes.map((row) => [row.email, row.status, row.communityId])).toEqual([
        [winner, 'Pending', collectiveId],
      ])
      expect(codes[0]?.code).toMatch(/^[A-Za-z0-9_-]{16}$/)
    })

    it('someone with no account is mailed a link to complete a profile for the community', async () => {
      const [winner] = (await pendingOf()).filter((email) => email.startsWith('racer'))
      const [mail] = await mailTo(api.db, winner as string)
      expect(mail?.subject).toBe(
        "Zainab Bello invited you to join 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'",
      )
      const link = mail?.text.match(/https:\/\/\S+/)?.[0] as string
      const url = new URL(link)
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/member-signup`)
      expect(Object.fromEntries(url.searchParams)).toEqual({
        community: collectiveId,
        name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
        email: winner,
      })
    })

    it('a full community refuses one more; after a removal the place is free again', async () => {
      expectError(
        await invite(['ada@example.com']),
        409,
        'This community is full: it has 4 places, all taken by members and invitations.',
      )
      const [winner] = (await pendingOf()).filter((email) => email.startsWith('racer'))
      const removed = await remove([winner as string])
      expect(removed.statusCode, removed.body).toBe(200)
      // A removed invitee's invitation is gone with them.
      expect(
        await api.db
          .select()
          .from(invites)
          .where(eq(invites.email, winner as string)),
      ).toEqual([])
      const added = await invite(['ADA@example.com '.trim()])
      expect(added.statusCode, added.body).toBe(200)
      expect(await pendingOf()).toEqual(['ada@example.com', 'bisi@example.com'])
    })

    it('someone with an account is mailed a link to accept, which then works', async () => {
      const [mail] = await mailTo(api.db, 'ada@example.com')
      expect(mail?.text).toContain('Hello Ada,')
      const link = mail?.text.match(/https:\/\/\S+/)?.[0] as string
      const url = new URL(link)
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/join-community`)
      expect(Object.fromEntries(url.searchParams)).toEqual({
        community: collectiveId,
        communityName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
        email: 'ada@example.com',
      })
      // What the join page does with the link's community, signed in as Ada.
      const ada = await signIn(api, 'ada@example.com')
      const joined = await api.app.inject({
        method: 'POST',
        url: '/api/communities/join',
        payload: { communityId: url.searchParams.get('community') },
        headers: bearer(ada),
      })
      expect(joined.statusCode, joined.body).toBe(200)
      expect(joined.json().data.Members.split(',')).toContain('ada@example.com')
      const [code] = await api.db.select().from(invites).where(eq(invites.email, 'ada@example.com'))
      expect(code?.status).toBe('Used')
    })

    it('people already in the community are not invited twice', async () => {
      await remove(['ada@example.com'])
      expectError(
        await invite(['femi@example.com']),
        409,
        'femi@example.com is already in this community.',
      )
      expectError(
        await invite(['zainab@example.com']),
        409,
        'zainab@example.com is already in this community.',
      )
    })

    it('more people at once than there is room for are refused together', async () => {
      expectError(
        await invite(['a1@example.com', 'a2@example.com']),
        409,
        'This community has room for 1 more member: it has 4 places.',
      )
      expect(await pendingOf()).toEqual(['bisi@example.com'])
    })
  })
})
