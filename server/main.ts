import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { readConfig } from './config'
import { migrate, openDatabase } from './db/client'
import { seedDemoData } from './db/seed'
import { openRedis } from './rate-limit'
import { statechartsEnabled } from './statecharts'

const config = readConfig()
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
  payments: config.payments,
  publicUrl: config.publicUrl,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  trustProxy: config.trustProxy,
  timeouts: config.timeouts,
  statecharts: statechartsEnabled(process.env, config.seedDemoData),
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close()
    await database.close()
    redis?.disconnect()
    process.exit(0)
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
    : 'Card payments go through the sandbox checkout: no real money moves.',
)
console.log(
  config.smtpUrl
    ? 'E-mail is sent through SMTP_URL.'
    : `E-mail is kept in the outbox: read it at ${config.publicUrl}/dev/outbox`,
)
