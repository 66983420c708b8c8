// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A signed-in browser that also remembers a guest's details, as src/api.ts finds it on load. */
function signedInBrowser() {
  localStorage.clear()
  const values = {
    userID: '00000000-0000-4000-8000-000000000001',
    authToken: 'a-token-no-session-has',
    userEmail: 'ada@example.com',
    userName: 'Ada Okafor',
    userNumber: '+234 803 555 0101',
    wallet: 'wallet-1',
    email: 'guest@example.com',
    name: 'Tolu Guest',
    phone: '+234 802 555 0199',
    rememberMe: 'true',
  }
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
}

/** A fresh copy of the app's client, session-expiry flow and viewer. */
async function app() {
  vi.resetModules()
  const module = await import('../../src/api')
  // In Node the profile call cannot leave the test; wait for the viewer to settle.
  await vi.waitFor(() => expect(module.viewer.getSnapshot().hasTag('busy')).toBe(false))
  return module
}

const remembered = {
  email: 'guest@example.com',
  name: 'Tolu Guest',
  phone: '+234 802 555 0199',
  rememberMe: 'true',
}

describe('a dead token (401) in the app', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    signedInBrowser()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it.each([
    ['GET /accounts/profile', '/'],
    ['GET /events/available-days', '/co-working'],
    ['GET /events/available-days/print-studio', '/print-studio'],
    ['GET /bookings/{email}', '/event/rooftop-jazz'],
  ])('from %s on %s makes the person a visitor quietly', async (call, page) => {
    const { onUnauthorized, sessionExpiry, viewer } = await app()
    expect(viewer.getSnapshot().context.signedIn).toBe(true)
    const [method = '', path = ''] = call.split(' ')
    expect(onUnauthorized({ method, path }, page)).toBe('signedOut')
    expect(viewer.getSnapshot().value).toBe('visitor')
    expect(viewer.getSnapshot().context.signedIn).toBe(false)
    expect(sessionExpiry.getSnapshot().hasTag('expired')).toBe(false)
    expect(Object.fromEntries(Object.entries(localStorage))).toEqual(remembered)
  })

  it.each([
    ['POST /payments/initiate', '/event/rooftop-jazz'],
    ['POST /bookings/rsvp', '/event/poetry-and-palm-wine'],
    ['POST /wallets/debit/{walletId}', '/co-working'],
    // A booking panel reads the wallets as the person opens it to pay.
    ['GET /wallets', '/print-studio'],
    ['GET /wallets', '/profile/wallet'],
    ['GET /accounts/profile', '/profile'],
    ['GET /bookings/{email}', '/profile/bookings'],
    ['GET /accounts/profile', '/tour'],
    ['GET /accounts/profile', '/bye-laws'],
  ])(
    "from %s on %s says 'Login session has expired', then clears the login and opens /login",
    async (call, page) => {
      const { onUnauthorized, sessionExpiry } = await app()
      const assign = vi.fn()
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
      const [method = '', path = ''] = call.split(' ')
      expect(onUnauthorized({ method, path }, page)).toBe('expired')
      expect(sessionExpiry.getSnapshot().hasTag('expired')).toBe(true)
      vi.advanceTimersByTime(2999)
      expect(assign).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(assign).toHaveBeenCalledWith('/login')
      expect(Object.fromEntries(Object.entries(localStorage))).toEqual(remembered)
    },
  )

  it('does not end the session for paths that only look protected', async () => {
    const { isProtectedPath } = await app()
    expect(['/profile', '/profile/wallet', '/tour', '/bye-laws'].every(isProtectedPath)).toBe(true)
    expect(['/', '/profiles', '/menu', '/event/tour', '/touring'].some(isProtectedPath)).toBe(false)
  })
})
