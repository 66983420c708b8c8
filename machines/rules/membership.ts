import type { components } from '../../openapi/schema'
import { addMonthsInLagos, dayStart, isValidDay } from './dates'

/** A currency as the contract names it. */
type Currency = components['schemas']['Currency']

import { isActiveStatus } from './member-status'
import { toKobo } from './pricing'

export { ACTIVE, isActiveStatus } from './member-status'

/** An active member is warned to renew when this many days or fewer remain. */
export const RENEWAL_WARNING_DAYS = 30

/** The red banner's text for an inactive membership. */
export const INACTIVE_TEXT = 'Your membership is inactive'

const DAY_MS = 24 * 60 * 60 * 1000

/** An expiry as an instant; a bare 'yyyy-MM-dd' means midnight in Lagos; null when unreadable. */
function expiryInstant(expiry: string | null | undefined): Date | null {
  if (!expiry) return null
  if (isValidDay(expiry)) return dayStart(expiry)
  const date = new Date(expiry)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Whole days until the membership expires, rounded up, never below 0 (no expiry counts as 0). */
export function daysLeft(expiry: string | null | undefined, now: Date): number {
  const end = expiryInstant(expiry)
  if (!end) return 0
  return Math.max(Math.ceil((end.getTime() - now.getTime()) / DAY_MS), 0)
}

/** The menu banner a member sees. */
export type RenewalBanner = { kind: 'inactive' } | { kind: 'expiring'; days: number } | null

/**
 * Red banner when inactive; yellow when active with <= 30 days left (none if expiry unknown).
 * None for an account that was never a member (no status: the front desk's staff), which has
 * nothing to activate (docs/decisions/042).
 */
export function renewalBanner(
  status: string | null | undefined,
  expiry: string | null | undefined,
  now: Date,
): RenewalBanner {
  if (status === null || status === undefined) return null
  if (!isActiveStatus(status)) return { kind: 'inactive' }
  if (!expiryInstant(expiry)) return null
  const days = daysLeft(expiry, now)
  return days <= RENEWAL_WARNING_DAYS ? { kind: 'expiring', days } : null
}

/** The yellow banner's text: 'Your membership expires in 1 day' or 'in N days'. */
export function expiringText(days: number): string {
  return `Your membership expires in ${days} ${days === 1 ? 'day' : 'days'}`
}

/** Extends a membership by a plan's period text: one year, N months, or else 6 months. */
export function addPeriod(from: Date, period: string): Date {
  if (/\b(?:1|one)[\s-]*years?\b/i.test(period)) return addMonthsInLagos(from, 12)
  const months = /\b(\d+)[\s-]*months?\b/i.exec(period)
  const n = months ? Number(months[1]) : 0
  return addMonthsInLagos(from, n >= 1 ? n : 6)
}

/** A membership plan as the plan choice and the payment use it. */
export interface Plan {
  id: string
  amountDollar: number
  amountNaira: number
  period: string
  numberOfMembers: number | null
}

/** The membership plans (whole dollars and naira): two individual, three community sizes. */
export const PLANS: readonly Plan[] = [
  {
    id: 'individual-6m',
    amountDollar: 150,
    amountNaira: 250_000,
    period: '6 months',
    numberOfMembers: null,
  },
  {
    id: 'individual-12m',
    amountDollar: 250,
    amountNaira: 400_000,
    period: '1 year',
    numberOfMembers: null,
  },
  {
    id: 'community-4',
    amountDollar: 700,
    amountNaira: 1_120_000,
    period: '1 year',
    numberOfMembers: 4,
  },
  {
    id: 'community-6',
    amountDollar: 1000,
    amountNaira: 1_600_000,
    period: '24 months',
    numberOfMembers: 6,
  },
  {
    id: 'community-8',
    amountDollar: 1500,
    amountNaira: 2_400_000,
    period: '24 months',
    numberOfMembers: 8,
  },
]

/** The plan used when none is passed: individual, 6 months, $150 / ₦250,000. */
export const DEFAULT_PLAN: Plan = PLANS[0] as Plan

/** The community sizes on offer. */
export const COMMUNITY_SIZES: readonly number[] = [4, 6, 8]

/** Larger communities are sent to support for a customised application. */
export const MAX_COMMUNITY_SIZE = 8

/** The plan with this id, or null. */
export function findPlan(id: string | null | undefined): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null
}

/** The community plan for a number of members, or null when that size is not offered. */
export function communityPlan(numberOfMembers: number): Plan | null {
  return PLANS.find((plan) => plan.numberOfMembers === numberOfMembers) ?? null
}

/** A plan's price in minor units (cents for USD, kobo for NGN), as a payment is initiated. */
export function planAmountMinor(plan: Plan, currency: Currency): number {
  return toKobo(currency === 'USD' ? plan.amountDollar : plan.amountNaira)
}

/** Whether a plan is for a community (it has a number of members). */
export function isCommunityPlan(plan: Plan): boolean {
  return plan.numberOfMembers !== null
}

/** A plan as people read it on a payment page, a receipt or a refusal. */
export function planTitle(plan: Plan): string {
  return plan.numberOfMembers === null
    ? `Friends of 16 membership, ${plan.period}`
    : `Friends of 16 community membership for ${plan.numberOfMembers} members, ${plan.period}`
}

/**
 * Where a paid period starts: a renewal made while the membership is still active extends it
 * from its current expiry (no day paid for is lost); otherwise it starts now.
 */
export function periodStart(
  status: string | null | undefined,
  expiry: Date | null | undefined,
  now: Date,
): Date {
  if (isActiveStatus(status) && expiry && expiry.getTime() > now.getTime()) return expiry
  return now
}

/** The new expiry after paying for a plan: its period added to where the period starts. */
export function paidExpiry(
  plan: Plan,
  status: string | null | undefined,
  expiry: Date | null | undefined,
  now: Date,
): Date {
  return addPeriod(periodStart(status, expiry, now), plan.period)
}
