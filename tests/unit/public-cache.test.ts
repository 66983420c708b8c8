import { describe, expect, it } from 'vitest'
import { PublicCache } from '../../server/http/cache/store.ts'

const NOW = new Date('2026-11-24T10:00:00Z')

describe('the public cache', () => {
  it('keeps an answer once, and none its caller says not to keep (an unknown id)', async () => {
    const cache = new PublicCache()
    let computed = 0
    const compute =
      <T>(value: T) =>
      async () => {
        computed += 1
        return { value, until: null }
      }
    const unknown = () =>
      cache.read('event-row|no-such-event', NOW, compute(null), (row) => row !== null)
    expect((await unknown()).value).toBeNull()
    expect((await unknown()).value).toBeNull()
    expect(computed).toBe(2)

    const known = () => cache.read('event-row|supper-club', NOW, compute({ capacity: 12 }))
    expect((await known()).value).toEqual({ capacity: 12 })
    expect((await known()).value).toEqual({ capacity: 12 })
    expect(computed).toBe(3)
    cache.invalidate()
    await known()
    expect(computed).toBe(4)
  })
})
