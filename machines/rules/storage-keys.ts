/** The browser storage keys the app reads and writes, named once so nothing misspells them. */
export const STORAGE_KEYS = {
  userID: 'userID',
  authToken: 'authToken',
  userEmail: 'userEmail',
  userName: 'userName',
  userNumber: 'userNumber',
  email: 'email',
  name: 'name',
  phone: 'phone',
  rememberMe: 'rememberMe',
  wallet: 'wallet',
  communityWallet: 'communityWallet',
  isBalanceHidden: 'isBalanceHidden',
  /** The member's bookings as last read, for a visit without a network (cleared with the login). */
  keptBookings: 'keptBookings',
  /**
   * The door's list of tickets and its scans not yet sent, on a staff member's phone (issue 46),
   * with the id of the login that read it: cleared with the login, read by no other.
   */
  doorKept: 'doorKept',
  /**
   * The door's scans not yet sent when a login ended, by login id: kept (they are guests let in),
   * and sent by that login's next door. No ticket list goes with them.
   */
  doorUnsent: 'doorUnsent',
  /**
   * The waitlist entries joined from this phone, `{ eventId: token }`: the event's page says they
   * are waiting. Kept with the login's end: a guest joins too.
   */
  waitlistEntries: 'waitlistEntries',
} as const

/** One of the storage key names. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
