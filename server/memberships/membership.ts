import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import { isActiveStatus } from '../../machines/rules/membership'
import { type Membership, membershipOf } from '../../machines/rules/profile'
import type { Db, Tx } from '../db/client'
import { communities, communityMembers } from '../db/schema'
import type { Account } from '../http/auth'

// The membership that counts for a person, on the server, by the app's own rule (`membershipOf`,
// machines/rules/profile.ts, docs/decisions/016): what login, prices, wallets and communities
// all read, so a page never says Active where a price says otherwise.

/**
 * A person's communities, as a query of `communities` joins and filters them: `leftJoin(
 * communityMembers, membership)`, then `where(filter)`: those they created, and those they are
 * an Active member of.
 */
export function theirCommunities(account: Pick<Account, 'email'>) {
  return {
    membership: and(
      eq(communityMembers.communityId, communities.id),
      eq(communityMembers.email, account.email),
      eq(communityMembers.status, 'Active'),
    ),
    filter: or(
      eq(communities.creatorEmail, account.email),
      eq(communityMembers.email, account.email),
    ),
  }
}

/**
 * Their community's membership when they are in one (its creator, or an active member), except
 * that a community that is not Active never lowers an account Active on its own (a community
 * applied for and not yet paid, above all).
 */
export async function effectiveMembership(db: Db | Tx, account: Account): Promise<Membership> {
  const theirs = theirCommunities(account)
  const [community] = await db
    .select({ Status: communities.status, expiry: communities.membershipExpiry })
    .from(communities)
    .leftJoin(communityMembers, theirs.membership)
    .where(theirs.filter)
    // An active community first, then the oldest.
    .orderBy(desc(sql`${communities.status} = 'Active'`), asc(communities.createdAt))
    .limit(1)
  return membershipOf(
    {
      subscriptionStatus: account.subscriptionStatus,
      subscriptionExpiry: account.subscriptionExpiry?.toISOString() ?? null,
    },
    community
      ? { Status: community.Status, 'Membership Expiry': community.expiry?.toISOString() ?? null }
      : null,
  )
}

/** The membership status that counts (see `effectiveMembership`). */
export async function effectiveStatus(db: Db | Tx, account: Account): Promise<string | null> {
  return (await effectiveMembership(db, account)).status
}

/**
 * An active member, for prices and members-only places: the membership that counts is Active and
 * not past its expiry (no expiry known counts as active).
 */
export async function isActiveMember(
  db: Db | Tx,
  account: Account | null,
  now: Date,
): Promise<boolean> {
  if (!account) return false
  const { status, expiry } = await effectiveMembership(db, account)
  if (!isActiveStatus(status)) return false
  return !expiry || new Date(expiry).getTime() > now.getTime()
}
