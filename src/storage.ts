import { STORAGE_KEYS } from '../machines/rules/storage-keys'

/** The browser's storage under the spec's key names; private mode or a full disk never throws. */
export const storage = {
  get(key: keyof typeof STORAGE_KEYS): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS[key])
    } catch {
      return null
    }
  },
  set(key: keyof typeof STORAGE_KEYS, value: string) {
    try {
      localStorage.setItem(STORAGE_KEYS[key], value)
    } catch {
      // Storage unavailable: the app still works, it only forgets.
    }
  },
  clear() {
    try {
      localStorage.clear()
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
}

export type StoredSession = { userId: string; token: string }

/**
 * The stored login. A user id without a token (or the reverse) is broken storage: it is cleared,
 * and the person counts as signed out.
 */
export function readSession(): StoredSession | null {
  const userId = storage.get('userID')
  const token = storage.get('authToken')
  if (userId && token) return { userId, token }
  if (userId || token) storage.clear()
  return null
}
