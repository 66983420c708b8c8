// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { readSession, SESSION_KEYS, storage } from '../../src/storage'

/** What a guest who ticked 'Remember me' left behind. */
const remembered = {
  email: 'guest@example.com',
  name: 'Tolu Guest',
  phone: '+234 802 555 0199',
  rememberMe: 'true',
}

/** Everything a signed-in person's browser holds. */
const login = {
  userID: '00000000-0000-4000-8000-000000000001',
  authToken: 'a-token',
  userEmail: 'ada@example.com',
  userName: 'Ada Okafor',
  userNumber: '+234 803 555 0101',
  wallet: 'wallet-1',
  communityWallet: 'wallet-2',
  keptBookings: JSON.stringify({
    email: 'ada@example.com',
    at: '2026-11-24T09:00:00Z',
    bookings: [],
  }),
  doorKept: JSON.stringify({
    userId: '00000000-0000-4000-8000-000000000001',
    list: null,
    scans: [],
  }),
}

const store = (values: Record<string, string>) => {
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
}
const stored = () => Object.fromEntries(Object.entries(localStorage))

describe('the stored login', () => {
  beforeEach(() => localStorage.clear())

  it('is the user id and token when both are stored, and touches nothing', () => {
    store({ ...login, ...remembered })
    expect(readSession()).toEqual({ userId: login.userID, token: login.authToken })
    expect(stored()).toEqual({ ...login, ...remembered })
  })

  it('is nobody for a fresh browser', () => {
    expect(readSession()).toBeNull()
    expect(stored()).toEqual({})
  })

  it.each([
    ['a user id without a token', 'authToken'],
    ['a token without a user id', 'userID'],
  ] as const)(
    'treats %s as broken: the login is cleared, the guest’s remembered details stay',
    (_case, missing) => {
      const broken: Record<string, string> = { ...login }
      delete broken[missing]
      store({ ...broken, ...remembered, isBalanceHidden: 'true' })
      expect(readSession()).toBeNull()
      expect(stored()).toEqual({ ...remembered, isBalanceHidden: 'true' })
    },
  )

  it('clearSession forgets exactly the login’s keys', () => {
    store({ ...login, ...remembered })
    storage.clearSession()
    expect(stored()).toEqual(remembered)
    expect([...SESSION_KEYS].sort()).toEqual(Object.keys(login).sort())
  })
})

describe("the door's list and scans on a staff member's phone", () => {
  beforeEach(() => localStorage.clear())

  it('reads what its own login kept, and nothing of another login', () => {
    const kept = { list: null, scans: [] }
    storage.keepDoor(login.userID, kept)
    expect(storage.readKeptDoor(login.userID)).toEqual(kept)
    expect(storage.readKeptDoor('00000000-0000-4000-8000-000000000002')).toBeNull()
  })

  it.each(['not json', '{"userId":"x"}', 'null'])('reads %s as none', (text) => {
    store({ doorKept: text })
    expect(storage.readKeptDoor(login.userID)).toBeNull()
  })

  it('goes with the login', () => {
    store({ ...login, ...remembered })
    storage.clearSession()
    expect(storage.readKeptDoor(login.userID)).toBeNull()
  })

  it("keeps the scans not yet sent when the login ends, for that login's next door only", () => {
    const scan = (nonce: string, queued: boolean) => ({
      nonce,
      code: 'K7QM93XD2HFR8NWB',
      scannedAt: '2026-11-24T09:50:00.000Z',
      offline: true,
      shown: 'admitted' as const,
      queued,
    })
    storage.keepDoor(login.userID, {
      list: { date: '2026-11-24', takenAt: '2026-11-24T09:42:00.000Z', tickets: [] },
      scans: [scan('sent-one-000000001', false), scan('queued-one-0000001', true)],
    })
    storage.clearSession()
    expect(localStorage.getItem('doorKept')).toBeNull()
    expect(localStorage.getItem('doorUnsent')).not.toContain('takenAt')
    expect(storage.readKeptDoor('00000000-0000-4000-8000-000000000002')).toBeNull()
    const next = storage.readKeptDoor(login.userID)
    expect(next).toEqual({ list: null, scans: [scan('queued-one-0000001', true)] })
    // Kept by the next door: put aside no longer.
    storage.keepDoor(login.userID, next ?? { list: null, scans: [] })
    expect(localStorage.getItem('doorUnsent')).toBeNull()
  })
})

describe('the bookings kept for a visit without a network', () => {
  beforeEach(() => localStorage.clear())

  it('reads the list as it was kept', () => {
    store({ keptBookings: login.keptBookings })
    expect(storage.readKeptBookings()).toEqual({
      email: 'ada@example.com',
      at: '2026-11-24T09:00:00Z',
      bookings: [],
    })
  })

  it.each(['not json', '{"email":"ada@example.com"}', '[]', 'null'])('reads %s as none', (text) => {
    store({ keptBookings: text })
    expect(storage.readKeptBookings()).toBeNull()
  })

  it('goes with the login', () => {
    store({ ...login, ...remembered })
    storage.clearSession()
    expect(storage.readKeptBookings()).toBeNull()
  })
})
