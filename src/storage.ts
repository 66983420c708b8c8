import type { KeptBookings } from '../machines/bookings-list/machine'
import type { KeptDoor, PhoneScan } from '../machines/check-in/queue/machine'
import { STORAGE_KEYS } from '../machines/rules/storage-keys'

type Key = keyof typeof STORAGE_KEYS

/**
 * The keys of a login: who is signed in, their token, their details and their wallet ids.
 * A guest's remembered details (email, name, phone, rememberMe) are not part of it: the person
 * asked for them to be remembered, and losing a login does not take that back.
 */
export const SESSION_KEYS = [
  'userID',
  'authToken',
  'userEmail',
  'userName',
  'userNumber',
  'wallet',
  'communityWallet',
  'keptBookings',
  'doorKept',
] as const satisfies readonly Key[]

/** The browser's storage under the spec's key names; private mode or a full disk never throws. */
export const storage = {
  get(key: Key): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS[key])
    } catch {
      return null
    }
  },
  set(key: Key, value: string) {
    try {
      localStorage.setItem(STORAGE_KEYS[key], value)
    } catch {
      // Storage unavailable: the app still works, it only forgets.
    }
  },
  remove(key: Key) {
    try {
      localStorage.removeItem(STORAGE_KEYS[key])
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
  /**
   * Forgets the login (SESSION_KEYS) and keeps a guest's remembered details, and the door's scans
   * not yet sent (guests let in: the login's next door sends them).
   */
  clearSession() {
    keepUnsentScans()
    for (const key of SESSION_KEYS) storage.remove(key)
  },
  /**
   * Keeps the wallet ids of the signed-in person's last wallet read (`wallet`, `communityWallet`);
   * a wallet they no longer have is forgotten.
   */
  rememberWallets(ids: { personal: string | null; community: string | null }) {
    if (ids.personal) storage.set('wallet', ids.personal)
    else storage.remove('wallet')
    if (ids.community) storage.set('communityWallet', ids.community)
    else storage.remove('communityWallet')
  },
  /** The member's bookings as last read (see KeptBookings); null when none or unreadable. */
  readKeptBookings(): KeptBookings | null {
    try {
      const kept = JSON.parse(storage.get('keptBookings') ?? 'null') as Partial<KeptBookings> | null
      return typeof kept?.email === 'string' &&
        typeof kept.at === 'string' &&
        Array.isArray(kept.bookings)
        ? (kept as KeptBookings)
        : null
    } catch {
      return null
    }
  },
  /**
   * What the door kept on this phone for the login `userId`, with the scans an earlier login of
   * theirs left unsent; null for another login's, or none.
   */
  readKeptDoor(userId: string): KeptDoor | null {
    const kept = readJson<Partial<KeptDoor> & { userId?: unknown }>('doorKept')
    const own = kept?.userId === userId && Array.isArray(kept.scans) ? kept : null
    const left = unsentScans()[userId] ?? []
    if (!own && left.length === 0) return null
    const scans = own?.scans ?? []
    const known = new Set(scans.map((scan) => scan.nonce))
    return {
      list: own?.list ?? null,
      scans: [...left.filter((scan) => !known.has(scan.nonce)), ...scans],
    }
  },
  /** Keeps the door's list and scans for `userId`: the scans a login of theirs left are in it now. */
  keepDoor(userId: string, kept: KeptDoor) {
    storage.set('doorKept', JSON.stringify({ userId, ...kept }))
    const { [userId]: _taken, ...others } = unsentScans()
    if (Object.keys(others).length === 0) storage.remove('doorUnsent')
    else storage.set('doorUnsent', JSON.stringify(others))
  },
  /** The token of the waitlist entry this phone joined for an event; null when none. */
  readWaitlistEntry(eventId: string): string | null {
    const token = waitlistEntries()[eventId]
    return typeof token === 'string' ? token : null
  },
  /** Keeps (or, with null, forgets) the token of the waitlist entry joined for an event. */
  keepWaitlistEntry(eventId: string, token: string | null) {
    const { [eventId]: _left, ...others } = waitlistEntries()
    const entries = token ? { ...others, [eventId]: token } : others
    if (Object.keys(entries).length === 0) storage.remove('waitlistEntries')
    else storage.set('waitlistEntries', JSON.stringify(entries))
  },
  /** Forgets everything, remembered details too; a lost login uses clearSession() instead. */
  clear() {
    try {
      localStorage.clear()
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
}

type DraftForm = 'application' | 'community-application' | 'member-signup' | 'coworking'

/**
 * Answers typed into a form and not sent yet, by form. In this tab's session storage: they outlive
 * a reload and a phone discarding the tab, and are gone once the tab is closed (the answers are
 * personal: an address, a date of birth). A broken or unavailable store reads as no draft.
 */
export const drafts = {
  read(form: DraftForm): unknown {
    try {
      return JSON.parse(sessionStorage.getItem(`draft:${form}`) ?? 'null')
    } catch {
      return null
    }
  },
  save(form: DraftForm, answers: object) {
    try {
      sessionStorage.setItem(`draft:${form}`, JSON.stringify(answers))
    } catch {
      // Storage unavailable or full: the form still works, it only forgets on a reload.
    }
  },
  clear(form: DraftForm) {
    try {
      sessionStorage.removeItem(`draft:${form}`)
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
}

export type StoredSession = { userId: string; token: string }

/**
 * The stored login. A user id without a token (or the reverse) is broken storage: the login's
 * keys are cleared (a guest's remembered details stay), and the person counts as signed out.
 */
export function readSession(): StoredSession | null {
  const userId = storage.get('userID')
  const token = storage.get('authToken')
  if (userId && token) return { userId, token }
  if (userId || token) {
    storage.clearSession()
    brokenLoginCleared = true
  }
  return null
}

let brokenLoginCleared = false

/**
 * Whether a broken login (a user id without a token, or the reverse) was cleared since last
 * asked: the member menu sends that person to /login (spec, /menu), not to the visitor menu.
 */
export function takeBrokenLogin(): boolean {
  readSession()
  const broken = brokenLoginCleared
  brokenLoginCleared = false
  return broken
}

/**
 * The page's address without its path, for payment callbacks. The server renders pages too,
 * where no payment starts: there it is empty.
 */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin
}

/** A stored JSON value; null when none or unreadable. */
function readJson<T>(key: Key): T | null {
  try {
    return JSON.parse(storage.get(key) ?? 'null') as T | null
  } catch {
    return null
  }
}

/** The door's scans logins left unsent, by login id. */
function unsentScans(): Record<string, PhoneScan[]> {
  const kept = readJson<Record<string, unknown>>('doorUnsent')
  if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return {}
  return Object.fromEntries(
    Object.entries(kept).filter((entry): entry is [string, PhoneScan[]] => Array.isArray(entry[1])),
  )
}

/** The ending login's door scans not yet sent, put aside under its id (its list is not). */
function keepUnsentScans() {
  const kept = readJson<Partial<KeptDoor> & { userId?: unknown }>('doorKept')
  if (typeof kept?.userId !== 'string' || !Array.isArray(kept.scans)) return
  const queued = kept.scans.filter((scan) => scan.queued)
  if (queued.length === 0) return
  const all = unsentScans()
  const known = new Set((all[kept.userId] ?? []).map((scan) => scan.nonce))
  all[kept.userId] = [...(all[kept.userId] ?? []), ...queued.filter((s) => !known.has(s.nonce))]
  storage.set('doorUnsent', JSON.stringify(all))
}

/** The waitlist entries this phone joined, by event id: their tokens. */
function waitlistEntries(): Record<string, unknown> {
  try {
    const kept = JSON.parse(storage.get('waitlistEntries') ?? 'null') as unknown
    return kept && typeof kept === 'object' && !Array.isArray(kept)
      ? (kept as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}
