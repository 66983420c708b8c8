import { describe, expect, it } from 'vitest'
import { PLANS } from '../../../machines/rules/membership'
import {
  invitedApplicationPath,
  loginPath,
  loginSentPath,
  periodLabel,
  planName,
  queryEmail,
  splitPlans,
} from '../../../machines/rules/public-membership'

describe('the public membership addresses', () => {
  it('opens the application with the invite code and the first name, encoded', () => {
    expect(invitedApplicationPath('WELCOME16', 'Chioma')).toBe(
      '/membership/application?code=WELCOME16&name=Chioma',
    )
    expect(invitedApplicationPath('A-1', 'Ngozi Ada')).toBe(
      '/membership/application?code=A-1&name=Ngozi+Ada',
    )
  })

  it('prefills the login page only when an e-mail is known', () => {
    expect(loginPath('bisi+16@example.com')).toBe('/login?email=bisi%2B16%40example.com')
    expect(loginPath(' ')).toBe('/login')
    expect(loginPath(null)).toBe('/login')
    expect(loginSentPath(' ada@example.com ')).toBe('/login-sent?email=ada%40example.com')
  })

  it('takes an e-mail from the query only when it is a valid one', () => {
    expect(queryEmail(' ada@example.com ')).toBe('ada@example.com')
    expect(queryEmail('ada@example')).toBeNull()
    expect(queryEmail('')).toBeNull()
    expect(queryEmail(null)).toBeNull()
  })
})

describe('the rates table', () => {
  it('lists the individual plans cheapest first, then communities by size', () => {
    const shuffled = [PLANS[4], PLANS[1], PLANS[2], PLANS[0], PLANS[3]].filter(
      (p) => p !== undefined,
    )
    const { individual, community } = splitPlans(shuffled)
    expect(individual.map((p) => p.id)).toEqual(['individual-6m', 'individual-12m'])
    expect(community.map((p) => p.numberOfMembers)).toEqual([4, 6, 8])
  })

  it('names plans and says periods as people do', () => {
    expect(PLANS.map(planName)).toEqual([
      'Individual',
      'Individual',
      'Community of 4',
      'Community of 6',
      'Community of 8',
    ])
    expect(periodLabel('24 months')).toBe('2 years')
    expect(periodLabel('12 months')).toBe('1 year')
    expect(periodLabel('6 months')).toBe('6 months')
    expect(periodLabel('1 year')).toBe('1 year')
    expect(periodLabel('18 months')).toBe('18 months')
  })
})
