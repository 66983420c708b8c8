import { subDays } from 'date-fns'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { accounts } from '../../server/db/schema.ts'
import { DEMO_STAFF, LONG_NAMED_MEMBER } from '../../server/db/seed.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { auditOf } from '../support/audit.ts'

// Members in the staff's tools (GET /staff/members, POST /staff/members/{id}/extension): found by
// part of a name, e-mail or phone, the soonest to end first; a membership extended by hand to the
// end of a later Lagos day, with the reason in the audit log. Only staff.

type StaffMember = components['schemas']['StaffMember']

const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'
const STAFF_ACTOR = `Oluwaseun Adebayo-Okonkwo <${DEMO_STAFF}>`
const REASON = 'The studio was closed for renovation for two weeks in November.'
const BLANK_REASON = 'Write the reason for the extension: it is kept in the audit log.'
const NO_MEMBER = 'No member has this id.'
const AFTER_TODAY = 'Choose a day after today.'

/** Kemi as the demo has her (NOW + 12 days), before any extension. */
const KEMI = {
  name: 'Kemi Adeyemi',
  email: 'kemi@example.com',
  phone: '+234 807 555 0121',
  role: 'Member',
  status: 'active',
  // planLabel's words, as /profile/payments shows the plan.
  plan: 'Individual · 1 year',
  expiry: '2026-12-06T10:00:00.000Z',
} as const

