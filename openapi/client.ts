import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './schema'

export type { components, operations, paths } from './schema'

/** A failed call, thrown by actors so a machine's onError runs (openapi-fetch never throws on 4xx/5xx). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface ApiOptions {
  /** Origin of the API; the browser passes '' (same origin), tests pass the server's address. */
  baseUrl?: string
  fetch?: typeof globalThis.fetch
  /** The stored bearer token, read on every request so a login takes effect at once. */
  getToken?: () => string | null
  /** Called when a request that carried a token is answered 401: the session has expired. */
  onUnauthorized?: () => void
}

/** Adds the bearer token and reports a 401 on an authenticated request. */
export function authMiddleware(
  getToken: () => string | null,
  onUnauthorized: () => void,
): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken()
      if (token) request.headers.set('Authorization', `Bearer ${token}`)
      return request
    },
    onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized()
      return undefined
    },
  }
}

/** The one client of the contract; every call of the app goes through it. */
export function createApiClient(options: ApiOptions = {}) {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl ?? ''}/api`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  if (options.getToken) {
    client.use(authMiddleware(options.getToken, options.onUnauthorized ?? (() => {})))
  }
  return client
}

export type Api = ReturnType<typeof createApiClient>

/** Returns the body of a successful call, or throws an ApiError carrying the server's message. */
export async function expectData<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call
  if (error !== undefined || data === undefined || data === null) {
    throw new ApiError(response.status, messageOf(error) ?? `Request failed (${response.status})`)
  }
  return data as NonNullable<R['data']>
}

function messageOf(error: unknown): string | null {
  if (
    error &&
    typeof error === 'object' &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message
  }
  return null
}
