import createClient from 'openapi-fetch'
import { type ApiOptions, authMiddleware } from './client'
import type { paths } from './schema'

// Apart from the rest of the client (errors, types), so the app loads openapi-fetch after its
// first screen, which makes no call: its data came with the page.

/** The one client of the contract; every call of the app goes through it. */
export function createApiClient(options: ApiOptions = {}) {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl ?? ''}/api`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  if (options.getToken) {
    client.use(
      authMiddleware(options.getToken, options.onUnauthorized ?? (() => undefined), options.fetch),
    )
  }
  return client
}
