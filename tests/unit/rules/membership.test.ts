import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACTIVE,
  addPeriod,
  COMMUNITY_SIZES,
  communityPlan,
  DEFAULT_PLAN,
  daysLeft,
  expiringText,
  findPlan,
  INACTIVE_TEXT,
  isActiveStatus,
  MAX_COMMUNITY_SIZE,
  PLANS,
  planAmountMinor,
  RENEWAL_WARNING_DAYS,
  renewalBanner,
} from '../../../machines/rules/membership'

const at = (iso: string) => new Date(iso)
const now = at('2026-11-22T10:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
const later = (ms: number) => new Date(now.getTime() + ms).toISOString()

describe('isActiveStatus', () => {
  it("treats only 'Active' as an active membership", () => {
    expect(ACTIVE).toBe('Active')
    expect(isActiveStatus('Active')).toBe(true)
    expect(isActiveStatus('Inactive')).toBe(false)
    expect(isActiveStatus('Community - Pending')).toBe(false)
    expect(isActiveStatus(null)).toBe(false)
    expect(isActiveStatus(undefined)).toBe(false)
  })
})

describe('daysLeft', () => {
  it('counts whole days until expiry, rounding up', () => {
    expect(daysLeft(later(9 * DAY), now)).toBe(9)
    expect(daysLeft(later(DAY), now)).toBe(1)
    expect(daysLeft(later(DAY + 1), now)).toBe(2)
    expect(daysLeft(later(1), now)).toBe(1)
  })

  it('never goes below 0 once the membership has expired', () => {
    expect(daysLeft(later(0), now)).toBe(0)
    expect(daysLeft(later(-40 * DAY), now)).toBe(0)
  })

  it('counts 0 when there is no readable expiry', () => {
    expect(daysLeft(null, now)).toBe(0)
    expect(daysLeft(undefined, now)).toBe(0)
    expect(daysLeft('', now)).toBe(0)
    expect(daysLeft('soon', now)).toBe(0)
  })

  it('reads a bare yyyy-MM-dd expiry as midnight in Lagos', () => {
    // 00:30 on November 24 in Lagos; November 25 begins 23.5 hours later.
    expect(daysLeft('2026-11-25', at('2026-11-23T23:30:00Z'))).toBe(1)
  })
})

describe('renewalBanner', () => {
  it('shows the red banner for an inactive membership, whatever the expiry', () => {
    expect(renewalBanner('Inactive', later(200 * DAY), now)).toEqual({ kind: 'inactive' })
  })

  it('shows none to an account that was never a member (the front desk, say)', () => {
    expect(renewalBanner(null, null, now)).toBeNull()
    expect(renewalBanner(undefined, later(200 * DAY), now)).toBeNull()
  })

  it(`warns an active member with ${RENEWAL_WARNING_DAYS} days or fewer left`, () => {
    expect(renewalBanner('Active', later(30 * DAY), now)).toEqual({ kind: 'expiring', days: 30 })
    expect(renewalBanner('Active', later(1), now)).toEqual({ kind: 'expiring', days: 1 })
  })

  it('shows nothing with 31 days left', () => {
    expect(renewalBanner('Active', later(30 * DAY + 1), now)).toBeNull()
  })

  it('shows nothing for an active member whose expiry is unknown', () => {
    expect(renewalBanner('Active', null, now)).toBeNull()
  })

  it('has the texts the menu shows', () => {
    expect(INACTIVE_TEXT).toBe('Your membership is inactive')
    expect(expiringText(1)).toBe('Your membership expires in 1 day')
    expect(expiringText(12)).toBe('Your membership expires in 12 days')
    expect(expiringText(0)).toBe('Your membership expires in 0 days')
  })
})

describe('addPeriod', () => {
  const paid = at('2026-01-31T12:00:00.000Z')
  const originalTZ = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Pacific/Kiritimati'
  })
  afterAll(() => {
    if (originalTZ === undefined) delete process.env.TZ
    else process.env.TZ = originalTZ
  })

  it("adds a year for '1 year' or 'one year', in any case", () => {
    expect(addPeriod(paid, '1 year').toISOString()).toBe('2027-01-31T12:00:00.000Z')
    expect(addPeriod(paid, 'One Year').toISOString()).toBe('2027-01-31T12:00:00.000Z')
    expect(addPeriod(paid, '1 YEAR membership').toISOString()).toBe('2027-01-31T12:00:00.000Z')
  })

  it("adds N months for 'N months'", () => {
    expect(addPeriod(paid, '12 months').toISOString()).toBe('2027-01-31T12:00:00.000Z')
    expect(addPeriod(paid, '24 months').toISOString()).toBe('2028-01-31T12:00:00.000Z')
    expect(addPeriod(paid, '6 months').toISOString()).toBe('2026-07-31T12:00:00.000Z')
  })

  it('ends on the last day of a shorter month', () => {
    expect(addPeriod(paid, '1 month').toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(addPeriod(at('2028-02-29T12:00:00Z'), '1 year').toISOString()).toBe(
      '2029-02-28T12:00:00.000Z',
    )
  })

  it("adds 6 months for anything else: 'monthly', '11 years', '0 months', ''", () => {
    for (const period of ['monthly', '11 years', '0 months', '']) {
      expect(addPeriod(paid, period).toISOString()).toBe('2026-07-31T12:00:00.000Z')
    }
  })

  it('counts months in Lagos: paid 00:30 January 31 (Lagos), it ends February 28', () => {
    // 23:30 UTC on January 30 is already January 31 in Lagos.
    expect(addPeriod(at('2026-01-30T23:30:00Z'), '1 month').toISOString()).toBe(
      '2026-02-27T23:30:00.000Z',
    )
  })
})

describe('the plans', () => {
  it('offer the five rates of the programme', () => {
    expect(PLANS).toEqual([
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
    ])
  })

  it.each([
    ['individual-6m', '2026-07-31T12:00:00.000Z'],
    ['individual-12m', '2027-01-31T12:00:00.000Z'],
    ['community-4', '2027-01-31T12:00:00.000Z'],
    ['community-6', '2028-01-31T12:00:00.000Z'],
    ['community-8', '2028-01-31T12:00:00.000Z'],
  ])('extend a %s membership paid on January 31, 2026 to %s', (id, until) => {
    const plan = findPlan(id)
    expect(plan).not.toBeNull()
    expect(addPeriod(at('2026-01-31T12:00:00Z'), plan?.period ?? '').toISOString()).toBe(until)
  })

  it('default to the individual plan: $150 / ₦250,000 for 6 months', () => {
    expect(DEFAULT_PLAN).toMatchObject({
      id: 'individual-6m',
      amountDollar: 150,
      amountNaira: 250_000,
    })
    expect(DEFAULT_PLAN.period).toBe('6 months')
  })

  it('come in community sizes of 4, 6 and 8, and no more than 8', () => {
    expect(COMMUNITY_SIZES).toEqual([4, 6, 8])
    expect(MAX_COMMUNITY_SIZE).toBe(8)
    expect(COMMUNITY_SIZES.map((n) => communityPlan(n)?.id)).toEqual([
      'community-4',
      'community-6',
      'community-8',
    ])
    expect(communityPlan(10)).toBeNull()
    expect(findPlan('gold')).toBeNull()
    expect(findPlan(null)).toBeNull()
  })

  it('are paid in cents or kobo', () => {
    expect(planAmountMinor(DEFAULT_PLAN, 'USD')).toBe(15_000)
    expect(planAmountMinor(DEFAULT_PLAN, 'NGN')).toBe(25_000_000)
  })
})
