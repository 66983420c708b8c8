import { addMinutes } from 'date-fns'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { magicLinks } from '../db/schema'
import { type Account, hashToken, newToken } from '../http/auth'
import { type OutgoingMail, queueMail } from '../mail/outbox'
import { effectiveStatus } from '../memberships/membership'
import { LOGIN_LINK_MINUTES } from './identity-mail'

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
    staff: account.staffRole !== null,
    staffRole: account.staffRole,
  }
}
