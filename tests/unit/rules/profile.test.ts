import { describe, expect, it } from 'vitest'
import {
  draftChanges,
  draftProblems,
  expiryFact,
  firstOf,
  initials,
  isCreator,
  membershipOf,
  membershipStatus,
  paidByLabel,
  paymentMoment,
  periodText,
  pictureProblem,
  planLabel,
  planPrices,
  profileDate,
  roleLine,
  showsCommunityLink,
  statusDot,
} from '../../../machines/rules/profile'

const community = (Status: string, Creator = 'zainab@example.com') => ({ Status, Creator })

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ada Okafor')).toBe('AO')
    expect(initials('  ada  ngozi okafor ')).toBe('AO')
    expect(initials('Zainab')).toBe('Z')
    expect(initials('')).toBe('?')
    expect(initials(null)).toBe('?')
  })
})

describe('firstOf', () => {
  it('reads the first element of a list-valued field, or nothing', () => {
    expect(firstOf(['Ada', 'ignored'])).toBe('Ada')
    expect(firstOf([])).toBe('')
    expect(firstOf(undefined)).toBe('')
  })
})

describe('roleLine and statusDot', () => {
  it("shows the role when active and 'Inactive' otherwise", () => {
    expect(roleLine('Community Member', 'Active')).toBe('Community Member')
    expect(roleLine(null, 'Active')).toBe('Member')
    expect(roleLine('Community Member', 'Inactive')).toBe('Inactive')
    expect(roleLine('Member', null)).toBe('Inactive')
  })
  it('gives a community member the community dot, an inactive person the inactive one', () => {
    expect(statusDot('Community Member', 'Active')).toBe('community')
    expect(statusDot('Member', 'Active')).toBe('member')
    expect(statusDot('Community Member', 'Inactive')).toBe('inactive')
  })
})

describe('community rules', () => {
  const own = (subscriptionStatus: string | null, subscriptionExpiry: string | null = null) => ({
    subscriptionStatus,
    subscriptionExpiry,
  })
  const paid = (Status: string, expiry: string | null) => ({
    ...community(Status),
    'Membership Expiry': expiry,
  })
  it("lets a community's status take precedence over the account's", () => {
    // Active through the community, whatever the account says.
    expect(membershipStatus(own('Inactive'), paid('Active', '2027-11-24T10:00:00.000Z'))).toBe(
      'Active',
    )
    expect(membershipStatus(own(null), community('Active'))).toBe('Active')
    // Not active either way: the community's status is the one shown.
    expect(membershipStatus(own('Inactive'), community('Community - Pending'))).toBe(
      'Community - Pending',
    )
    expect(membershipStatus(own('Active'), null)).toBe('Active')
    expect(membershipStatus(undefined, null)).toBeNull()
  })
  it('never lets a community lower an account that is active on its own', () => {
    // Applied for, not paid yet: the applicant's own membership stands.
    expect(
      membershipOf(own('Active', '2026-12-06T10:00:00.000Z'), community('Community - Pending')),
    ).toEqual({ status: 'Active', expiry: '2026-12-06T10:00:00.000Z' })
    expect(membershipStatus(own('Active'), community('Community - Pending'))).toBe('Active')
    // Lapsed: the memberships it gave end with it; one paid for longer does not.
    const lapsed = paid('Inactive', '2026-11-01T10:00:00.000Z')
    expect(membershipStatus(own('Active', '2026-11-01T10:00:00.000Z'), lapsed)).toBe('Inactive')
    expect(membershipStatus(own('Active', '2027-05-01T10:00:00.000Z'), lapsed)).toBe('Active')
  })
  it('runs until the later expiry when both are active', () => {
    const active = paid('Active', '2027-11-24T10:00:00.000Z')
    expect(membershipOf(own('Active', '2028-01-01'), active)).toEqual({
      status: 'Active',
      expiry: '2028-01-01',
    })
    expect(membershipOf(own('Active', '2026-12-06T10:00:00.000Z'), active).expiry).toBe(
      '2027-11-24T10:00:00.000Z',
    )
    // An inactive account's old expiry is not the membership's.
    expect(membershipOf(own('Inactive', '2028-01-01'), active).expiry).toBe(
      '2027-11-24T10:00:00.000Z',
    )
    expect(membershipOf(own('Inactive', '2026-10-24'), null)).toEqual({
      status: 'Inactive',
      expiry: '2026-10-24',
    })
  })
  it('shows the Community link only to the creator of an active community', () => {
    expect(isCreator(community('Active'), 'Zainab@Example.com ')).toBe(true)
    expect(showsCommunityLink(community('Active'), 'zainab@example.com')).toBe(true)
    expect(showsCommunityLink(community('Community - Pending'), 'zainab@example.com')).toBe(false)
    expect(showsCommunityLink(community('Active'), 'femi@example.com')).toBe(false)
    expect(showsCommunityLink(null, 'zainab@example.com')).toBe(false)
    expect(showsCommunityLink(community('Active'), null)).toBe(false)
  })
})

