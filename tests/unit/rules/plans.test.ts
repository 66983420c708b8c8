import { describe, expect, it } from 'vitest'
import {
  findPlan,
  isCommunityPlan,
  PLANS,
  paidExpiry,
  periodStart,
  planAmountMinor,
  planTitle,
} from '../../../machines/rules/membership'

const now = new Date('2026-11-24T10:00:00.000Z')
const plan = (id: string) => {
  const found = findPlan(id)
  if (!found) throw new Error(`no plan ${id}`)
  return found
}

describe('plan prices', () => {
  it('are the constants of the programme, in minor units per currency', () => {
    expect(PLANS.map((p) => [p.id, planAmountMinor(p, 'USD'), planAmountMinor(p, 'NGN')])).toEqual([
      ['individual-6m', 15_000, 25_000_000],
      ['individual-12m', 25_000, 40_000_000],
      ['community-4', 70_000, 112_000_000],
      ['community-6', 100_000, 160_000_000],
      ['community-8', 150_000, 240_000_000],
    ])
  })

  it('tells individual plans from community plans', () => {
    expect(PLANS.filter(isCommunityPlan).map((p) => p.numberOfMembers)).toEqual([4, 6, 8])
  })

  it('names a plan as people read it', () => {
    expect(planTitle(plan('individual-6m'))).toBe('Friends of 16 membership, 6 months')
    expect(planTitle(plan('community-6'))).toBe(
      'Friends of 16 community membership for 6 members, 24 months',
    )
  })
})

describe('periodStart', () => {
  const inFiveMonths = new Date('2027-04-24T10:00:00.000Z')

  it('extends an active membership from its current expiry', () => {
    expect(periodStart('Active', inFiveMonths, now)).toEqual(inFiveMonths)
  })

  it('starts now when inactive, expired, never paid or without an expiry', () => {
    expect(periodStart('Inactive', inFiveMonths, now)).toEqual(now)
    expect(periodStart('Active', new Date('2026-11-01T00:00:00Z'), now)).toEqual(now)
    expect(periodStart(null, null, now)).toEqual(now)
    expect(periodStart('Active', null, now)).toEqual(now)
  })
})

describe('paidExpiry', () => {
  it('adds six months to a new membership', () => {
    expect(paidExpiry(plan('individual-6m'), null, null, now)).toEqual(
      new Date('2027-05-24T10:00:00.000Z'),
    )
  })

  it('adds a year to an active membership from its expiry', () => {
    const expiry = new Date('2027-01-10T10:00:00.000Z')
    expect(paidExpiry(plan('individual-12m'), 'Active', expiry, now)).toEqual(
      new Date('2028-01-10T10:00:00.000Z'),
    )
  })

  it('adds 24 months for the larger community plans', () => {
    expect(paidExpiry(plan('community-8'), 'Inactive', now, now)).toEqual(
      new Date('2028-11-24T10:00:00.000Z'),
    )
  })
})
