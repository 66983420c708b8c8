import { VISITOR_SHARE } from './bookings/places'
import { type DatabaseTimeouts, readDatabaseTimeouts } from './db/client'
import { readShutdown, type ShutdownOptions } from './http/lifecycle'
import { type HttpTimeouts, parseTrustProxy, readTimeouts, type TrustProxy } from './http/options'
import { DEFAULT_MAIL_FROM } from './mail/deps'
import {
  DEFAULT_PAYSTACK_BASE_URL,
  DEFAULT_SANDBOX_WEBHOOK_SECRET,
  type PaymentsOptions,
} from './payments/provider'

/** Everything the server reads from its environment, with the defaults a newcomer needs. */
/**
 * The contract the server is built from: routes, validation and the /api/docs page. Found from
 * this file, which is one level below the repository's root as the bundle (dist-server/main.mjs)
 * is: the same path in both.
 */
export const contractPath = new URL('../openapi/hotel.yaml', import.meta.url)

export interface Config {
  /**
   * NODE_ENV=production: every setting a real site needs is required (see `problems`), and
   * nothing made for development (the outbox's pages, the sandbox unless chosen) is served.
   */
  production: boolean
  /** Why the server must not start, one sentence per setting, all at once; empty when none. */
  problems: string[]
  port: number
  host: string
  /** A PostgreSQL server; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null
  dataDir: string
  /**
   * Where people reach the site (PUBLIC_URL), as an origin ('https://sixteen.ng'): every e-mailed
   * link and payment return is built on it; http://localhost:PORT outside production when unset.
   */
  publicUrl: string
  redisUrl: string | null
  /** Fill an empty database with the demo data on start. */
  seedDemoData: boolean
  logLevel: string
  /** SMTP server for e-mail; null keeps every message in the outbox (listed at /dev/outbox). */
  smtpUrl: string | null
  /** The From of e-mail. */
  mailFrom: string
  /**
   * Card payments: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox checkout (in
   * production only with PAYMENTS=sandbox: a staging site).
   */
  payments: PaymentsOptions
  /** Whose X-Forwarded-For is believed (TRUST_PROXY); false: the connection's own address. */
  trustProxy: TrustProxy
  /** How long a client may take (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, ...). */
  timeouts: HttpTimeouts
  /** How long to wait on PostgreSQL before answering 503 (DB_CONNECT_TIMEOUT_MS, ...). */
  databaseTimeouts: DatabaseTimeouts
  /** How a stop goes (SHUTDOWN_TIMEOUT_MS, SHUTDOWN_DELAY_MS; server/http/lifecycle.ts). */
  shutdown: ShutdownOptions
  /** METRICS_TOKEN: a scraper elsewhere reads /metrics with it; null: this machine's only. */
  metricsToken: string | null
  /**
   * VISITOR_SHARE: the share of a free event day's places visitors' tickets may hold before their
   * e-mail is proven (docs/decisions/040); a third unless set, 1 lifts the cap.
   */
  visitorShare: number
}

function readPayments(
  env: NodeJS.ProcessEnv,
  production: boolean,
  problems: string[],
): PaymentsOptions {
  const secretKey = env.PAYSTACK_SECRET_KEY?.trim()
  const choice = env.PAYMENTS?.trim()
  const sandboxChosen = choice === 'sandbox'
  if (choice && !sandboxChosen) {
    problems.push(
      `PAYMENTS can only be 'sandbox' (test payments: no real money moves), or unset for Paystack with PAYSTACK_SECRET_KEY; it is '${choice}'.`,
    )
  }
  if (sandboxChosen && secretKey) {
    problems.push(
      'PAYMENTS=sandbox and PAYSTACK_SECRET_KEY are both set: unset one (the sandbox moves no money, Paystack does).',
    )
  }
  if (secretKey && !sandboxChosen) {
    return {
      provider: 'paystack',
      secretKey,
      baseUrl: env.PAYSTACK_BASE_URL?.trim() || DEFAULT_PAYSTACK_BASE_URL,
    }
  }
  const webhookSecret = env.SANDBOX_WEBHOOK_SECRET?.trim()
  if (production && !sandboxChosen) {
    problems.push(
      'PAYSTACK_SECRET_KEY is not set: card payments need Paystack (or PAYMENTS=sandbox for a staging site, where no real money moves).',
    )
  } else if (production && !webhookSecret) {
    // The development value is in the source: anyone could sign a payment with it.
    problems.push(
      'SANDBOX_WEBHOOK_SECRET is not set: with PAYMENTS=sandbox in production the sandbox signs its webhooks with a secret of your own (e.g. `openssl rand -hex 32`).',
    )
  }
  return { provider: 'sandbox', webhookSecret: webhookSecret || DEFAULT_SANDBOX_WEBHOOK_SECRET }
}

