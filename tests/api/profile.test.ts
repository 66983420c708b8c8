import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('GET /api/accounts/profile', () => {
    let api: TestApi

    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    const profile = (headers: Record<string, string> = {}) =>
      api.app.inject({ url: '/api/accounts/profile', headers })

    it('answers the signed-in person’s account as the documents read it', async () => {
      const response = await profile(bearer(await signIn(api, 'ada@example.com')))
      expect(response.statusCode).toBe(200)
      const { status, account } = response.json()
      expect(status).toBe('success')
      expect(account).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        Name: 'Ada Okafor',
        Role: 'Member',
        'Email Address': 'ada@example.com',
        subscriptionStatus: 'Active',
        subscriptionExpiry: expect.any(String),
        'Created at': expect.any(String),
        Picture: null,
        staff: false,
        staffRole: null,
        'First Name': ['Ada'],
        'Last Name': ['Okafor'],
        Pronouns: ['she/her'],
        'Date of Birth': ['1991-03-14'],
        Occupation: ['Architect'],
        'Company Name': ['Okafor Studio'],
        Nationality: ['Nigerian'],
        Address: ['12 Bourdillon Road, Ikoyi, Lagos'],
        Country: ['Nigeria'],
        'Social Link': ['https://instagram.com/ada.builds'],
        'Emergency Contact Name': ['Chidi Okafor'],
        Relationship: ['Sibling'],
        'Phone Number': ['+234 803 555 0101'],
      })
      // About five months left: the app reads this to show membership.
      expect(new Date(account.subscriptionExpiry).getTime()).toBeGreaterThan(NOW.getTime())
    })

    it('shows a lapsed membership as it is, and leaves out what the person never gave', async () => {
      const response = await profile(bearer(await signIn(api, 'tunde@example.com')))
      const { account } = response.json()
      expect(account.subscriptionStatus).toBe('Inactive')
      expect(new Date(account.subscriptionExpiry).getTime()).toBeLessThan(NOW.getTime())
      expect(account).not.toHaveProperty('Company Name')
    })

    it('answers 401 without a session, and to a token no session has', async () => {
      expectError(await profile(), 401, 'Please log in.')
      expectError(await profile(bearer(madeUpToken())), 401, 'Login session has expired')
    })
  })
})
