import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { type Config, problemsReport, readConfig } from './config'
import { migrate, openDatabase } from './db/client'
import { seedDemoData } from './db/seed'
import { stopGracefully } from './http/lifecycle'
import { openRedis } from './http/rate-limit'
import { statechartsEnabled } from './http/statecharts'

/** Says why the server will not start, every reason at once, and exits 1. */
function refuseToStart(problems: string[], production: boolean): never {
  console.error(problemsReport('Sixteen cannot start', problems, production))
  process.exit(1)
}

let config: Config
try {
  config = readConfig()
} catch (error) {
  refuseToStart([(error as Error).message], process.env.NODE_ENV === 'production')
}
// Before the database opens: a site with one setting missing never serves a request.
if (config.problems.length > 0) refuseToStart(config.problems, config.production)
console.log(
  config.production
    ? 'Starting in production mode (NODE_ENV=production).'
    : 'Starting in development mode: NODE_ENV=production requires the settings of a real site.',
)
const database = await openDatabase(
  config.databaseUrl
    ? { url: config.databaseUrl, timeouts: config.databaseTimeouts }
    : { dataDir: config.dataDir },
)
await migrate(database.db)
if (config.seedDemoData && (await seedDemoData(database.db, new Date()))) {
  console.log('Filled the empty database with demo data (see README: demo accounts).')
}

// Rate limits shared across instances; while Redis is away they count in memory (logged once).
const redis = config.redisUrl ? openRedis(config.redisUrl) : null
const app = await buildApp({
  db: database.db,
  webRoot: fileURLToPath(new URL('../dist', import.meta.url)),
  redis,
  logger: { level: config.logLevel },
  production: config.production,
  payments: config.payments,
  publicUrl: config.publicUrl,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  trustProxy: config.trustProxy,
  timeouts: config.timeouts,
  statecharts: statechartsEnabled(process.env, config.seedDemoData),
  metricsToken: config.metricsToken,
  visitorShare: config.visitorShare,
})

// A stop loses no request (server/http/lifecycle.ts, docs/decisions/037): SIGTERM (a deploy) serves on
// SHUTDOWN_DELAY_MS, not ready, and SIGINT (Ctrl-C at the terminal) not at all; then every
// request accepted is answered, the background work and the pool closed: exit 0, or 1 past
// SHUTDOWN_TIMEOUT_MS, saying what was left. A second signal exits at once.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) {
      console.error(`${signal} again: exiting at once; requests still in flight are cut.`)
      process.exit(1)
    }
    stopping = true
    const interactive = signal === 'SIGINT'
    const delayMs = interactive ? 0 : config.shutdown.delayMs
    console.log(
      `${signal}: stopping. Not ready for new requests; ${delayMs ? `serving ${delayMs} ms more, then ` : ''}finishing the ones in flight.`,
    )
    const outcome = await stopGracefully(app, app.lifecycle, {
      timeoutMs: config.shutdown.timeoutMs,
      delayMs,
      closeIdleAtOnce: interactive,
      steps: [
        { name: 'the background work (mail, refunds, waitlist)', run: () => app.close() },
        { name: 'the database pool', run: () => database.close() },
        { name: 'Redis', run: async () => redis?.disconnect() },
      ],
    })
    if (outcome.clean) {
      console.log('Stopped: every request answered, the database closed.')
      process.exit(0)
    }
    console.error(
      ['Stopped without finishing:', ...outcome.left.map((line) => `- ${line}`)].join('\n'),
    )
    process.exit(1)
  })
}

await app.listen({ port: config.port, host: config.host })
console.log(`Sixteen is open at ${config.publicUrl} (API reference: ${config.publicUrl}/api/docs)`)
if (config.trustProxy === true) {
  app.log.warn(
    'TRUST_PROXY=true believes every X-Forwarded-For: any client can choose its own address ' +
      '(and a fresh rate-limit budget). Give the number of proxies or their addresses instead.',
  )
}
console.log(
  config.payments.provider === 'paystack'
    ? 'Card payments go through Paystack.'
    : config.production
      ? 'A staging site (PAYMENTS=sandbox): card payments go through the sandbox checkout, no real money moves.'
      : 'Card payments go through the sandbox checkout: no real money moves.',
)
console.log(
  config.smtpUrl
    ? 'E-mail is sent through SMTP_URL.'
    : `E-mail is kept in the outbox: read it at ${config.publicUrl}/dev/outbox`,
)