/**
 * PUBLIC_URL's origin ('https://sixteen.ng'); a trailing slash is fine, anything else after the
 * host is refused, since the site is served at the root. Null (a problem pushed) when unusable.
 */
function readPublicUrl(raw: string, problems: string[]): string | null {
  let url: URL | null = null
  try {
    url = new URL(raw)
  } catch {}
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    problems.push(
      `PUBLIC_URL must be where people reach the site: http:// or https://, a host, an optional port and nothing after it, e.g. https://sixteen.ng; it is '${raw}'.`,
    )
    return null
  }
  return url.origin
}

/** Why a command will not run, every reason at once, for the console. */
export function problemsReport(what: string, problems: string[], production: boolean): string {
  const where = production ? ' in production (NODE_ENV=production)' : ''
  return [
    `${what}${where}:`,
    ...problems.map((problem) => `- ${problem}`),
    "See the README's 'Environment' and 'Running in production'.",
  ].join('\n')
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`)
  const databaseUrl = env.DATABASE_URL?.trim() || null
  const production = env.NODE_ENV?.trim() === 'production'
  const problems: string[] = []
  const publicUrlSetting = env.PUBLIC_URL?.trim()
  if (production && !publicUrlSetting) {
    problems.push(
      'PUBLIC_URL is not set: the address people reach the site at (e.g. https://sixteen.ng), which every e-mailed link and payment return is built on.',
    )
  }
  const publicUrl = publicUrlSetting ? readPublicUrl(publicUrlSetting, problems) : null
  const smtpUrl = env.SMTP_URL?.trim() || null
  if (production && !smtpUrl) {
    problems.push(
      'SMTP_URL is not set: e-mail (login links, receipts) would never leave the server (e.g. smtps://user:password@smtp.example.com:465).',
    )
  }
  const payments = readPayments(env, production, problems)
  return {
    production,
    problems,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: env.DATA_DIR ?? './data/pglite',
    publicUrl: publicUrl ?? `http://localhost:${port}`,
    redisUrl: env.REDIS_URL?.trim() || null,
    seedDemoData: (env.SEED_DEMO_DATA ?? (databaseUrl ? 'false' : 'true')) === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    payments,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: readTimeouts(env),
    databaseTimeouts: readDatabaseTimeouts(env),
    shutdown: readShutdown(env),
    metricsToken: readMetricsToken(env, problems),
    visitorShare: readVisitorShare(env, problems),
  }
}

function readVisitorShare(env: NodeJS.ProcessEnv, problems: string[]): number {
  const raw = env.VISITOR_SHARE?.trim()
  if (!raw) return VISITOR_SHARE
  const share = Number(raw)
  if (!(share > 0 && share <= 1)) {
    problems.push(
      `VISITOR_SHARE must be a share of the places above 0 and at most 1 (e.g. 0.33), not "${raw}".`,
    )
    return VISITOR_SHARE
  }
  return share
}

/** The shortest METRICS_TOKEN taken: one that could be guessed would open /metrics to anyone. */
const METRICS_TOKEN_MIN = 16

function readMetricsToken(env: NodeJS.ProcessEnv, problems: string[]): string | null {
  const token = env.METRICS_TOKEN?.trim() || null
  if (token && token.length < METRICS_TOKEN_MIN) {
    problems.push(
      `METRICS_TOKEN is too short to keep /metrics to yourself: use ${METRICS_TOKEN_MIN} characters or more (e.g. \`openssl rand -hex 32\`).`,
    )
  }
  return token
}
