import { type DatabaseTimeouts, readDatabaseTimeouts } from './db/client'
import { type HttpTimeouts, parseTrustProxy, readTimeouts, type TrustProxy } from './http-options'
import { DEFAULT_MAIL_FROM } from './mail/deps'
import {
  DEFAULT_PAYSTACK_BASE_URL,
  DEFAULT_SANDBOX_WEBHOOK_SECRET,
  type PaymentsOptions,
} from './payments/provider'

/** Everything the server reads from its environment, with the defaults a newcomer needs. */
export interface Config {
  port: number
  host: string
  /** A PostgreSQL server; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null
  dataDir: string
  /** Where people reach the site; used in e-mailed links and payment callbacks. */
  publicUrl: string
  redisUrl: string | null
  /** Fill an empty database with the demo data on start. */
  seedDemoData: boolean
  logLevel: string
  /** SMTP server for e-mail; null keeps every message in the outbox (listed at /dev/outbox). */
  smtpUrl: string | null
  /** The From of e-mail. */
  mailFrom: string
  /** Card payments: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox checkout. */
  payments: PaymentsOptions
  /** Whose X-Forwarded-For is believed (TRUST_PROXY); false: the connection's own address. */
  trustProxy: TrustProxy
  /** How long a client may take (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, ...). */
  timeouts: HttpTimeouts
  /** How long to wait on PostgreSQL before answering 503 (DB_CONNECT_TIMEOUT_MS, ...). */
  databaseTimeouts: DatabaseTimeouts
}

function readPayments(env: NodeJS.ProcessEnv): PaymentsOptions {
  const secretKey = env.PAYSTACK_SECRET_KEY?.trim()
  if (secretKey) {
    return {
      provider: 'paystack',
      secretKey,
      baseUrl: env.PAYSTACK_BASE_URL?.trim() || DEFAULT_PAYSTACK_BASE_URL,
    }
  }
  return {
    provider: 'sandbox',
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET?.trim() || DEFAULT_SANDBOX_WEBHOOK_SECRET,
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`)
  const databaseUrl = env.DATABASE_URL?.trim() || null
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: env.DATA_DIR ?? './data/pglite',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    redisUrl: env.REDIS_URL?.trim() || null,
    seedDemoData: (env.SEED_DEMO_DATA ?? (databaseUrl ? 'false' : 'true')) === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    payments: readPayments(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: readTimeouts(env),
    databaseTimeouts: readDatabaseTimeouts(env),
  }
}
