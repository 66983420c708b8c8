import { describe, expect, it } from 'vitest'
import { andList, queryReader } from '../../../machines/rules/text'

describe('andList', () => {
  it.each([
    [[], ''],
    [['a day'], 'a day'],
    [['a day', 'a space'], 'a day and a space'],
    [
      ['your name', 'a valid email address', 'your phone number'],
      'your name, a valid email address and your phone number',
    ],
  ])('%j reads %j', (words, sentence) => {
    expect(andList(words)).toBe(sentence)
  })
})

describe('queryReader', () => {
  it('trims each value and reads a missing one as empty text', () => {
    const read = queryReader('?email=%20bola%40example.com%20&day=')
    expect(read('email')).toBe('bola@example.com')
    expect(read('day')).toBe('')
    expect(read('phone')).toBe('')
  })

  it('reads parsed parameters the same way', () => {
    expect(queryReader(new URLSearchParams({ name: ' Bola ' }))('name')).toBe('Bola')
  })
})
