import { randomBytes } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { type Community as CommunityRow, communities, communityMembers } from '../db/schema'
import { forbidden, notFound } from '../http/http-error'

type CommunityBody = components['schemas']['Community']
type ApplicationBody = components['schemas']['Application']
type Size = CommunityBody['Number of Members']

/** The exact message the app compares with (spec section 8). */
export const ACCOUNT_EXISTS = 'Account already exists. Pass auth token.'

export const PENDING_STATUS = 'Community - Pending'

export const normal = (email: string) => email.trim().toLowerCase()

interface MemberRow {
  communityId: string
  email: string
  status: 'Active' | 'Pending'
}

/** The community as the contract shows it: members and pending members as comma-separated e-mails. */
export function communityBody(row: CommunityRow, members: readonly MemberRow[]): CommunityBody {
  // The creator first, then in the order they were invited.
  const mine = members
    .filter((member) => member.communityId === row.id)
    .sort((a, b) => Number(b.email === row.creatorEmail) - Number(a.email === row.creatorEmail))
  const emails = (status: MemberRow['status']) =>
    mine
      .filter((member) => member.status === status)
      .map((member) => member.email)
      .join(',')
  return {
    id: row.id,
    Name: row.name,
    Status: row.status,
    'Membership Expiry': row.membershipExpiry?.toISOString() ?? null,
    'Created At': row.createdAt.toISOString(),
    Creator: row.creatorEmail,
    'Number of Members': row.numberOfMembers as Size,
    Members: emails('Active'),
    'Pending Members': emails('Pending'),
  }
}

export async function membersOf(db: Db | Tx, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return []
  return db
    .select({
      communityId: communityMembers.communityId,
      email: communityMembers.email,
      status: communityMembers.status,
    })
    .from(communityMembers)
    .where(inArray(communityMembers.communityId, ids))
    .orderBy(asc(communityMembers.createdAt), asc(communityMembers.email))
}

export async function bodyOf(db: Db | Tx, row: CommunityRow): Promise<CommunityBody> {
  return communityBody(row, await membersOf(db, [row.id]))
}

/**
 * The community, locked for the rest of the transaction (`SELECT ... FOR UPDATE`), so changes to
 * its members are made one at a time; 404 when there is none, 403 unless the caller created it.
 */
export async function lockOwnCommunity(tx: Tx, id: string, email: string): Promise<CommunityRow> {
  const [row] = await tx.select().from(communities).where(eq(communities.id, id)).for('update')
  if (!row) throw notFound('This community does not exist.')
  if (row.creatorEmail !== email) {
    throw forbidden("Only the community's creator may do this.")
  }
  return row
}

/** Everyone in the community (creator, members and pending members), once each. */
export function seatsOf(row: CommunityRow, members: readonly MemberRow[]): Set<string> {
  return new Set([row.creatorEmail, ...members.map((member) => member.email)])
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** An invitation code nobody can guess (96 random bits), as the invites table keeps them. */
export const inviteCode = () => randomBytes(12).toString('base64url')

/** The invitation link: join when the person has an account, else complete a profile first. */
export function invitationLink(
  site: string,
  community: Pick<CommunityRow, 'id' | 'name'>,
  email: string,
  hasAccount: boolean,
): string {
  const query = hasAccount
    ? new URLSearchParams({ community: community.id, communityName: community.name, email })
    : new URLSearchParams({ community: community.id, name: community.name, email })
  return `${site}/${hasAccount ? 'join-community' : 'member-signup'}?${query.toString()}`
}

export function invitationText(
  inviter: string,
  community: CommunityRow,
  firstName: string | null,
  link: string,
  hasAccount: boolean,
): string {
  const steps = hasAccount
    ? [
        `Accept the invitation here: ${link}`,
        '',
        `If the page asks you to log in, use this e-mail address; then press 'Accept Invite'.`,
      ]
    : [
        `Complete your profile to join: ${link}`,
        '',
        'Once your profile is in, we will e-mail you a link to log in.',
      ]
  return [
    `Hello${firstName ? ` ${firstName}` : ''},`,
    '',
    `${inviter} invited you to join '${community.name}', a community of Friends of 16: a members' programme of a creative space and boutique hotel in Lagos.`,
    '',
    ...steps,
    '',
    'Not expecting this? You can ignore this e-mail.',
    '',
    'Sixteen',
    '',
  ].join('\n')
}

/** The application's fields as stored: as sent, with the fixed community status. */
export function applicationFields(
  application: ApplicationBody,
  email: string,
): Record<string, unknown> {
  return {
    ...application,
    'Email Address': email,
    Pronouns: application.Pronouns?.toLowerCase() ?? null,
    Status: PENDING_STATUS,
  }
}
