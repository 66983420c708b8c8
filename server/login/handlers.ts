import { and, eq, gt, isNull } from 'drizzle-orm'
import { accounts, magicLinks } from '../db/schema'
import { hashToken, startSession } from '../http/auth'
import { notFound, unauthorized } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import { LOGIN_LINK_MINUTES, loginLinkMail } from './identity-mail'
import {
  ACCOUNT_NOT_FOUND,
  issueLoginLink,
  LINK_EXPIRED,
  LINK_UNKNOWN,
  LINK_USED,
  loginUser,
} from './login-links'

export function loginHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
  /** E-mails a login link to an existing account; an unknown e-mail is 'Account not found'. */
  const requestLoginLink: Handler<'requestLoginLink'> = async (request) => {
    const email = request.body.email.trim().toLowerCase()
    const [account] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1)
    if (!account) throw notFound(ACCOUNT_NOT_FOUND)
    const link = await db.transaction((tx) =>
      issueLoginLink(tx, account, {
        site: publicUrl,
        now: now(),
        mail: (url) => loginLinkMail(account.email, account.firstName, url),
      }),
    )
    if (mailer) mailer.kick()
    // Without SMTP the message waits in the outbox: the console shows the link too.
    else request.log.info(`Login link for ${account.email} (outbox, no SMTP_URL): ${link}`)
    return {
      status: 'success',
      message: `We sent a login link to ${account.email}. It is valid for ${LOGIN_LINK_MINUTES} minutes.`,
    }
  }

  /** Spends a login link's token once and opens a session. */
  const verifyMagicLink: Handler<'verifyMagicLink'> = async (request) => {
    const tokenHash = hashToken(request.query.token)
    const at = now()
    return db.transaction(async (tx) => {
      // One statement decides: a concurrent second spend finds used_at set and updates nothing.
      const [spent] = await tx
        .update(magicLinks)
        .set({ usedAt: at })
        .where(
          and(
            eq(magicLinks.tokenHash, tokenHash),
            isNull(magicLinks.usedAt),
            gt(magicLinks.expiresAt, at),
          ),
        )
        .returning({ accountId: magicLinks.accountId })
      if (!spent) {
        const [link] = await tx
          .select({ usedAt: magicLinks.usedAt })
          .from(magicLinks)
          .where(eq(magicLinks.tokenHash, tokenHash))
        throw unauthorized(!link ? LINK_UNKNOWN : link.usedAt ? LINK_USED : LINK_EXPIRED)
      }
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, spent.accountId))
      if (!account) throw unauthorized(LINK_UNKNOWN)
      const token = await startSession(tx, account.id, at)
      return { status: 'success' as const, token, user: await loginUser(tx, account) }
    })
  }

  return { requestLoginLink, verifyMagicLink }
}
