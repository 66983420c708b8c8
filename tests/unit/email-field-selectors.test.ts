import { describe, expect, it } from 'vitest'
import { draftErrorOf, isDraftListed } from '../../machines/community-members/selectors'
import { emailErrorOf as loginEmailErrorOf } from '../../machines/login-link/selectors'
import type { CommunityRoster } from '../../machines/rules/community-members'
import { emailErrorOf as subscribeEmailErrorOf } from '../../machines/subscribe/selectors'

// The e-mail fields of the login, the programme's mailing list and 'Add new member' show what
// their flow's selectors say: nothing while empty or an address, the product's sentence otherwise.

const community: CommunityRoster = {
  Creator: 'zainab@example.com',
  'Number of Members': 3,
  Members: 'zainab@example.com, femi@example.com',
  'Pending Members': 'bisi@example.com',
}

describe('what an e-mail field says under itself', () => {
  it.each([
    ['login', (email: string) => loginEmailErrorOf({ email })],
    ['mailing list', (email: string) => subscribeEmailErrorOf({ email })],
    ['new member', (draft: string) => draftErrorOf({ community: null, draft })],
  ] as const)('%s: nothing until something that is not an address is typed', (_name, errorOf) => {
    expect(errorOf('')).toBeNull()
    expect(errorOf(' oluwaseun.adebayowilliams@gmail.com ')).toBeNull()
    expect(errorOf('oluwaseun@gmail')).toBe('Please enter a valid email address.')
  })

  it('knows an address already in the community, however it is typed', () => {
    expect(isDraftListed({ community, draft: ' FEMI@example.com ' })).toBe(true)
    expect(isDraftListed({ community, draft: 'bisi@example.com' })).toBe(true)
    expect(isDraftListed({ community, draft: 'chioma@example.com' })).toBe(false)
    expect(isDraftListed({ community: null, draft: 'femi@example.com' })).toBe(false)
  })
})
