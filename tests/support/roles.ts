import { randomBytes } from 'node:crypto'
import { addDays, addMonths } from 'date-fns'
import { eq, isNull } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import {
  accounts,
  communities,
  communityMembers,
  sessions,
  wallets,
  walletTransactions,
} from '../../server/db/schema.ts'
import { DEMO_DOOR, DEMO_STAFF, LONG_NAMED_APPLICANT } from '../../server/db/seed.ts'
import { hashToken } from '../../server/http/auth.ts'

// The people of the authorization matrix and the contract fuzzer, each with a live session made
// as verifyMagicLink would make it (a hashed token row). No vitest import: `npm run fuzz` uses it.
// On top of the demo data it adds a guest account (no subscription) and a second community with
// its own wallet, so 'another community's member' exists.

/** Who calls: nobody, or the holder of one of these sessions. */
export type Role =
  | 'none'
  | 'guest'
  | 'member'
  | 'otherMember'
  | 'creator'
  | 'communityMember'
  | 'otherCommunityMember'
  | 'staff'
  | 'door'

export const ROLES: readonly Role[] = [
  'none',
  'guest',
  'member',
  'otherMember',
  'creator',
  'communityMember',
  'otherCommunityMember',
  'staff',
  'door',
]

/** What each role is in the demo data. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  none: 'no token',
  guest: 'guest session (an account with no subscription)',
  member: 'active member (ada: wallet, bookings, payments)',
  otherMember: 'another active member (kemi: bookings, payments)',
  creator:
    "community creator (zainab: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives')",
  communityMember: "member of the creator's community (femi)",
  otherCommunityMember: "another community's member (sade: 'Ibadan Book Club')",
  staff: 'staff, not a member (oluwaseun adebayo-okonkwo: the front desk, a manager)',
  door: 'staff at the door only (chidiebube okwuosa-adeyemi: the door role)',
}

export interface Person {
  role: Exclude<Role, 'none'>
  accountId: string
  email: string
  /** First and last name, as the app shows it. */
  name: string
  /** The bearer token of a live session. */
  token: string
  /** Personal data of this person that nobody else's answer may contain. */
  personal: string[]
  /** The person's own wallet, when there is one. */
  walletId: string | null
  /** The community this person created or is an Active member of. */
  communityId: string | null
}

export interface Community {
  id: string
  name: string
  walletId: string
  /** E-mails of its creator and members (what a member may see of each other). */
  emails: string[]
}

export interface RoleSet {
  people: Record<Exclude<Role, 'none'>, Person>
  communities: { collective: Community; other: Community }
  /** Personal data of demo people who have no session here (bisi, chioma, applicants, tunde). */
  bystanders: { email: string; personal: string[] }[]
  /** `{ authorization: 'Bearer ...' }` for a role, none for 'none'. */
  headers(role: Role): Record<string, string>
}

const DEMO_EMAILS = {
  member: 'ada@example.com',
  otherMember: 'kemi@example.com',
  creator: 'zainab@example.com',
  communityMember: 'femi@example.com',
  staff: DEMO_STAFF,
  door: DEMO_DOOR,
} as const

export const GUEST_ACCOUNT = {
  email: 'gbenga.guest@example.com',
  firstName: 'Gbenga',
  lastName: 'Ogunleye',
  phone: '+234 801 555 0177',
}

export const OTHER_COMMUNITY = {
  name: 'Ibadan Book Club',
  creator: { email: 'tope@example.com', firstName: 'Tope', lastName: 'Alabi' },
  member: {
    email: 'sade@example.com',
    firstName: 'Sade',
    lastName: 'Olawale',
    phone: '+234 808 555 0188',
  },
}

type AccountRow = typeof accounts.$inferSelect

/** What of an account is personal: e-mail, name, phones, address, emergency contact, id. */
function personalOf(row: AccountRow): string[] {
  return [
    row.id,
    row.email,
    `${row.firstName} ${row.lastName}`,
    row.phone,
    row.address,
    row.emergencyContactName,
    row.emergencyContactPhone,
  ].filter((value): value is string => typeof value === 'string' && value.length > 0)
}

/** A live session for an account, as verifyMagicLink makes one; returns its bearer token. */
export async function openSession(db: Db, accountId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId, expiresAt: addDays(now, 30) })
  return token
}

/**
 * Adds the guest account and the second community to a database seeded with the demo data
 * (dated from `now`), and opens one session per role.
 */
