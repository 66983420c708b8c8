import { createHash, randomBytes } from 'node:crypto'
import { addDays } from 'date-fns'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { roleAllows, type StaffRole, staffRoleOf } from '../../machines/rules/staff-roles'
import type { Db, Tx } from '../db/client'
import { accounts, sessions } from '../db/schema'
import { forbidden, unauthorized } from './http-error'

export type Account = typeof accounts.$inferSelect

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, when a valid bearer token came with the request. */
    account: Account | null
    /** A bearer token came but no live session has it (expired, revoked or made up). */
    sessionExpired: boolean
  }
}

/** Tokens are stored hashed, so a leaked table opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new secret for a login link or a session: 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')

/** How long a session lasts after its login link is spent. */
export const SESSION_DAYS = 30

/** Opens a session for the account; returns its bearer token (only its hash is stored). */
export async function startSession(db: Db | Tx, accountId: string, now: Date): Promise<string> {
  const token = newToken()
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId, expiresAt: addDays(now, SESSION_DAYS) })
  return token
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}

/**
 * Resolves the session of every routed request that carries a bearer token. It runs in
 * preParsing, after every onRequest hook (the rate limiter's included), so a refused request
 * costs no query; and never for an unknown address, whose 404 needs no database. It still runs
 * before the routes' own preParsing hooks, where app.ts puts the contract's security check.
 */
export function registerSessions(app: FastifyInstance, db: Db, now: () => Date) {
  app.decorateRequest('account', null)
  app.decorateRequest('sessionExpired', false)
  // A callback hook, not an async one: most requests carry no token and pass at once.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Only the API's operations read a session: a page, a file or an unknown address costs none.
    const token =
      request.is404 || !request.routeOptions.url?.startsWith('/api/') ? null : bearerToken(request)
    if (!token) return done(null, payload)
    db.select({ account: accounts })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now())))
      .limit(1)
      .then(([row]) => {
        request.account = row?.account ?? null
        request.sessionExpired = !row
        done(null, payload)
      }, done)
  })
}

/**
 * The refusals of bearerAuth, made once. It refuses every anonymous call of an operation whose
 * bearer is optional (an RSVP, a card payment) before the contract's empty scheme lets the caller
 * in: a new error's stack, captured on each such call, took 2% of the server's time in a rush of
 * RSVPs.
 */
const PLEASE_LOG_IN = unauthorized('Please log in.')
const SESSION_ENDED = unauthorized()

const STAFF_ONLY = forbidden("This is for the hotel's staff.")
const NOT_YOUR_ROLE = forbidden('Your staff role does not open this. Ask a manager if you need it.')

/**
 * The contract's schemes, as fastify-openapi-glue security handlers. app.ts runs them in
 * preParsing, before the body is read: a visitor or a member learns nothing of a staff
 * operation's body (its validation, its content type) from the refusal.
 */
export const securityHandlers = {
  async bearerAuth(request: FastifyRequest) {
    if (!request.account) throw request.sessionExpired ? SESSION_ENDED : PLEASE_LOG_IN
  },
  /**
   * `staff`: a live session (401, as for any bearer), then a staff role at least as wide as the
   * least the operation names (403), read with the session on every request, so a role taken away
   * or narrowed by `npm run admin -- staff` ends at the next call.
   */
  async staff(request: FastifyRequest, _reply: unknown, needed: readonly string[] = []) {
    if (!request.account) throw request.sessionExpired ? SESSION_ENDED : PLEASE_LOG_IN
    const role = request.account.staffRole
    if (!role) throw STAFF_ONLY
    const least = staffRoleOf(needed[0])
    if (!least) throw new Error(`The contract names no staff role for ${request.routeOptions.url}`)
    if (!roleAllows(role, least)) throw NOT_YOUR_ROLE
  },
}

/** For operations whose bearer is optional: anonymous is fine, a dead token is not. */
export function optionalAccount(request: FastifyRequest): Account | null {
  if (request.sessionExpired) throw unauthorized()
  return request.account
}

/** For operations whose bearer is required (the security handler has already checked). */
export function requireAccount(request: FastifyRequest): Account {
  if (!request.account) throw unauthorized()
  return request.account
}

/** The staff member calling a staff operation (the `staff` scheme has checked the role). */
export function staffAccount(request: FastifyRequest): Account & { staffRole: StaffRole } {
  const account = requireAccount(request)
  const { staffRole } = account
  if (!staffRole) throw STAFF_ONLY
  return { ...account, staffRole }
}
