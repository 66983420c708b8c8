import { and, asc, eq, inArray } from 'drizzle-orm'
import { dayInFull, lagosDay } from '../../machines/rules/dates'
import {
  findPlan,
  isActiveStatus,
  PLANS,
  type Plan,
  paidExpiry,
  planAmountMinor,
  planTitle,
} from '../../machines/rules/membership'
import { formatDollars, formatNaira } from '../../machines/rules/money'
import type { Db, Tx } from '../db/client'
import {
  accounts,
  type Community,
  type Currency,
  communities,
  communityMembers,
  type Payment,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest } from '../http/http-error'
import { letter, queueMail } from '../mail/outbox'
import type { PaymentItem } from '../payments/payload'

// Membership plans bought by card: priced here from the plan (never from the browser), and
// activated once when the payment settles (server/payments/settle.ts).

/** What a membership payment's payload keeps: the plan, whose membership, which community. */
export interface MembershipPayload {
  membership: { planId: string; accountId: string; communityId: string | null }
  item: PaymentItem
}

/** The membership part of a payment's payload, if it has one. */
export function membershipOf(payload: Record<string, unknown>): MembershipPayload['membership'] {
  const membership = payload.membership as Partial<MembershipPayload['membership']> | undefined
  return {
    planId: typeof membership?.planId === 'string' ? membership.planId : '',
    accountId: typeof membership?.accountId === 'string' ? membership.accountId : '',
    communityId: typeof membership?.communityId === 'string' ? membership.communityId : null,
  }
}

/** A plan's price as people read it, in the currency chosen: '$150' or '₦250,000'. */
export function planPriceText(plan: Plan, currency: Currency): string {
  return currency === 'USD' ? formatDollars(plan.amountDollar) : formatNaira(plan.amountNaira)
}

/** The community a person created first (the one the app shows), or null. */
export async function createdCommunity(db: Db | Tx, email: string): Promise<Community | null> {
  const [row] = await db
    .select()
    .from(communities)
    .where(eq(communities.creatorEmail, email))
    .orderBy(asc(communities.createdAt), asc(communities.id))
    .limit(1)
  return row ?? null
}

/** Members and pending members of a community, the creator included. */
export async function seatsTaken(db: Db | Tx, community: Community): Promise<number> {
  const rows = await db
    .select({ email: communityMembers.email })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, community.id))
  const emails = new Set(rows.map((row) => row.email))
  emails.add(community.creatorEmail)
  return emails.size
}

export interface MembershipQuote {
  plan: Plan
  amountMinor: number
  currency: Currency
  communityId: string | null
  item: PaymentItem
}

/**
 * Prices a plan for this account, or refuses it: an unknown plan, a community plan without a
 * community of one's own, or a community plan smaller than the people already in it.
 */
export async function quoteMembership(
  db: Db,
  account: Account,
  planId: string,
  currency: Currency,
): Promise<MembershipQuote> {
  const plan = findPlan(planId)
  if (!plan) {
    throw badRequest(
      `There is no plan '${planId}'. Choose one of: ${PLANS.map((p) => p.id).join(', ')}.`,
    )
  }
  let communityId: string | null = null
  if (plan.numberOfMembers !== null) {
    const community = await createdCommunity(db, account.email)
    if (!community) {
      throw badRequest(
        'Community plans are paid by the creator of a community: apply for community membership first.',
      )
    }
    const taken = await seatsTaken(db, community)
    if (taken > plan.numberOfMembers) {
      throw badRequest(
        `Your community has ${taken} members and invitations: choose a plan for at least ${taken} members.`,
      )
    }
    communityId = community.id
  }
  return {
    plan,
    amountMinor: planAmountMinor(plan, currency),
    currency,
    communityId,
    item: { title: planTitle(plan), date: null, timeSlot: null, venue: null, places: 1 },
  }
}

/** What the settled payment changed, for the receipt. */
export interface Activated {
  title: string
  expiry: Date
  communityName: string | null
}

/** Whether a later expiry than `current` is given: the later of the two is kept. */
const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b)

/**
 * Activates or extends what a settled membership payment bought, in the settling transaction:
 * an individual plan extends the payer's own membership; a community plan the community (its
 * size becomes the plan's) and the memberships of its creator and Active members. Rows are
 * locked first, so two payments settling at once both count. Null when nothing can be activated
 * (the account or community is gone): the caller refunds.
 */
export async function activateMembership(
  tx: Tx,
  payment: Payment,
  now: Date,
): Promise<Activated | null> {
  const { planId, accountId, communityId } = membershipOf(payment.payload)
  const plan = findPlan(planId)
  if (!plan || !accountId) return null
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update')
  if (!account) return null

  if (plan.numberOfMembers === null) {
    const expiry = paidExpiry(plan, account.subscriptionStatus, account.subscriptionExpiry, now)
    await tx
      .update(accounts)
      .set({
        subscriptionStatus: 'Active',
        subscriptionExpiry: expiry,
        role: account.role ?? 'Member',
      })
      .where(eq(accounts.id, account.id))
    return { title: planTitle(plan), expiry, communityName: null }
  }

  if (!communityId) return null
  const [community] = await tx
    .select()
    .from(communities)
    .where(eq(communities.id, communityId))
    .for('update')
  if (!community) return null
  const expiry = paidExpiry(plan, community.status, community.membershipExpiry, now)
  // The plan's size, unless more people joined meanwhile than it has places for.
  const taken = await seatsTaken(tx, community)
  const size = taken <= plan.numberOfMembers ? plan.numberOfMembers : community.numberOfMembers
  await tx
    .update(communities)
    .set({ status: 'Active', membershipExpiry: expiry, numberOfMembers: size })
    .where(eq(communities.id, community.id))
  // The creator and the Active members are members of the programme until the community expires.
  const active = await tx
    .select({ email: communityMembers.email })
    .from(communityMembers)
    .where(
      and(eq(communityMembers.communityId, community.id), eq(communityMembers.status, 'Active')),
    )
  const emails = [...new Set([community.creatorEmail, ...active.map((row) => row.email)])]
  const people = await tx
    .select()
    .from(accounts)
    .where(inArray(accounts.email, emails))
    .for('update')
  for (const person of people) {
    const current = isActiveStatus(person.subscriptionStatus) ? person.subscriptionExpiry : null
    await tx
      .update(accounts)
      .set({
        subscriptionStatus: 'Active',
        subscriptionExpiry: later(current, expiry),
        role: 'Community Member',
      })
      .where(eq(accounts.id, person.id))
  }
  return { title: planTitle(plan), expiry, communityName: community.name }
}

/** The last day of a membership as every e-mail writes a day: 'Wednesday, November 24, 2027'. */
const lastDay = (expiry: Date) => dayInFull(lagosDay(expiry))

/** The receipt of a membership payment, queued in the settling transaction. */
export async function queueMembershipReceipt(
  tx: Tx,
  payment: Payment,
  activated: Activated,
  amountText: string,
  site: string,
): Promise<void> {
  const what = activated.communityName
    ? `The membership of your community '${activated.communityName}'`
    : 'Your membership'
  const body = [
    `Thank you: we received your payment of ${amountText} for ${activated.title}.`,
    '',
    `${what} is active until ${lastDay(activated.expiry)}.`,
    '',
    `Payment reference: ${payment.reference}`,
    '',
    `Your profile: ${site}/profile`,
  ]
  await queueMail(
    tx,
    letter({
      to: payment.email,
      subject: `Your Friends of 16 membership is active until ${lastDay(activated.expiry)}`,
      body,
    }),
  )
}
