import createClient, { type Middleware } from 'openapi-fetch'
import type { ApiOptions, UnauthorizedCall, UnauthorizedOutcome } from './client'
import type { paths } from './schema'

// Apart from the rest of the client (errors, types), so the app loads openapi-fetch and the
// middleware after its first screen, which makes no call: its data came with the page.

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

/**
 * Adds the bearer token and reports a 401 on a request that carried one. When the app signs
 * the person out quietly, a GET is repeated once without the token, so a public read (available
 * days, say) still answers as it would for any visitor.
 */
export function authMiddleware(
  getToken: () => string | null,
  onUnauthorized: (call: UnauthorizedCall) => UnauthorizedOutcome | undefined,
  fetchImpl?: typeof globalThis.fetch,
): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken()
      if (token) request.headers.set('Authorization', `Bearer ${token}`)
      return request
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.status !== 401 || !request.headers.has('Authorization')) return undefined
      const outcome = onUnauthorized({ method: request.method, path: schemaPath })
      if (outcome !== 'signedOut' || request.method !== 'GET') return undefined
      const anonymous = new Request(request)
      anonymous.headers.delete('Authorization')
      return fetchImpl ? fetchImpl(anonymous) : globalThis.fetch(anonymous)
    },
  }
}