export async function createRoles(db: Db, now: Date): Promise<RoleSet> {
  const [guest, tope, sade] = await db
    .insert(accounts)
    .values([
      { ...GUEST_ACCOUNT, role: null, subscriptionStatus: null, createdAt: now },
      {
        ...OTHER_COMMUNITY.creator,
        role: 'Community Member',
        subscriptionStatus: 'Active',
        subscriptionExpiry: addMonths(now, 6),
        createdAt: now,
      },
      {
        ...OTHER_COMMUNITY.member,
        role: 'Community Member',
        subscriptionStatus: 'Active',
        subscriptionExpiry: addMonths(now, 6),
        address: '2 Ring Road, Ibadan',
        createdAt: now,
      },
    ])
    .returning()
  if (!guest || !tope || !sade) throw new Error('roles: accounts not created')
  const [club] = await db
    .insert(communities)
    .values({
      name: OTHER_COMMUNITY.name,
      status: 'Active',
      membershipExpiry: addMonths(now, 6),
      creatorEmail: tope.email,
      numberOfMembers: 4,
      registered: false,
      createdAt: now,
    })
    .returning()
  if (!club) throw new Error('roles: community not created')
  await db.insert(communityMembers).values([
    { communityId: club.id, email: tope.email, status: 'Active' },
    { communityId: club.id, email: sade.email, status: 'Active' },
  ])
  const [clubWallet] = await db
    .insert(wallets)
    .values({ communityId: club.id, balanceMinor: 2_000_000, createdAt: now })
    .returning()
  if (!clubWallet) throw new Error('roles: community wallet not created')
  // Its balance came in as a credit, like any money in a wallet: the ledger sums to the balance.
  await db.insert(walletTransactions).values({
    walletId: clubWallet.id,
    difference: 2_000_000,
    action: 'credit',
    narration: 'Opening balance',
    actor: tope.email,
    createdAt: now,
  })

  const [collective] = await db
    .select()
    .from(communities)
    .where(eq(communities.creatorEmail, DEMO_EMAILS.creator))
  if (!collective) throw new Error('roles: the demo community is missing (seed the demo data)')
  const [collectiveWallet] = await db
    .select()
    .from(wallets)
    .where(eq(wallets.communityId, collective.id))
  const collectiveMembers = await db
    .select({ email: communityMembers.email })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, collective.id))
  if (!collectiveWallet) throw new Error('roles: the demo community has no wallet')

  const rows = await db.select().from(accounts)
  const byEmail = new Map(rows.map((row) => [row.email, row]))
  const personalWallets = await db.select().from(wallets).where(isNull(wallets.communityId))
  const walletOf = (accountId: string) =>
    personalWallets.find((wallet) => wallet.accountId === accountId)?.id ?? null

  const person = async (
    role: Person['role'],
    email: string,
    communityId: string | null,
  ): Promise<Person> => {
    const row = byEmail.get(email)
    if (!row) throw new Error(`roles: no account ${email} (seed the demo data first)`)
    const walletId = walletOf(row.id)
    return {
      role,
      accountId: row.id,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`,
      token: await openSession(db, row.id, now),
      personal: [...personalOf(row), ...(walletId ? [walletId] : [])],
      walletId,
      communityId,
    }
  }
  const people = {
    guest: await person('guest', guest.email, null),
    member: await person('member', DEMO_EMAILS.member, null),
    otherMember: await person('otherMember', DEMO_EMAILS.otherMember, null),
    creator: await person('creator', DEMO_EMAILS.creator, collective.id),
    communityMember: await person('communityMember', DEMO_EMAILS.communityMember, collective.id),
    otherCommunityMember: await person('otherCommunityMember', sade.email, club.id),
    staff: await person('staff', DEMO_EMAILS.staff, null),
    door: await person('door', DEMO_EMAILS.door, null),
  }
  const withSession = new Set(Object.values(people).map((p) => p.email))
  const bystanders = rows
    .filter((row) => !withSession.has(row.email))
    .map((row) => ({ email: row.email, personal: personalOf(row) }))
  // Demo people with no account (pending members, invitees, applicants): their e-mail is personal.
  for (const email of [
    'bisi@example.com',
    'chioma@example.com',
    'obinna@example.com',
    LONG_NAMED_APPLICANT,
  ]) {
    if (!byEmail.has(email)) bystanders.push({ email, personal: [email] })
  }

  return {
    people,
    communities: {
      collective: {
        id: collective.id,
        name: collective.name,
        walletId: collectiveWallet.id,
        emails: [collective.creatorEmail, ...collectiveMembers.map((m) => m.email)],
      },
      other: {
        id: club.id,
        name: club.name,
        walletId: clubWallet.id,
        emails: [tope.email, sade.email],
      },
    },
    bystanders,
    headers(role): Record<string, string> {
      return role === 'none' ? {} : { authorization: `Bearer ${people[role].token}` }
    },
  }
}
