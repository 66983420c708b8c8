import { subDays } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { accounts, applications, magicLinks, type NewApplication } from '../../server/db/schema.ts'
import { DEMO_COMMUNITY_NAME, DEMO_STAFF, LONG_NAMED_APPLICANT } from '../../server/db/seed.ts'
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
import { mailTo, UNLIMITED } from '../support/bookings.ts'

// Applications for membership in the staff's tools (GET /staff/applications and its decisions):
// the queue oldest first with every answer in the forms' order, approve (the account, the welcome
// mail with its login link) and decline (the polite mail with the note), each once, whoever
// decides at the same moment, each in the audit log. Only staff may call them.

type StaffApplication = components['schemas']['StaffApplication']

const SITE = 'https://sixteen.test'
const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
const SECOND_STAFF = 'desk.two@example.com'
const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'
/** The day the tests' clock decides on, as the 409s write it. */
const DECIDED_ON = 'Nov 24, 2026'

/** The stored labels in the order the applicant forms ask them. */
const FORM_ORDER = [
  'First Name',
  'Last Name',
  'Pronouns',
  'Date of Birth',
  'Occupation',
  'Company Name',
  'Nationality',
  'Address',
  'Country',
  'Phone Number',
  'Email Address',
  'Social Link',
  'Emergency Contact Name',
  'Emergency Contact Relationship',
  'Emergency Contact Phone Number',
  'Referrer',
]

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: applications for membership', () => {
    let api: TestApi
    let staff: string
    let secondStaff: string
    let ada: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, publicUrl: SITE } })
      await api.db
        .insert(accounts)
        .values({ email: SECOND_STAFF, firstName: 'Tolu', lastName: 'Bakare', staffRole: 'desk' })
      staff = await signIn(api, DEMO_STAFF)
      secondStaff = await signIn(api, SECOND_STAFF)
      ada = await signIn(api, 'ada@example.com')
    })
    afterAll(() => api?.close())

    const list = async (status?: 'pending' | 'decided'): Promise<StaffApplication[]> => {
      const response = await api.app.inject({
        url: `/api/staff/applications${status ? `?status=${status}` : ''}`,
        headers: bearer(staff),
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().applications
    }
    const get = (id: string, token = staff) =>
      api.app.inject({ url: `/api/staff/applications/${id}`, headers: bearer(token) })
    const decide = (
      verdict: 'approve' | 'decline',
      id: string,
      { token = staff, note, key }: { token?: string; note?: string; key?: string } = {},
    ) =>
      api.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/${verdict}`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        ...(verdict === 'decline' ? { payload: note === undefined ? {} : { note } } : {}),
      })
    const answerOf = (response: LightMyRequestResponse): StaffApplication => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    /** A new individual application, as the form sends it; its id. */
    const apply = async (email: string, first: string, last: string): Promise<string> => {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/applications/create-application',
        payload: { 'First Name': first, 'Last Name': last, 'Email Address': email },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().data.id
    }
    /** An application written as it was stored (dated by the tests' clock). */
    const insert = async (values: Omit<NewApplication, 'createdAt'>) => {
      const [row] = await api.db
        .insert(applications)
        .values({ createdAt: NOW, ...values })
        .returning()
      if (!row) throw new Error('the application was not written')
      return row
    }
    const idOf = async (email: string) => {
      const [row] = await api.db.select().from(applications).where(eq(applications.email, email))
      if (!row) throw new Error(`no application from ${email}`)
      return row.id
    }
    const accountsOf = (email: string) =>
      api.db.select().from(accounts).where(eq(accounts.email, email))
    const welcomes = async (email: string) =>
      (await mailTo(api.db, email)).filter((mail) => mail.subject === 'Welcome to Friends of 16')

    describe('reading', () => {
      it('lists the pending ones oldest first, each answer labelled, in the forms’ order', async () => {
        const pending = await list()
        expect(await list('pending')).toEqual(pending)
        expect(pending).toEqual([
          {
            id: expect.any(String),
            kind: 'individual',
            status: 'pending',
            name: 'Obinna Eze',
            email: 'obinna@example.com',
            appliedAt: subDays(NOW, 2).toISOString(),
            community: null,
            inviteCode: null,
            answers: expect.any(Array),
            decidedAt: null,
            decisionNote: null,
          },
          {
            id: expect.any(String),
            kind: 'community',
            status: 'pending',
            name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
            email: LONG_NAMED_APPLICANT,
            appliedAt: subDays(NOW, 1).toISOString(),
            community: DEMO_COMMUNITY_NAME,
            inviteCode: null,
            answers: expect.any(Array),
            decidedAt: null,
            decisionNote: null,
          },
        ])
        const [obinna, chukwuemeka] = pending
        expect(obinna?.answers.map((answer) => answer.label)).toEqual(FORM_ORDER)
        expect(obinna?.answers.slice(0, 4)).toEqual([
          { label: 'First Name', value: 'Obinna' },
          { label: 'Last Name', value: 'Eze' },
          { label: 'Pronouns', value: 'he/him' },
          { label: 'Date of Birth', value: '1990-07-17' },
        ])
        // The community form's 'Status' is no answer: the application's status says it.
        expect(chukwuemeka?.answers.map((answer) => answer.label)).toEqual(FORM_ORDER)
        expect(await list('decided')).toEqual([])
      })

      it('shows every answer with text, known ones first, others alphabetically; empty ones not', async () => {
        const row = await insert({
          kind: 'individual',
          email: 'kunle@example.com',
          fields: {
            Zeal: 'High',
            'Last Name': 'Ade',
            Age: 34,
            'First Name': ' Kunle ',
            Occupation: '   ',
            'Company Name': null,
            Registered: true,
            'Email Address': 'kunle@example.com',
          },
        })
        const answer = answerOf(await get(row.id))
        expect(answer.answers).toEqual([
          { label: 'First Name', value: 'Kunle' },
          { label: 'Last Name', value: 'Ade' },
          { label: 'Email Address', value: 'kunle@example.com' },
          { label: 'Age', value: '34' },
          { label: 'Registered', value: 'true' },
          { label: 'Zeal', value: 'High' },
        ])
        expect(answer).toMatchObject({ id: row.id, name: 'Kunle Ade', status: 'pending' })
        // The newest pending one comes last.
        expect((await list()).at(-1)?.id).toBe(row.id)
        await api.db.delete(applications).where(eq(applications.id, row.id))
      })

      it('names the community a community application created, when it names none', async () => {
        const nameless = await insert({
          kind: 'community',
          email: 'zainab@example.com',
          status: 'Community - Pending',
          fields: { 'Email Address': 'zainab@example.com' },
        })
        expect(answerOf(await get(nameless.id))).toMatchObject({
          name: 'zainab@example.com',
          community: DEMO_COMMUNITY_NAME,
        })
        await api.db.delete(applications).where(eq(applications.id, nameless.id))
      })

      it('gets one by its id; 404 for an id no application has, 400 for one that is no id', async () => {
        const id = await idOf('obinna@example.com')
        const one = answerOf(await get(id))
        expect(one).toEqual((await list()).find((application) => application.id === id))
        expectError(await get(SOME_ID), 404, 'No application has this id.')
        expectError(await get('obinna'), 400, /applicationId/)
        expectError(await decide('approve', SOME_ID), 404, 'No application has this id.')
        expectError(await decide('decline', SOME_ID), 404, 'No application has this id.')
        expectError(await decide('approve', 'not-an-id'), 400, /applicationId/)
      })
    })

    describe('deciding', () => {
      it('approve: the account from the answers, a welcome with a login link, an audit entry', async () => {
        const id = await idOf('obinna@example.com')
        const approved = answerOf(await decide('approve', id))
        expect(approved).toMatchObject({
          id,
          status: 'approved',
          name: 'Obinna Eze',
          decidedAt: NOW.toISOString(),
          decisionNote: null,
        })
        expect(approved.answers.map((answer) => answer.label)).toEqual(FORM_ORDER)
        const [account] = await accountsOf('obinna@example.com')
        expect(account).toMatchObject({
          firstName: 'Obinna',
          lastName: 'Eze',
          phone: '+234 806 555 0151',
          occupation: 'Software engineer',
          role: 'Member',
          subscriptionStatus: 'Inactive',
          staffRole: null,
        })
        const [welcome, ...more] = await welcomes('obinna@example.com')
        expect(more).toEqual([])
        const token = welcome?.text.match(/https:\/\/sixteen\.test\/verify\?token=([\w-]+)/)?.[1]
        expect(token).toBeDefined()
        const verified = await api.app.inject({
          url: `/api/accounts/verify-magic-link?token=${token}`,
        })
        expect(verified.statusCode).toBe(200)
        expect(verified.json().user).toMatchObject({ email: 'obinna@example.com' })
        expect(await auditOf(api.db, id)).toEqual([
          {
            actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
            action: 'application approve',
            before: { status: 'Pending' },
            after: { status: 'Approved', accountId: account?.id },
          },
        ])
        // Decided once: a second decision of either kind is refused, and changes nothing.
        const message = `Obinna Eze's application was already approved on ${DECIDED_ON}.`
        expectError(await decide('approve', id), 409, message)
        expectError(await decide('decline', id, { note: 'Sorry.' }), 409, message)
        expect(await auditOf(api.db, id)).toHaveLength(1)
        expect(await welcomes('obinna@example.com')).toHaveLength(1)
        expect((await list('decided')).map((application) => application.id)).toEqual([id])
        expect((await list()).map((application) => application.id)).not.toContain(id)
      })

      it('decline with a note: the polite mail carries it, an audit entry; then approve is refused', async () => {
        const id = await idOf(LONG_NAMED_APPLICANT)
        const declined = answerOf(
          await decide('decline', id, { note: '  The next intake opens in April.\n' }),
        )
        expect(declined).toMatchObject({
          id,
          status: 'declined',
          community: DEMO_COMMUNITY_NAME,
          decidedAt: NOW.toISOString(),
          decisionNote: 'The next intake opens in April.',
        })
        const [mail, ...more] = await mailTo(api.db, LONG_NAMED_APPLICANT)
        expect(more).toEqual([])
        expect(mail?.subject).toBe('Your application to Friends of 16')
        expect(mail?.text).toMatch(/^Hello Chukwuemekaoluwaseun,/)
        expect(mail?.text).toContain('we are not able to offer you a membership at this time')
        expect(mail?.text).toContain('\nThe next intake opens in April.\n')
        expect(await accountsOf(LONG_NAMED_APPLICANT)).toEqual([])
        expect(await auditOf(api.db, id)).toEqual([
          {
            actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
            action: 'application decline',
            before: { status: 'Community - Pending' },
            after: { status: 'Rejected', decisionNote: 'The next intake opens in April.' },
          },
        ])
        expectError(
          await decide('approve', id),
          409,
          `Chukwuemekaoluwaseun Adebayo-Nwachukwu's application was already declined on ${DECIDED_ON}.`,
        )
        expect(await accountsOf(LONG_NAMED_APPLICANT)).toEqual([])
        // The latest decided first.
        const decided = async () => (await list('decided')).map((application) => application.name)
        expect(await decided()).toEqual(['Chukwuemekaoluwaseun Adebayo-Nwachukwu', 'Obinna Eze'])
        await api.db
          .update(applications)
          .set({ decidedAt: new Date(NOW.getTime() + 60_000) })
          .where(eq(applications.email, 'obinna@example.com'))
        expect(await decided()).toEqual(['Obinna Eze', 'Chukwuemekaoluwaseun Adebayo-Nwachukwu'])
      })

      it('decline with a blank note sends none; a note with a character we cannot store is a 400', async () => {
        const blank = await apply('blank.note@example.com', 'Bola', 'Ige')
        const declined = answerOf(await decide('decline', blank, { note: ' \n ' }))
        expect(declined.decisionNote).toBeNull()
        const [row] = await api.db.select().from(applications).where(eq(applications.id, blank))
        expect(row?.decisionNote).toBeNull()
        const mail = (await mailTo(api.db, 'blank.note@example.com')).at(-1)
        expect(mail?.text).toMatch(/at this time\.\n\nYou are always welcome/)
        expect((await auditOf(api.db, blank))[0]?.after).toEqual({ status: 'Rejected' })
        // No note at all: the same.
        const none = await apply('no.note@example.com', 'Dele', 'Ige')
        expect(answerOf(await decide('decline', none)).decisionNote).toBeNull()

        const nul = await apply('nul.note@example.com', 'Sade', 'Ige')
        expectError(
          await decide('decline', nul, { note: 'Try\u0000again' }),
          400,
          'note contains a character we cannot store (U+0000). Please remove it and try again.',
        )
        expectError(await decide('decline', nul, { note: 'x'.repeat(1001) }), 400, /note/)
        expect(answerOf(await get(nul)).status).toBe('pending')
        expect(await auditOf(api.db, nul)).toEqual([])
      })

      it('approve of an e-mail that has an account: 409, and nothing is written', async () => {
        const id = await apply('has.account@example.com', 'Funmi', 'Ade')
        await api.db
          .insert(accounts)
          .values({ email: 'has.account@example.com', firstName: 'Funmi', lastName: 'Ade' })
        const [account] = await accountsOf('has.account@example.com')
        const mails = (await mailTo(api.db, 'has.account@example.com')).length
        expectError(
          await decide('approve', id),
          409,
          'has.account@example.com already has an account: decline the application, or leave it.',
        )
        expect(answerOf(await get(id))).toMatchObject({ status: 'pending', decidedAt: null })
        expect(await accountsOf('has.account@example.com')).toEqual([account])
        expect(await mailTo(api.db, 'has.account@example.com')).toHaveLength(mails)
        expect(
          await api.db
            .select()
            .from(magicLinks)
            .where(eq(magicLinks.accountId, account?.id ?? '')),
        ).toEqual([])
        expect(await auditOf(api.db, id)).toEqual([])
        // Declining it is still possible.
        expect(answerOf(await decide('decline', id)).status).toBe('declined')
      })

      it('two staff approving at the same moment: one 200, one 409, one account, one mail', async () => {
        const id = await apply('same.moment@example.com', 'Ife', 'Ola')
        const answers = await Promise.all([
          decide('approve', id),
          decide('approve', id, { token: secondStaff }),
        ])
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
        const refused = answers.find((answer) => answer.statusCode === 409)
        if (!refused) throw new Error('no 409')
        expectError(refused, 409, `Ife Ola's application was already approved on ${DECIDED_ON}.`)
        expect(await accountsOf('same.moment@example.com')).toHaveLength(1)
        expect(await welcomes('same.moment@example.com')).toHaveLength(1)
        expect(await auditOf(api.db, id)).toHaveLength(1)
      })

      it('approve and decline at the same moment: one decision wins, the other is refused', async () => {
        const id = await apply('torn@example.com', 'Yemi', 'Ola')
        const answers = await Promise.all([
          decide('approve', id),
          decide('decline', id, { token: secondStaff, note: 'Sorry.' }),
        ])
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
        const [row] = await api.db.select().from(applications).where(eq(applications.id, id))
        const accountsMade = (await accountsOf('torn@example.com')).length
        expect(accountsMade).toBe(row?.status === 'Approved' ? 1 : 0)
        expect(await mailTo(api.db, 'torn@example.com')).toHaveLength(2) // received + decision
        expect(await auditOf(api.db, id)).toHaveLength(1)
      })

      it('a retried approve with the same Idempotency-Key: the same answer, one account, one mail', async () => {
        const id = await apply('retry@example.com', 'Kola', 'Ade')
        const key = 'approve-retry-1'
        const first = await decide('approve', id, { key })
        const again = await decide('approve', id, { key })
        expect(first.statusCode).toBe(200)
        expect(again.statusCode).toBe(200)
        expect(again.json()).toEqual(first.json())
        expect(again.headers['idempotent-replayed']).toBe('true')
        expect(await accountsOf('retry@example.com')).toHaveLength(1)
        expect(await welcomes('retry@example.com')).toHaveLength(1)
        expect(await auditOf(api.db, id)).toHaveLength(1)
        // Another key is another decision: refused.
        expectError(
          await decide('approve', id, { key: 'approve-retry-2' }),
          409,
          `Kola Ade's application was already approved on ${DECIDED_ON}.`,
        )
      })
    })

    describe('only staff', () => {
      it("answers a member's token 403 on all four, and no token 401; nothing is decided", async () => {
        const id = await apply('not.by.ada@example.com', 'Gbenga', 'Ade')
        const calls = [
          { method: 'GET' as const, url: '/api/staff/applications' },
          { method: 'GET' as const, url: `/api/staff/applications/${id}` },
          { method: 'POST' as const, url: `/api/staff/applications/${id}/approve` },
          {
            method: 'POST' as const,
            url: `/api/staff/applications/${id}/decline`,
            payload: { note: 'No.' },
          },
        ]
        for (const call of calls) {
          expectError(
            await api.app.inject({ ...call, headers: bearer(ada) }),
            403,
            "This is for the hotel's staff.",
          )
          expectError(await api.app.inject(call), 401, 'Please log in.')
        }
        expect(answerOf(await get(id)).status).toBe('pending')
        expect(await auditOf(api.db, id)).toEqual([])
        expect(
          await api.db
            .select()
            .from(applications)
            .where(and(eq(applications.id, id), eq(applications.status, 'Pending'))),
        ).toHaveLength(1)
      })
    })
  })
})
