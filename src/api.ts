import { createActor } from 'xstate'
import { onFirstUse } from '../machines/on-first-use'
import { sessionExpiryMachine } from '../machines/session-expiry/machine'
import { viewerActors } from '../machines/viewer/actors'
import { viewerMachine } from '../machines/viewer/machine'
import type { Api, UnauthorizedCall, UnauthorizedOutcome } from '../openapi/client'
import { showLiveFlow } from './live-flows'
import { readSession, storage } from './storage'

/** The app's session-expiry flow: 'Login session has expired', then /login 3 s later. */
export const sessionExpiry = onFirstUse(() =>
  createActor(
    sessionExpiryMachine.provide({
      actions: {
        // 'Storage cleared' means the login, not the person's remembered details: the guest's
        // email, name and phone are there because they ticked 'Remember me', and they will need
        // them on the login page and in every guest form. A lost login takes back no choice of
        // theirs, and this keeps expiry and broken storage (src/storage.ts) clearing the same
        // keys.
        clearStorage: () => storage.clearSession(),
        scrollToBanner: () => window.scrollTo(0, 0),
        // A full page load, so nothing of the old session stays in memory.
        navigateToLogin: () => window.location.assign('/login'),
      },
    }),
    { inspect: showLiveFlow },
  ).start(),
)

/**
 * The calls whose 401 ends the session out loud (spec, section 8): paying, booking and paying
 * from the wallet, and reading the wallets, which a booking panel does as the person opens it to
 * pay (and /profile/wallet, a protected page). Keyed by method and the contract's path.
 */
export const SESSION_ENDING_CALLS: readonly string[] = [
  'POST /payments/initiate',
  'POST /bookings/rsvp',
  'POST /wallets/debit/{walletId}',
  'GET /wallets',
]

/** The protected routes of the route table: /profile and everything under it, /tour, /bye-laws. */
export function isProtectedPath(pathname: string): boolean {
  return /^\/(profile|tour|bye-laws)(\/|$)/.test(pathname)
}

/**
 * A request carried a dead token. On a protected page, or from a call that spends money or books,
 * the person is told ('Login session has expired') and sent to /login; anywhere else they become a
 * visitor quietly, and a read is asked again without the token.
 */
export function onUnauthorized(
  call: UnauthorizedCall,
  pathname: string = window.location.pathname,
): UnauthorizedOutcome {
  if (SESSION_ENDING_CALLS.includes(`${call.method} ${call.path}`) || isProtectedPath(pathname)) {
    sessionExpiry.send({ type: 'session.expired' })
    return 'expired'
  }
  viewer.send({ type: 'viewer.sessionExpired' })
  return 'signedOut'
}

let client: Promise<Api> | null = null

/**
 * Loads the client's code (openapi-fetch) once. The first screen makes no call (its data came
 * with the page), so the app loads it after hydrating, not before painting.
 */
export function loadApiClient(): Promise<Api> {
  client ??= import('../openapi/create-client').then(({ createApiClient }) =>
    createApiClient({
      getToken: () => readSession()?.token ?? null,
      onUnauthorized: (call) => onUnauthorized(call),
    }),
  )
  return client
}

type Call = (...call: unknown[]) => Promise<unknown>

/** A method of the client that waits for it to load. */
const whenLoaded =
  (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'): Call =>
  (...call) =>
    loadApiClient().then((loaded) => (loaded[method] as Call)(...call))

/** The one API client of the app: the calls the app makes, each once the client is loaded. */
export const api = {
  GET: whenLoaded('GET'),
  POST: whenLoaded('POST'),
  PATCH: whenLoaded('PATCH'),
  PUT: whenLoaded('PUT'),
  DELETE: whenLoaded('DELETE'),
} as unknown as Api

/**
 * Who is looking (visitor, member or not), shared by every page. Made on first use: the server's
 * HTML and the hydration show a visitor (src/shared/use-viewer.ts), and the app starts it right
 * after hydrating (startViewer), so a member's profile loads without waiting for a page to ask.
 */
export const viewer = onFirstUse(() =>
  createActor(
    viewerMachine.provide({
      actors: viewerActors(api),
      actions: {
        logError: (_, { error }) => console.warn('Could not read the profile', error),
        clearSession: () => storage.clearSession(),
      },
    }),
    { input: { signedIn: readSession() !== null }, inspect: showLiveFlow },
  ).start(),
)

/** Reads the stored login and starts the viewer (loading a member's profile), once hydrated. */
export function startViewer(): void {
  viewer.getSnapshot()
}
