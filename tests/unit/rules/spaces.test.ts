import { describe, expect, it } from 'vitest'
import {
  cleanSpaceName,
  MEMBERS_ONLY_SPACE,
  offersCoworking,
  visibleSpaces,
} from '../../../machines/rules/spaces'

describe('cleanSpaceName', () => {
  it('drops trailing whitespace and a final period', () => {
    expect(cleanSpaceName('Garden Room. ')).toBe('Garden Room')
    expect(cleanSpaceName('Garden Room.')).toBe('Garden Room')
    expect(cleanSpaceName('Garden Room  ')).toBe('Garden Room')
  })

  it('leaves other periods and clean names alone', () => {
    expect(cleanSpaceName('Garden Room')).toBe('Garden Room')
    expect(cleanSpaceName('St. Mary Hall')).toBe('St. Mary Hall')
    expect(cleanSpaceName('Rooftop..')).toBe('Rooftop.')
  })
})

describe('visibleSpaces', () => {
  const spaces = [
    { Name: 'Garden Room. ', Coworking: true },
    { Name: '8th Floor.', Coworking: true },
    { Name: 'Library', Coworking: false },
  ]

  it(`hides the ${MEMBERS_ONLY_SPACE} from non-members and cleans the names`, () => {
    expect(visibleSpaces(spaces, false)).toEqual([
      { Name: 'Garden Room', Coworking: true },
      { Name: 'Library', Coworking: false },
    ])
  })

  it(`shows active members the ${MEMBERS_ONLY_SPACE} too, in the original order`, () => {
    expect(visibleSpaces(spaces, true).map((s) => s.Name)).toEqual([
      'Garden Room',
      '8th Floor',
      'Library',
    ])
  })

  it('hides the 8th Floor however its name is padded', () => {
    expect(visibleSpaces([{ Name: ' 8th floor ' }], false)).toEqual([])
  })

  it('leaves the original list untouched', () => {
    visibleSpaces(spaces, true)
    expect(spaces[0]?.Name).toBe('Garden Room. ')
  })
})

describe('offersCoworking', () => {
  it('is true when any item has Coworking true', () => {
    expect(offersCoworking([{ Coworking: null }, {}, { Coworking: true }])).toBe(true)
  })

  it('is false for no items, or items without Coworking true', () => {
    expect(offersCoworking([])).toBe(false)
    expect(offersCoworking([{ Coworking: null }, { Coworking: false }, {}])).toBe(false)
  })
})
