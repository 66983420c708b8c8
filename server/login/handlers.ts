import { addMinutes } from 'date-fns'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import { refuseUnstorableText } from '../bookings/core'
import type { Db, Tx } from '../db/client'
import { accounts, magicLinks } from '../db/schema'
import { type Account, hashToken, newToken, startSession } from '../http/auth'
import { notFound, unauthorized } from '../http/http-error'
import type { Handler, ServiceDeps } from '../http/operations'
import type { MailDeps } from '../mail/deps'
import { type OutgoingMail, queueMail } from '../mail/outbox'
import { effectiveStatus } from '../memberships/membership'
import { LOGIN_LINK_MINUTES, loginLinkMail } from './identity-mail'

// Magic-link login (DESIGN.md, 'Identity'): a link's token is 32 random bytes, stored hashed,
// valid 15 minutes, spent once. The e-mailed link opens the /verify page; only that page's call
// (verifyMagicLink) spends the token, so a mail scanner fetching the page spends nothing.

type LoginUser = components['schemas']['LoginUser']

/** The spec's words for an unknown e-mail; nothing more is revealed. */
export const ACCOUNT_NOT_FOUND = 'Account not found'

export const LINK_UNKNOWN = 'This login link is not valid. Ask for a new one on the login page.'
export const LINK_USED =
  'This login link has already been used. Ask for a new one on the login page.'
export const LINK_EXPIRED = 'This login link has expired. Ask for a new one on the login page.'

/** `<site>/verify?token=...` */
export const loginLinkUrl = (site: string, token: string) =>
  `${site}/verify?token=${encodeURIComponent(token)}`

/**
 * Makes a new login link for the account in the caller's transaction and queues the e-mail that
 * carries it (`mail` builds the message from the link). Returns the link.
 */
export async function issueLoginLink(
  tx: Db | Tx,
  account: Pick<Account, 'id' | 'email'>,
  { site, now, mail }: { site: string; now: Date; mail: (link: string) => OutgoingMail },
): Promise<string> {
  const token = newToken()
  await tx.insert(magicLinks).values({
    tokenHash: hashToken(token),
    accountId: account.id,
    expiresAt: addMinutes(now, LOGIN_LINK_MINUTES),
  })
  const link = loginLinkUrl(site, token)
  await queueMail(tx, mail(link))
  return link
}

export async function loginUser(db: Db | Tx, account: Account): Promise<LoginUser> {
  return {
    id: account.id,
    email: account.email,
    name: `${account.firstName} ${account.lastName}`.trim(),
    phoneNumber: account.phone,
    subscriptionStatus: await effectiveStatus(db, account),
    staff: account.staff,
  }
}

export function loginService({ db, now }: ServiceDeps, { publicUrl, mailer }: MailDeps) {
  /** E-mails a login link to an existing account; an unknown e-mail is 'Account not found'. */
  const requestLoginLink: Handler<'requestLoginLink'> = async (request) => {
    refuseUnstorableText(request.body)
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
