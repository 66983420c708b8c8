import { spawnSync } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminContext, approveApplication } from '../../server/admin/application-decisions.ts'
import { runAdmin } from '../../server/admin/cli.ts'
import {
  accounts,
  applications,
  communities,
  communityMembers,
  events,
  spaces,
} from '../../server/db/schema.ts'
import { LONG_NAMED_APPLICANT } from '../../server/db/seed.ts'
import { bearer, dbCases, NOW, signIn, startApi, type TestApi, TODAY } from '../support/api-app.ts'
import { auditOf } from '../support/audit.ts'
import { mailTo } from '../support/bookings.ts'

// `npm run admin -- <command>`: the staff's tools on the server's database. Here each command
// runs in-process on the test database (runAdmin is what the script calls), and what it did is
// checked through the API, as a member or visitor would notice it.

const SITE = 'https://sixteen.test'

describe('npm run admin (the script itself)', () => {
  const run = (...args: string[]) =>
    spawnSync('npx', ['tsx', 'server/admin/cli.ts', ...args], { encoding: 'utf8' })

  it('prints the overall help with exit code 0, and exits 2 when given no command', () => {
    const help = run('--help')
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('Usage: npm run admin -- <command> [options]')
    expect(help.stdout).toContain('applications approve <id>')
    const bare = run()
    expect(bare.status).toBe(2)
    expect(bare.stderr).toContain('Commands:')
  }, 30_000)

  it('refuses to run in production without the settings a real site needs, naming each', () => {
    // Its e-mails link to PUBLIC_URL, so it needs what the server needs; nothing is opened.
    const { PUBLIC_URL, SMTP_URL, PAYSTACK_SECRET_KEY, PAYMENTS, ...env } = process.env
    const refused = spawnSync('npx', ['tsx', 'server/admin/cli.ts', 'applications', 'list'], {
      encoding: 'utf8',
      env: { ...env, NODE_ENV: 'production', DATA_DIR: '/nonexistent/sixteen' },
    })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('The staff commands cannot run in production')
    for (const setting of ['PUBLIC_URL', 'SMTP_URL', 'PAYSTACK_SECRET_KEY']) {
      expect(refused.stderr).toContain(`- ${setting} is not set`)
    }
  }, 30_000)
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('npm run admin -- <command>', () => {
    let api: TestApi
    let ctx: AdminContext
    beforeAll(async () => {
      api = await startApi(kind, { app: { publicUrl: SITE } })
      ctx = { db: api.db, now: () => NOW, publicUrl: SITE }
    })
    afterAll(() => api?.close())

    const admin = (...argv: string[]) => runAdmin(ctx, argv)
    const audited = (subject: string) => auditOf(api.db, subject)

    it('has --help on every command, with exit code 0', async () => {
      for (const command of [
        'applications list',
        'applications approve',
        'applications reject',
        'events create',
        'events edit',
        'events capacity',
        'events poster',
        'spaces create',
        'spaces edit',
        'studio-items create',
        'studio-items edit',
        'bookings list',
        'staff add',
        'staff remove',
      ]) {
        const result = await admin(...command.split(' '), '--help')
        expect(result.code, command).toBe(0)
        expect(result.out).toMatch(new RegExp(`^Usage: npm run admin -- ${command}`))
      }
    })

    it('refuses what is typed wrong with a clear message and exit code 2', async () => {
      const unknown = await admin('aplications', 'list')
      expect(unknown.code).toBe(2)
      expect(unknown.err).toMatch(/^Unknown command 'aplications'/)
      const option = await admin('applications', 'list', '--stat', 'all')
      expect(option).toMatchObject({ code: 2 })
      expect(option.err).toMatch(
        /^Unknown option --stat for 'applications list'\. Its options: --status\./,
      )
      const date = await admin('bookings', 'list', '--day', '24/11/2026')
      expect(date.code).toBe(2)
      expect(date.err).toMatch(/^--day must be a date as yyyy-MM-dd/)
      const missing = await admin('events', 'create', '--title', 'Open Mic')
      expect(missing.code).toBe(2)
      expect(missing.err).toMatch(
        /^To create an event, give --date, --start, --end, --capacity, --venue\./,
      )
      const noId = await admin('applications', 'approve')
      expect(noId.code).toBe(2)
      expect(noId.err).toMatch(/^'applications approve' needs <id>\./)
    })

    it('lists the pending applications', async () => {
      const result = await admin('applications', 'list')
      expect(result.code).toBe(0)
      expect(result.out).toMatch(/^2 applications \(pending\):/)
      expect(result.out).toContain('Obinna Eze <obinna@example.com>')
      expect(result.out).toContain(
        `Chukwuemekaoluwaseun Adebayo-Nwachukwu <${LONG_NAMED_APPLICANT}>`,
      )
    })

    it('approve: creates the account from the fields and e-mails a login link that works', async () => {
      const [application] = await api.db
        .select()
        .from(applications)
        .where(eq(applications.email, 'obinna@example.com'))
      const result = await admin('applications', 'approve', (application?.id ?? '').slice(0, 8))
      expect(result.err).toBe('')
      expect(result.code).toBe(0)
      expect(result.out).toMatch(
        /^Approved Obinna Eze <obinna@example\.com>: account [0-9a-f-]{36} created\./,
      )

      const [account] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'obinna@example.com'))
      expect(account).toMatchObject({
        firstName: 'Obinna',
        lastName: 'Eze',
        phone: '+234 806 555 0151',
        occupation: 'Software engineer',
        role: 'Member',
        subscriptionStatus: 'Inactive',
      })
      const [mail] = await mailTo(api.db, 'obinna@example.com')
      expect(mail?.subject).toBe('Welcome to Friends of 16')
      const token = mail?.text.match(/https:\/\/sixteen\.test\/verify\?token=([A-Za-z0-9_-]+)/)?.[1]
      expect(token).toBeDefined()
      const verified = await api.app.inject({
        url: `/api/accounts/verify-magic-link?token=${token}`,
      })
      expect(verified.statusCode).toBe(200)
      expect(verified.json().user).toMatchObject({
        email: 'obinna@example.com',
        name: 'Obinna Eze',
        subscriptionStatus: 'Inactive',
      })
      // In the audit log, by the command line.
      expect(await audited(application?.id ?? '')).toEqual([
        {
          actor: 'npm run admin',
          action: 'application approve',
          before: { status: 'Pending' },
          after: { status: 'Approved', accountId: account?.id },
        },
      ])
      // Once only.
      const again = await admin('applications', 'approve', application?.id ?? '')
      expect(again.code).toBe(1)
      expect(again.err).toBe(
        `The application of obinna@example.com is already approved (since ${TODAY}).`,
      )
      expect(await audited(application?.id ?? '')).toHaveLength(1)
    })

    it('approve of a community application makes the person an active member', async () => {
      const [community] = await api.db.select().from(communities)
      const signup = await api.app.inject({
        method: 'POST',
        url: '/api/accounts/signup-as-community-member',
        payload: {
          communityId: community?.id,
          application: {
            'First Name': 'Bisi',
            'Last Name': 'Adewale',
            'Email Address': 'bisi@example.com',
            Status: 'Community - Pending',
          },
        },
      })
      expect(signup.statusCode).toBe(201)
      const [application] = await api.db
        .select()
        .from(applications)
        .where(eq(applications.email, 'bisi@example.com'))
      const result = await approveApplication(ctx, application?.id ?? '')
      expect(result).toContain(
        'They are an active member of Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
      )
      const [member] = await api.db
        .select()
        .from(communityMembers)
        .where(eq(communityMembers.email, 'bisi@example.com'))
      expect(member?.status).toBe('Active')
      const [bisi] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'bisi@example.com'))
      expect(bisi?.role).toBe('Community Member')
      // The community is Active: so is her membership, until the community's ends (as joining).
      expect(bisi?.subscriptionStatus).toBe('Active')
      expect(bisi?.subscriptionExpiry).toEqual(community?.membershipExpiry)
      const [welcome] = (await mailTo(api.db, 'bisi@example.com')).slice(-1)
      expect(welcome?.text).toContain(
        "Your membership is active through your community, 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'.",
      )
      expect(welcome?.text).not.toContain('choose your plan')
    })

    it('reject: marks it rejected and sends a polite e-mail with the note', async () => {
      const applied = await api.app.inject({
        method: 'POST',
        url: '/api/applications/create-application',
        payload: { 'First Name': 'Seyi', 'Last Name': 'Ola', 'Email Address': 'seyi@example.com' },
      })
      const id = applied.json().data.id as string
      const result = await admin(
        'applications',
        'reject',
        id,
        '--note',
        'The next intake opens in April.',
      )
      expect(result.code).toBe(0)
      const [row] = await api.db.select().from(applications).where(eq(applications.id, id))
      expect(row).toMatchObject({
        status: 'Rejected',
        decisionNote: 'The next intake opens in April.',
      })
      const mails = await mailTo(api.db, 'seyi@example.com')
      const declined = mails.at(-1)
      expect(declined?.subject).toBe('Your application to Friends of 16')
      expect(declined?.text).toContain('we are not able to offer you a membership at this time')
      expect(declined?.text).toContain('The next intake opens in April.')
      expect(
        await api.db.select().from(accounts).where(eq(accounts.email, 'seyi@example.com')),
      ).toEqual([])
      const listed = await admin('applications', 'list', '--status', 'rejected')
      expect(listed.out).toContain('Seyi Ola <seyi@example.com>')
      expect(await audited(id)).toEqual([
        {
          actor: 'npm run admin',
          action: 'application decline',
          before: { status: 'Pending' },
          after: { status: 'Rejected', decisionNote: 'The next intake opens in April.' },
        },
      ])
    })

    it('approve where the e-mail has an account already: refused, nothing written', async () => {
      const applied = await api.app.inject({
        method: 'POST',
        url: '/api/applications/create-application',
        payload: { 'First Name': 'Dayo', 'Last Name': 'Ade', 'Email Address': 'dayo@example.com' },
      })
      const id = applied.json().data.id as string
      await api.db
        .insert(accounts)
        .values({ email: 'dayo@example.com', firstName: 'Dayo', lastName: 'Ade' })
      const result = await admin('applications', 'approve', id)
      expect(result).toEqual({
        code: 1,
        out: '',
        err: 'dayo@example.com already has an account: nothing to create. Reject the application instead, or leave it.',
      })
      const [row] = await api.db.select().from(applications).where(eq(applications.id, id))
      expect(row?.status).toBe('Pending')
      expect(await audited(id)).toEqual([])
    })

    it('events create, edit and capacity show on the calendar', async () => {
      const created = await admin(
        'events',
        'create',
        '--title',
        'Open Mic Night',
        '--date',
        '2026-12-05',
        '--start',
        '19:30',
        '--end',
        '22:00',
        '--price',
        '5000',
        '--friends-price',
        '4000',
        '--capacity',
        '40',
        '--venue',
        'Courtyard',
        '--poster',
        'https://example.com/open-mic.jpg',
      )
      expect(created.err).toBe('')
      expect(created.out).toContain('open-mic-night: Open Mic Night')
      const event = (await api.app.inject({ url: '/api/events/open-mic-night' })).json().data
      expect(event).toMatchObject({
        Name: 'Open Mic Night',
        Venue: 'Courtyard',
        Price: 5000,
        FriendsPrice: 4000,
        TimeSlots: ['7:30pm - 10pm'],
        StartDate: '2026-12-05T18:30:00.000Z',
        EndDate: '2026-12-05T21:00:00.000Z',
        Poster: [{ url: 'https://example.com/open-mic.jpg' }],
      })
      const edited = await admin(
        'events',
        'edit',
        'open-mic-night',
        '--price',
        '6000',
        '--friends-price',
        'none',
      )
      expect(edited.code).toBe(0)
      const [row] = await api.db.select().from(events).where(eq(events.id, 'open-mic-night'))
      expect(row).toMatchObject({ priceNaira: 6000, friendsPriceNaira: null, capacity: 40 })
      expect(row?.startAt.toISOString()).toBe('2026-12-05T18:30:00.000Z')
      const capacity = await admin('events', 'capacity', 'open-mic-night', '25')
      expect(capacity.out).toBe(
        'Open Mic Night (open-mic-night) now has 25 places per slot (was 40).',
      )
      // Each write in the audit log, as the command line's.
      const entries = await audited('open-mic-night')
      expect(entries.map(({ actor, action }) => `${actor}: ${action}`).sort()).toEqual([
        'npm run admin: event create',
        'npm run admin: event edit',
        'npm run admin: event edit',
        'npm run admin: event poster',
      ])
      expect(entries.find((entry) => entry.action === 'event create')?.after).toMatchObject({
        title: 'Open Mic Night',
        slots: ['7:30pm - 10pm'],
      })
      expect(entries.filter((entry) => entry.action !== 'event create')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            before: { poster: null },
            after: { poster: 'https://example.com/open-mic.jpg' },
          }),
          expect.objectContaining({
            before: { price: 5000, friendsPrice: 4000 },
            after: { price: 6000, friendsPrice: null },
          }),
          expect.objectContaining({ before: { capacity: 40 }, after: { capacity: 25 } }),
        ]),
      )
      const unknown = await admin('events', 'capacity', 'no-such-event', '25')
      expect(unknown.code).toBe(1)
      const clash = await admin(
        'events',
        'create',
        '--title',
        'Open Mic Night',
        '--date',
        '2026-12-06',
        '--start',
        '19:00',
        '--end',
        '18:00',
        '--capacity',
        '10',
        '--venue',
        'Courtyard',
      )
      expect(clash.code).toBe(2)
      expect(clash.err).toMatch(/^The event must end after it starts/)
    })

    it('spaces and studio items: create and edit what the booking pages offer', async () => {
      const space = await admin('spaces', 'create', '--name', 'The Loft', '--capacity', '16')
      expect(space.out).toMatch(/^Created space the-loft: The Loft, 16 places, bookable/)
      const listed = (await api.app.inject({ url: '/api/schedules' })).json().data as {
        Name: string
        Coworking: boolean
      }[]
      expect(listed.find((s) => s.Name === 'The Loft')?.Coworking).toBe(true)
      const hidden = await admin('spaces', 'edit', 'the-loft', '--coworking', 'no')
      expect(hidden.code).toBe(0)
      const item = await admin('studio-items', 'create', '--name', 'Risograph', '--capacity', '2')
      expect(item.out).toMatch(/^Created studio item risograph: Risograph, 2 places/)
      const [riso] = await api.db.select().from(spaces).where(eq(spaces.id, 'risograph'))
      expect(riso?.kind).toBe('print-studio')
      const wrongKind = await admin('studio-items', 'edit', 'the-loft', '--capacity', '3')
      expect(wrongKind.code).toBe(1)
      expect(wrongKind.err).toMatch(/^No studio item has the id 'the-loft'/)
      const nothing = await admin('spaces', 'edit', 'the-loft')
      expect(nothing.code).toBe(2)
      // The staff's tools' rules: a name another has, or none, is refused; each write audited.
      const sameId = await admin('spaces', 'create', '--name', 'The Loft.', '--capacity', '4')
      expect(sameId.code).toBe(1)
      expect(sameId.err).toMatch(/^A space with the id the-loft exists already\./)
      const sameName = await admin(
        'studio-items',
        'create',
        ...['--name', 'the loft', '--id', 'loft-press', '--capacity', '4'],
      )
      expect(sameName).toMatchObject({
        code: 1,
        err: 'A space or studio item called "the loft" exists already: give it another name.',
      })
      const noLetters = await admin('spaces', 'edit', 'the-loft', '--name', '!!!')
      expect(noLetters).toMatchObject({ code: 1, err: 'Give it a name with letters or digits.' })
      expect(await audited('the-loft')).toEqual([
        {
          actor: 'npm run admin',
          action: 'space create',
          before: null,
          after: { name: 'The Loft', capacity: 16, bookable: true },
        },
        {
          actor: 'npm run admin',
          action: 'space update',
          before: { bookable: true },
          after: { bookable: false },
        },
      ])
    })

    it('spaces edit --name: the bookings of today on follow the new name; below what is booked, a note', async () => {
      // Ada's co-working on Thursday (Courtyard), as the co-working panel books it.
      const ada = await signIn(api, 'ada@example.com')
      const booked = await api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        headers: bearer(ada),
        payload: {
          Email: 'ada@example.com',
          Name: 'Ada Okafor',
          Phone: '+234 803 555 0101',
          Event: 'Book a spot',
          Type: 'spot',
          Venue: 'Courtyard',
          Date: '2026-11-26',
          Amount: 0,
          'Time Slot': '10am - 10pm',
          'Paid with': 'free',
          'Payment Reference': null,
          Visitors: 1,
          'Names of Visitors': 'Chidi Okeke',
        },
      })
      expect(booked.statusCode, booked.body).toBe(201)
      const renamed = await admin(
        'spaces',
        'edit',
        'courtyard',
        ...['--name', 'Ikoyi Courtyard', '--capacity', '1'],
      )
      expect(renamed).toEqual({
        code: 0,
        err: '',
        out: "Updated space courtyard: Ikoyi Courtyard, 1 places, bookable, sort 3\nNote: 2 places are booked on Thursday, November 26, 2026; those bookings stay, new ones are refused ('Sold out').",
      })
      const mine = (
        await api.app.inject({ url: '/api/bookings/ada@example.com', headers: bearer(ada) })
      ).json().bookings as { Type: string; Venue: string }[]
      expect(mine.filter((b) => b.Type === 'spot').map((b) => b.Venue)).toEqual(['Ikoyi Courtyard'])
      expect(await audited('courtyard')).toEqual([
        {
          actor: 'npm run admin',
          action: 'space update',
          before: { name: 'Courtyard', capacity: 30 },
          after: { name: 'Ikoyi Courtyard', capacity: 1 },
        },
      ])
    })

    it('staff add and remove: the role, an account when there is none, an audit entry each', async () => {
      const staffDay = async (email: string) =>
        (
          await api.app.inject({
            url: '/api/staff/today',
            headers: bearer(await signIn(api, email)),
          })
        ).statusCode

      // An account already there (a member): it keeps its names, and gets the role.
      expect(await staffDay('kemi@example.com')).toBe(403)
      const kemi = await admin('staff', 'add', ' Kemi@Example.com ')
      expect(kemi).toEqual({
        code: 0,
        err: '',
        out: 'Kemi Adeyemi <kemi@example.com> is staff (desk) now: they log in at /login as before and find the staff tools at /staff.',
      })
      expect(await staffDay('kemi@example.com')).toBe(200)
      expect(await audited('kemi@example.com')).toEqual([
        {
          actor: 'npm run admin',
          action: 'staff add',
          before: { staffRole: null },
          after: { staffRole: 'desk' },
        },
      ])
      const twice = await admin('staff', 'add', 'kemi@example.com')
      expect(twice.out).toBe(
        'Kemi Adeyemi <kemi@example.com> is staff (desk) already: nothing changed.',
      )
      expect(await audited('kemi@example.com')).toHaveLength(1)

      // Another role: the door opens the day and no desk tool, from the next call.
      const bookings = async () =>
        (
          await api.app.inject({
            method: 'GET',
            url: '/api/staff/bookings?day=2026-11-24',
            headers: bearer(await signIn(api, 'kemi@example.com')),
          })
        ).statusCode
      expect(await bookings()).toBe(200)
      const door = await admin('staff', 'add', 'kemi@example.com', '--role', 'Door')
      expect(door.out).toBe(
        'Kemi Adeyemi <kemi@example.com> is staff (door) now, was desk: from their next call.',
      )
      expect(await staffDay('kemi@example.com')).toBe(200)
      expect(await bookings()).toBe(403)
      expect((await audited('kemi@example.com')).at(-1)).toEqual({
        actor: 'npm run admin',
        action: 'staff add',
        before: { staffRole: 'desk' },
        after: { staffRole: 'door' },
      })
      const unknownRole = await admin('staff', 'add', 'kemi@example.com', '--role', 'bouncer')
      expect(unknownRole.code).toBe(2)
      expect(unknownRole.err).toMatch(
        /^'bouncer' is not a staff role: use one of door, desk, manager, owner\./,
      )

      // A new e-mail: the names are needed, and make the account (no membership).
      const nameless = await admin('staff', 'add', 'Tolu.Bakare@Sixteen.ng')
      expect(nameless.code).toBe(2)
      expect(nameless.err).toMatch(
        /^tolu\.bakare@sixteen\.ng has no account yet: give --first-name and --last-name to create it\./,
      )
      const created = await admin(
        'staff',
        'add',
        'Tolu.Bakare@Sixteen.ng',
        '--first-name',
        'Tolu',
        '--last-name',
        'Bakare-Ogunleye',
      )
      expect(created.code).toBe(0)
      expect(created.out).toMatch(
        /^Created the account of Tolu Bakare-Ogunleye <tolu\.bakare@sixteen\.ng>, staff \(desk\)/,
      )
      const [tolu] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'tolu.bakare@sixteen.ng'))
      expect(tolu).toMatchObject({ staffRole: 'desk', role: null, subscriptionStatus: null })
      expect(await staffDay('tolu.bakare@sixteen.ng')).toBe(200)
      expect(await audited('tolu.bakare@sixteen.ng')).toEqual([
        {
          actor: 'npm run admin',
          action: 'staff add',
          before: null,
          after: {
            email: 'tolu.bakare@sixteen.ng',
            firstName: 'Tolu',
            lastName: 'Bakare-Ogunleye',
            staffRole: 'desk',
          },
        },
      ])

      // Removed: the next call is refused; the account stays.
      const removed = await admin('staff', 'remove', 'kemi@example.com')
      expect(removed.code).toBe(0)
      expect(removed.out).toMatch(/^Kemi Adeyemi <kemi@example\.com> is no longer staff/)
      expect(await staffDay('kemi@example.com')).toBe(403)
      expect((await audited('kemi@example.com')).at(-1)).toEqual({
        actor: 'npm run admin',
        action: 'staff remove',
        before: { staffRole: 'door' },
        after: { staffRole: null },
      })
      expect((await admin('staff', 'remove', 'kemi@example.com')).out).toBe(
        'Kemi Adeyemi <kemi@example.com> is not staff: nothing changed.',
      )

      const nobody = await admin('staff', 'remove', 'nobody@example.com')
      expect(nobody).toMatchObject({
        code: 1,
        err: 'No account has the e-mail nobody@example.com.',
      })
      const typo = await admin('staff', 'add', 'kemi.example.com')
      expect(typo.code).toBe(2)
      expect(typo.err).toMatch(/^'kemi\.example\.com' is not an e-mail address/)
    })

    it('bookings list --day shows the day’s bookings', async () => {
      const result = await admin('bookings', 'list', '--day', TODAY)
      expect(result.code).toBe(0)
      expect(result.out).toMatch(new RegExp(`^\\d+ bookings? on ${TODAY}`))
      const empty = await admin('bookings', 'list', '--day', '2030-01-01')
      expect(empty.out).toBe('No bookings on 2030-01-01.')
      const none = await admin('bookings', 'list')
      expect(none.code).toBe(2)
      expect(none.err).toMatch(/^Give the day: --day yyyy-MM-dd\./)
    })
  })
})
