import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/client.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET } from '../../server/payments/provider.ts'
import { eventMaker, ticketTo } from '../support/bookings.ts'
import {
  type FreshDatabase,
  freshDatabase,
  type Instance,
  refusedStart,
  startInstance,
} from '../support/instances.ts'

// NODE_ENV=production, as the README's production command runs the built server (issue 44): one
// forgotten setting never opens the house. Without SMTP_URL the outbox's pages published every
// login link; without PAYSTACK_SECRET_KEY anyone could press Pay on the sandbox and get a ticket.

const template = inject('postgresTemplate')

const PUBLIC_URL = 'https://sixteen.example'
/** Every setting production needs. Nothing is sent: SMTP and Paystack point at closed ports. */
const LIVE = {
  NODE_ENV: 'production',
  PUBLIC_URL,
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYSTACK_SECRET_KEY: 'sk_test_never_called',
  PAYSTACK_BASE_URL: 'http://127.0.0.1:1',
  PAYMENTS: '',
  SANDBOX_WEBHOOK_SECRET: '',
}
/** A staging site: production, its card payments through the sandbox. */
const STAGING = {
  ...LIVE,
  PAYSTACK_SECRET_KEY: '',
  PAYMENTS: 'sandbox',
  SANDBOX_WEBHOOK_SECRET: 'a-staging-secret-of-our-own',
}

const publicUrlRefused = (value: string) =>
  `PUBLIC_URL must be where people reach the site: http:// or https://, a host, an optional port and nothing after it, e.g. https://sixteen.ng; it is '${value}'.`

describe('reading the settings (readConfig)', () => {
  it('outside production requires nothing, as `npm start` with no settings', () => {
    const config = readConfig({ PORT: '4000' })
    expect(config).toMatchObject({
      production: false,
      problems: [],
      publicUrl: 'http://localhost:4000',
      smtpUrl: null,
      payments: { provider: 'sandbox', webhookSecret: DEFAULT_SANDBOX_WEBHOOK_SECRET },
    })
    expect(readConfig({ NODE_ENV: 'test' }).problems).toEqual([])
  })

  it('keeps PUBLIC_URL as an origin', () => {
    expect(readConfig({ PUBLIC_URL: 'https://sixteen.ng/' }).publicUrl).toBe('https://sixteen.ng')
    expect(readConfig({ PUBLIC_URL: 'HTTPS://Sixteen.NG:443' }).publicUrl).toBe(
      'https://sixteen.ng',
    )
    expect(readConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe(
      'http://10.0.0.5:8080',
    )
  })

  it.each([
    'sixteen.ng',
    'ftp://sixteen.ng',
    'https://sixteen.ng/hotel',
    'https://sixteen.ng/?x=1',
    'https://sixteen.ng/#top',
    'https://user:pass@sixteen.ng',
    'https://',
  ])('refuses PUBLIC_URL=%s in any mode', (value) => {
    expect(readConfig({ PUBLIC_URL: value }).problems).toEqual([publicUrlRefused(value)])
  })

  it('refuses a PAYMENTS it does not know, and a sandbox chosen beside a Paystack key', () => {
    expect(readConfig({ PAYMENTS: 'paystack' }).problems).toEqual([
      "PAYMENTS can only be 'sandbox' (test payments: no real money moves), or unset for Paystack with PAYSTACK_SECRET_KEY; it is 'paystack'.",
    ])
    expect(readConfig({ PAYMENTS: 'sandbox', PAYSTACK_SECRET_KEY: 'sk_live_x' }).problems).toEqual([
      'PAYMENTS=sandbox and PAYSTACK_SECRET_KEY are both set: unset one (the sandbox moves no money, Paystack does).',
    ])
  })

  it('in production, takes a staging site with its own webhook secret', () => {
    expect(readConfig(STAGING)).toMatchObject({
      production: true,
      problems: [],
      publicUrl: PUBLIC_URL,
      payments: { provider: 'sandbox', webhookSecret: 'a-staging-secret-of-our-own' },
    })
  })
})

const tablesIn = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    )
    return rows[0].n as number
  } finally {
    await client.end()
  }
}