/** The end of 6 January 2027 in Lagos (UTC+1): its last millisecond. */
const END_OF_6_JAN = '2027-01-06T22:59:59.999Z'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: members, found and extended', () => {
    let api: TestApi
    let staff: string
    let kemiToken: string

    beforeAll(async () => {
      api = await startApi(kind)
      staff = await signIn(api, DEMO_STAFF)
      kemiToken = await signIn(api, KEMI.email)
    })
    afterAll(() => api?.close())

    const search = async (q?: string): Promise<StaffMember[]> => {
      const response = await api.app.inject({
        url: `/api/staff/members${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        headers: bearer(staff),
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().members
    }
    const emailsOf = async (q?: string) => (await search(q)).map((member) => member.email)
    const idOf = async (email: string) => {
      const [row] = await api.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, email))
      if (!row) throw new Error(`no account ${email}`)
      return row.id
    }
    const extend = async (
      email: string,
      body: { until: string; reason: string },
      { token = staff, key }: { token?: string; key?: string } = {},
    ) =>
      api.app.inject({
        method: 'POST',
        url: `/api/staff/members/${email.includes('@') ? await idOf(email) : email}/extension`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      })
    const answerOf = (response: Awaited<ReturnType<typeof extend>>): StaffMember => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }

    describe('searching', () => {
      it('finds a member by part of the name, case aside; staff without a membership never', async () => {
        // The front desk's Oluwaseun Adebayo-Okonkwo has no membership role: not listed.
        expect(await emailsOf('oluwaseun ADEBAYO')).toEqual([LONG_NAMED_MEMBER])
        expect(await emailsOf('adebayo-will')).toEqual([LONG_NAMED_MEMBER])
        expect(await emailsOf('Okonkwo')).toEqual([])
      })

      it('finds a member by e-mail or phone, and answers her as the contract says', async () => {
        const [kemi] = await search('KEMI@example')
        expect(kemi).toEqual({ id: await idOf(KEMI.email), ...KEMI })
        expect(await emailsOf('555 0121')).toEqual([KEMI.email])
        expect(await emailsOf('  555 0121  ')).toEqual([KEMI.email])
      })

      it('takes %, _ and \\ as they are', async () => {
        expect(await emailsOf('%')).toEqual([])
        expect(await emailsOf('_')).toEqual([])
        expect(await emailsOf('\\')).toEqual([])
      })

      it('lists every member when q is blank: the soonest to end first, then by name', async () => {
        const all = [
          'tunde@example.com', // ended a month ago
          KEMI.email, // in 12 days
          'ada@example.com', // in 5 months
          'femi@example.com', // the community's, in 10 months: Femi before Zainab
          'zainab@example.com',
          LONG_NAMED_MEMBER, // in 11 months
        ]
        expect(await emailsOf()).toEqual(all)
        expect(await emailsOf('   ')).toEqual(all)
      })

      it('says each status and the plan last paid for', async () => {
        const byEmail = new Map((await search()).map((member) => [member.email, member]))
        expect(byEmail.get('tunde@example.com')).toMatchObject({ status: 'inactive', plan: null })
        expect(byEmail.get('ada@example.com')).toMatchObject({
          status: 'active',
          plan: 'Individual · 6 months',
        })
        // The creator paid for the community; its member paid nothing himself.
        expect(byEmail.get('zainab@example.com')).toMatchObject({
          role: 'Community Member',
          plan: 'Community · 4 members',
        })
        expect(byEmail.get('femi@example.com')).toMatchObject({ status: 'active', plan: null })
      })

      it('says expired for an active membership whose end has passed, and lists it first', async () => {
        const [femi] = await api.db
          .update(accounts)
          .set({ subscriptionExpiry: subDays(NOW, 1) })
          .where(eq(accounts.email, 'femi@example.com'))
          .returning()
        try {
          const [first] = await search('femi')
          expect(first).toMatchObject({ status: 'expired', expiry: subDays(NOW, 1).toISOString() })
          expect((await emailsOf()).slice(0, 3)).toEqual([
            'tunde@example.com',
            'femi@example.com',
            KEMI.email,
          ])
        } finally {
          await api.db
            .update(accounts)
            .set({ subscriptionExpiry: femi?.subscriptionExpiry ?? null })
            .where(eq(accounts.email, 'femi@example.com'))
        }
      })
    })

    describe('extending', () => {
      it('refuses a day before the end, today or a past day, a blank reason and a bad day', async () => {
        const kemiEnds = "Choose a day after the membership's current end (Dec 6, 2026)."
        expectError(
          await extend(KEMI.email, { until: '2026-12-06', reason: REASON }),
          400,
          kemiEnds,
        )
        expectError(
          await extend(KEMI.email, { until: '2026-12-01', reason: REASON }),
          400,
          kemiEnds,
        )
        // Tunde's membership ended a month ago: any day after today will do, none before.
        const tunde = 'tunde@example.com'
        expectError(await extend(tunde, { until: '2026-11-24', reason: REASON }), 400, AFTER_TODAY)
        expectError(await extend(tunde, { until: '2026-11-01', reason: REASON }), 400, AFTER_TODAY)
        expectError(
          await extend(KEMI.email, { until: '2027-01-06', reason: '   ' }),
          400,
          BLANK_REASON,
        )
        expectError(
          await extend(KEMI.email, { until: '2027-02-30', reason: REASON }),
          400,
          '2027-02-30 is not a day on the calendar.',
        )
        expect(await auditOf(api.db, await idOf(KEMI.email))).toEqual([])
        expect(await auditOf(api.db, await idOf(tunde))).toEqual([])
      })

      it('answers 404 for an unknown id and for an account without a membership', async () => {
        expectError(await extend(SOME_ID, { until: '2027-01-06', reason: REASON }), 404, NO_MEMBER)
        expectError(
          await extend(DEMO_STAFF, { until: '2027-01-06', reason: REASON }),
          404,
          NO_MEMBER,
        )
        expect(await auditOf(api.db, await idOf(DEMO_STAFF))).toEqual([])
      })

      it("extends kemi's membership to the end of the day given, in the audit log", async () => {
        const id = await idOf(KEMI.email)
        const extended = answerOf(
          await extend(KEMI.email, { until: '2027-01-06', reason: `  ${REASON} ` }),
        )
        expect(extended).toEqual({ id, ...KEMI, expiry: END_OF_6_JAN })
        expect(await auditOf(api.db, id)).toEqual([
          {
            actor: STAFF_ACTOR,
            action: 'member extend',
            before: { subscriptionStatus: 'Active', subscriptionExpiry: KEMI.expiry },
            after: {
              subscriptionStatus: 'Active',
              subscriptionExpiry: END_OF_6_JAN,
              reason: REASON,
            },
          },
        ])
        // Her own profile says so.
        const profile = await api.app.inject({
          url: '/api/accounts/profile',
          headers: bearer(kemiToken),
        })
        expect(profile.statusCode, profile.body).toBe(200)
        expect(profile.json().account).toMatchObject({
          subscriptionStatus: 'Active',
          subscriptionExpiry: END_OF_6_JAN,
        })
        // Its new end is the one to go beyond now.
        expectError(
          await extend(KEMI.email, { until: '2027-01-06', reason: REASON }),
          400,
          "Choose a day after the membership's current end (Jan 6, 2027).",
        )
      })

      it('makes an inactive membership active again', async () => {
        const tunde = answerOf(
          await extend('tunde@example.com', { until: '2027-03-31', reason: REASON }),
        )
        expect(tunde).toMatchObject({
          status: 'active',
          expiry: '2027-03-31T22:59:59.999Z',
          plan: null,
        })
        const [entry] = await auditOf(api.db, tunde.id)
        expect(entry?.before).toEqual({
          subscriptionStatus: 'Inactive',
          subscriptionExpiry: '2026-10-24T10:00:00.000Z',
        })
      })

      it('a retried extension with the same Idempotency-Key: the same answer, one entry', async () => {
        const body = { until: '2027-12-31', reason: REASON }
        const first = await extend('ada@example.com', body, { key: 'extend-retry-1' })
        const again = await extend('ada@example.com', body, { key: 'extend-retry-1' })
        expect(answerOf(first).expiry).toBe('2027-12-31T22:59:59.999Z')
        expect(again.statusCode).toBe(200)
        expect(again.json()).toEqual(first.json())
        expect(again.headers['idempotent-replayed']).toBe('true')
        expect(await auditOf(api.db, await idOf('ada@example.com'))).toHaveLength(1)
      })

      it('refuses text that cannot be stored', async () => {
        expectError(
          await extend(KEMI.email, { until: '2027-06-30', reason: 'Closed\u0000.' }),
          400,
          /^reason contains a character we cannot store/,
        )
      })
    })

    it('is for staff only: 403 for a member', async () => {
      const list = await api.app.inject({
        url: '/api/staff/members?q=kemi',
        headers: bearer(kemiToken),
      })
      expect(list.statusCode).toBe(403)
      const extended = await extend(
        KEMI.email,
        { until: '2027-06-30', reason: REASON },
        { token: kemiToken },
      )
      expect(extended.statusCode).toBe(403)
      expect(await auditOf(api.db, await idOf(KEMI.email))).toHaveLength(1)
    })
  })
})
