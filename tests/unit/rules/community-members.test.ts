import { describe, expect, it } from 'vitest'
import {
  canRemove,
  emailList,
  hasRoom,
  isListed,
  placesTaken,
  roster,
} from '../../../machines/rules/community-members'

const community = {
  Creator: 'zainab@example.com',
  'Number of Members': 4,
  Members: 'femi@example.com, Zainab@example.com',
  'Pending Members': 'bisi@example.com,,',
}

describe('community members', () => {
  it('reads comma-separated e-mails, dropping blanks and repeats', () => {
    expect(emailList(' a@b.co, ,A@b.co,c@d.co ')).toEqual(['a@b.co', 'c@d.co'])
    expect(emailList('')).toEqual([])
    expect(emailList(null)).toEqual([])
  })

  it('lists the creator first with a star, then members, then pending members', () => {
    expect(roster(community)).toEqual([
      { email: 'Zainab@example.com', status: 'Active', creator: true },
      { email: 'femi@example.com', status: 'Active', creator: false },
      { email: 'bisi@example.com', status: 'Pending', creator: false },
    ])
  })

  it('counts members and pending members against the size', () => {
    expect(placesTaken(community)).toBe(3)
    expect(hasRoom(community)).toBe(true)
    expect(hasRoom({ ...community, 'Pending Members': 'bisi@example.com,kemi@example.com' })).toBe(
      false,
    )
  })

  it('never lets the creator be removed; anyone else listed can be', () => {
    expect(canRemove(community, 'zainab@example.com')).toBe(false)
    expect(canRemove(community, 'FEMI@example.com')).toBe(true)
    expect(canRemove(community, 'bisi@example.com')).toBe(true)
    expect(canRemove(community, 'stranger@example.com')).toBe(false)
  })

  it('knows who is already listed', () => {
    expect(isListed(community, ' Bisi@Example.com')).toBe(true)
    expect(isListed(community, 'new@example.com')).toBe(false)
  })
})
