import type { createApiClient } from './create-client'

export type { components, operations, paths } from './schema'

/** A failed call, thrown by actors so a machine's onError runs (openapi-fetch never throws on 4xx/5xx). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the refusal carried beside its message (the booking a person already holds). */
    readonly data?: unknown,
    /** The field a request broke the contract at ('booking.Phone'): the message is then not for people. */
    readonly field?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The call a 401 answered: its method and the contract's path, e.g. '/wallets/debit/{walletId}'. */
export interface UnauthorizedCall {
  method: string
  path: string
}

/**
 * What the app made of a dead token: the session has 'expired' (the call fails as it is), or the
 * person was 'signedOut' quietly, and a read is then asked again without the token.
 */
export type UnauthorizedOutcome = 'expired' | 'signedOut'

export interface ApiOptions {
  /** Origin of the API; the browser passes '' (same origin), tests pass the server's address. */
  baseUrl?: string
  fetch?: typeof globalThis.fetch
  /** The stored bearer token, read on every request so a login takes effect at once. */
  getToken?: () => string | null
  /** Called when a request that carried a token is answered 401: the token is dead. */
  onUnauthorized?: (call: UnauthorizedCall) => UnauthorizedOutcome | undefined
}

export type Api = ReturnType<typeof createApiClient>

/** Returns the body of a successful call, or throws an ApiError carrying the server's message. */
export async function expectData<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call
  if (error !== undefined || data === undefined || data === null) {
    // The contract's error body (`{ status, message, data?, field? }`), or whatever came instead.
    const body = (error && typeof error === 'object' ? error : {}) as {
      message?: unknown
      data?: unknown
      field?: unknown
    }
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : `Request failed (${response.status})`,
      body.data,
      typeof body.field === 'string' ? body.field : undefined,
    )
  }
  return data as NonNullable<R['data']>
}
