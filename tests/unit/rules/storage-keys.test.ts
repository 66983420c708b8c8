import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../machines/rules/storage-keys'

describe('STORAGE_KEYS', () => {
  it('names exactly the browser storage keys of the product, each under its own name', () => {
    const names = [
      'userID',
      'authToken',
      'userEmail',
      'userName',
      'userNumber',
      'email',
      'name',
      'phone',
      'rememberMe',
      'wallet',
      'communityWallet',
      'isBalanceHidden',
      // Beside the spec's keys: the bookings read last, for a visit without a network (decision 027).
      'keptBookings',
      // The waitlist entries joined from this phone, so the event's page still says so (decision 043).
      'waitlistEntries',
      // The door's list and its scans to send, on a staff member's phone (decision 051).
      'doorKept',
      'doorUnsent',
    ]
    expect(Object.keys(STORAGE_KEYS).sort()).toEqual([...names].sort())
    for (const [key, value] of Object.entries(STORAGE_KEYS)) expect(value).toBe(key)
  })
})