describe.skipIf(!template)(
  template
    ? 'production mode (dist-server/main.mjs with NODE_ENV=production, on PostgreSQL)'
    : 'production mode (skipped: no PostgreSQL server answered)',
  () => {
    describe('a setting missing', () => {
      let database: FreshDatabase
      beforeAll(async () => {
        if (template) database = await freshDatabase(template.adminUrl, template.prefix)
      })
      afterAll(() => database?.drop())

      it.each([
        ['PUBLIC_URL', { ...LIVE, PUBLIC_URL: '' }],
        ['SMTP_URL', { ...LIVE, SMTP_URL: '' }],
        ['PAYSTACK_SECRET_KEY', { ...LIVE, PAYSTACK_SECRET_KEY: '' }],
        ['SANDBOX_WEBHOOK_SECRET', { ...STAGING, SANDBOX_WEBHOOK_SECRET: '' }],
      ])(
        'without %s: exits 1 naming it, before opening the database',
        async (name, env) => {
          const refused = await refusedStart({ databaseUrl: database.url, env })
          expect(refused.code, refused.stdout + refused.stderr).toBe(1)
          expect(refused.stderr).toContain(
            'Sixteen cannot start in production (NODE_ENV=production):',
          )
          expect(refused.stderr).toMatch(new RegExp(`^- ${name} is not set: `, 'm'))
          // One problem, one line: nothing else is said to be missing.
          expect(refused.stderr.match(/^- /gm)).toHaveLength(1)
          expect(refused.stdout).not.toContain('Sixteen is open')
          expect(await tablesIn(database.url)).toBe(0)
        },
        30_000,
      )

      it('with none of them, names every one at once', async () => {
        const refused = await refusedStart({
          databaseUrl: database.url,
          env: { ...LIVE, PUBLIC_URL: '', SMTP_URL: '', PAYSTACK_SECRET_KEY: '' },
        })
        expect(refused.code).toBe(1)
        const named = [...refused.stderr.matchAll(/^- (\w+) is not set: /gm)].map((m) => m[1])
        expect(named).toEqual(['PUBLIC_URL', 'SMTP_URL', 'PAYSTACK_SECRET_KEY'])
      }, 30_000)

      it('refuses a PUBLIC_URL that is no site address, quoting it', async () => {
        const refused = await refusedStart({
          databaseUrl: database.url,
          env: { ...LIVE, PUBLIC_URL: 'sixteen.example' },
        })
        expect(refused.code).toBe(1)
        expect(refused.stderr).toContain(`- ${publicUrlRefused('sixteen.example')}`)
      }, 30_000)
    })

    describe.each([
      ['with every setting (Paystack)', LIVE],
      ['on a staging site (PAYMENTS=sandbox)', STAGING],
    ])('%s', (_name, env) => {
      let database: FreshDatabase
      let instance: Instance
      beforeAll(async () => {
        if (!template) return
        database = await freshDatabase(template.adminUrl, template.prefix)
        instance = await startInstance({ databaseUrl: database.url, env })
      }, 60_000)
      afterAll(async () => {
        await instance?.stop()
        await database?.drop()
      })

      it('says it runs in production mode', () => {
        expect(instance.output()).toContain('Starting in production mode (NODE_ENV=production).')
      })

      it('never serves the outbox', async () => {
        for (const path of ['/api/dev/outbox', '/dev/outbox']) {
          expect((await fetch(instance.url + path)).status, path).toBe(404)
        }
      })

      if (env === LIVE) {
        it('serves no sandbox', async () => {
          for (const path of ['/sandbox/checkout/x', '/sandbox/checkout.css']) {
            expect((await fetch(instance.url + path)).status, path).toBe(404)
          }
          const pay = await fetch(`${instance.url}/sandbox/checkout/x`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'outcome=pay',
          })
          expect(pay.status).toBe(404)
        })
      } else {
        it("takes a payment on the sandbox checkout, which says it is a staging site's", async () => {
          // An event of our own, tomorrow in Lagos, written as staff would in SQL.
          const writer = await openDatabase({ url: database.url })
          const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
            timeZone: 'Africa/Lagos',
          })
          const event = await eventMaker(
            writer.db,
            'Staging Night',
          )({
            day: tomorrow,
            slots: ['7pm - 10pm'],
            price: 500_000,
          }).finally(() => writer.close())
          const email = 'staging.payer@example.com'
          const who = { Email: email, Name: 'Tolu Adeyemi', Phone: '+234 803 555 0199' }
          const started = await fetch(`${instance.url}/api/payments/initiate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              callbackUrl: '/profile/bookings',
              email,
              payment: { Amount: 500_000, Currency: 'NGN', Account: null, Plan: null },
              booking: ticketTo(event, who, 'paystack'),
            }),
          })
          expect(started.status).toBe(201)
          const checkout = new URL(
            ((await started.json()) as { data: { authorization_url: string } }).data
              .authorization_url,
          )
          expect(checkout.origin).toBe(PUBLIC_URL)

          const page = await fetch(instance.url + checkout.pathname)
          expect(page.status).toBe(200)
          const html = await page.text()
          expect(html).toContain(
            '<p class="sandbox" role="note">Staging site: test payments, no real money moves</p>',
          )
          expect(html).toContain('₦5,000.00')

          const paid = await fetch(instance.url + checkout.pathname, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'outcome=pay',
            redirect: 'manual',
          })
          expect(paid.status).toBe(303)
          const back = new URL(paid.headers.get('location') ?? '')
          expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/profile/bookings`)
        }, 30_000)
      }
    })
  },
)
