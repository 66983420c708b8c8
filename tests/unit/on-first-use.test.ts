import { describe, expect, it } from 'vitest'
import { StateMachine } from 'xstate'
import { onFirstUse } from '../../machines/on-first-use'
import { sessionExpiryMachine } from '../../machines/session-expiry/machine'

// Machines and shared actors are made when first touched, not when their module runs.

describe('onFirstUse', () => {
  it('makes the value only when something first touches it, and once', () => {
    let made = 0
    const counter = onFirstUse(() => {
      made += 1
      return {
        count: 41,
        next() {
          return this.count + 1
        },
      }
    })
    expect(made).toBe(0)
    expect(counter.count).toBe(41)
    // A method keeps its value as `this`, however it is called.
    const { next } = counter
    expect(next()).toBe(42)
    expect('count' in counter).toBe(true)
    expect(made).toBe(1)
  })

  it('stands in for a machine wherever XState looks at it', () => {
    expect(sessionExpiryMachine).toBeInstanceOf(StateMachine)
    expect(sessionExpiryMachine.id).toBe('sessionExpiry')
    const provided = sessionExpiryMachine.provide({ actions: { clearStorage: () => {} } })
    expect(provided).toBeInstanceOf(StateMachine)
  })
})
