import { createActor } from 'xstate'
import { sessionExpiryMachine } from '../machines/session-expiry.machine'
import { viewerActors } from '../machines/viewer.actors'
import { viewerMachine } from '../machines/viewer.machine'
import { createApiClient } from '../openapi/client'
import { readSession, storage } from './storage'

/** The app's session-expiry flow: every 401 on an authenticated call ends up here. */
export const sessionExpiry = createActor(
  sessionExpiryMachine.provide({
    actions: {
      clearStorage: () => storage.clear(),
      // A full page load, so nothing of the old session stays in memory.
      navigateToLogin: () => window.location.assign('/login'),
    },
  }),
).start()

/** The one API client of the app. */
export const api = createApiClient({
  getToken: () => readSession()?.token ?? null,
  onUnauthorized: () => sessionExpiry.send({ type: 'session.expired' }),
})

/** Who is looking (visitor, member or not), shared by every page. */
export const viewer = createActor(
  viewerMachine.provide({
    actors: viewerActors(api),
    actions: { logError: (_, { error }) => console.warn('Could not read the profile', error) },
  }),
  { input: { signedIn: readSession() !== null } },
).start()