describe("the profile's expiry", () => {
  it('reads Expires, Expired, or for a member who has never paid, Not active yet', () => {
    expect(expiryFact({ status: 'Active', expiry: '2027-04-30' })).toEqual({
      term: 'Expires',
      value: 'Apr 30, 2027',
    })
    expect(expiryFact({ status: 'Inactive', expiry: '2026-10-24' })).toEqual({
      term: 'Expired',
      value: 'Oct 24, 2026',
    })
    expect(expiryFact({ status: 'Inactive', expiry: null })).toEqual({
      term: 'Membership',
      value: 'Not active yet',
    })
  })
})

describe('dates', () => {
  it('shows a day in Lagos, whatever the instant', () => {
    // 23:30 UTC on 30 April is already 1 May in Lagos.
    expect(profileDate('2027-04-30T23:30:00.000Z')).toBe('May 1, 2027')
    expect(profileDate('2026-11-24')).toBe('Nov 24, 2026')
    expect(profileDate(null)).toBe('—')
    expect(profileDate('not a date')).toBe('—')
  })
  it('shows a payment moment with its Lagos time', () => {
    expect(paymentMoment('2026-06-01T10:05:00.000Z')).toBe('Jun 1, 2026, 11:05am')
  })
})

describe('labels', () => {
  it('names plans and channels as people read them', () => {
    expect(planLabel('individual-6m')).toBe('Individual · 6 months')
    expect(planLabel('individual-12m')).toBe('Individual · 1 year')
    expect(planLabel('community-8')).toBe('Community · 8 members')
    expect(planLabel('topup')).toBe('Wallet top-up')
    expect(planLabel(null)).toBe('—')
    expect(paidByLabel('card')).toBe('Card')
    expect(paidByLabel('bank_transfer')).toBe('Bank transfer')
    expect(paidByLabel('ussd')).toBe('USSD')
    expect(paidByLabel('pay_with_bank')).toBe('Pay with bank')
    expect(paidByLabel(null)).toBe('Card')
  })
  it('writes prices and periods', () => {
    expect(planPrices({ amountDollar: 150, amountNaira: 250_000 })).toBe('$150 / ₦250,000')
    expect(periodText('24 months')).toBe('for 2 years')
    expect(periodText('6 months')).toBe('for 6 months')
    expect(periodText(' ')).toBe('for 6 months')
  })
})

describe('the profile draft', () => {
  const saved = { firstName: 'Ada', lastName: 'Okafor', phone: '+234 803 555 0101' }
  it('sends only what changed, trimmed', () => {
    expect(draftChanges({ ...saved, firstName: ' Adaeze ' }, saved)).toEqual({
      'First Name': 'Adaeze',
    })
    expect(draftChanges(saved, saved)).toEqual({})
  })
  it('refuses empty names and unreadable phones', () => {
    expect(draftProblems(saved)).toEqual({})
    expect(Object.keys(draftProblems({ firstName: ' ', lastName: '', phone: 'call me' }))).toEqual([
      'firstName',
      'lastName',
      'phone',
    ])
  })
  it('checks a picture before sending it', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull()
    expect(pictureProblem({ type: 'image/gif', size: 1000 })).toBe(
      'Choose a JPEG, PNG or WebP picture.',
    )
    expect(pictureProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe(
      'Choose a picture of 5 MB or less.',
    )
    expect(pictureProblem({ type: 'image/webp', size: 0 })).toMatch(/empty/)
  })
})
