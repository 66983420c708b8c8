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
  }
}
