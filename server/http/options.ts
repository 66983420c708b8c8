import type { IncomingHttpHeaders, ServerOptions } from 'node:http'
import { isIP } from 'node:net'
import type { FastifyServerOptions } from 'fastify'

// How the server meets the network: whose X-Forwarded-For it believes, and how long a client may
// take. Both are read from the environment by config.ts and handed to Fastify by app.ts.

/**
 * Which proxies' X-Forwarded-For to believe: none (false, the default), the nearest n hops (a
 * load balancer in front is 1), the listed addresses and CIDR ranges, or every hop (true: then
 * any client can choose its own address, and with it a fresh rate-limit budget).
 */
export type TrustProxy = boolean | number | string[]

/** Names proxy-addr understands besides addresses and ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An IPv4/IPv6 address, a CIDR range (10.0.0.0/8, fd00::/8, 10.0.0.0/255.0.0.0), or a name. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (version === 4 && isIP(bits) === 4) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)
}

/** TRUST_PROXY: unset, '', 'false' or '0' is off; a whole number is a hop count; 'true'; or a list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const unreadable = entries.filter((entry) => !isAddressOrRange(entry))
  if (entries.length === 0 || unreadable.length > 0) {
    throw new Error(
      `TRUST_PROXY must be false, a hop count, or proxy addresses and CIDR ranges separated by ` +
        `commas (e.g. 10.0.0.0/8,192.0.2.1); cannot read: ${unreadable.join(', ') || text}`,
    )
  }
  return entries
}

/** Fastify's trustProxy for ours. Fastify treats a bare number as 'trust nothing', so a hop count
 * becomes the function proxy-addr applies hop by hop (hop 0 is the connection's own address). */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

/** Milliseconds a client may take, so an unfinished request never holds a connection for ever. */
export interface HttpTimeouts {
  /** The whole request, headers and body, from the first byte (Node's requestTimeout). */
  requestTimeout: number
  /** The headers, from the first byte (Node's headersTimeout; at most requestTimeout). */
  headersTimeout: number
  /** An idle connection between two requests (keep-alive). */
  keepAliveTimeout: number
  /** A connection with no traffic either way, e.g. a client that stops reading an answer. */
  connectionTimeout: number
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  keepAliveTimeout: 5_000,
  connectionTimeout: 60_000,
}

/** The environment variable of each timeout. */
export const TIMEOUT_VARIABLES: Record<keyof HttpTimeouts, string> = {
  requestTimeout: 'REQUEST_TIMEOUT_MS',
  headersTimeout: 'HEADERS_TIMEOUT_MS',
  keepAliveTimeout: 'KEEP_ALIVE_TIMEOUT_MS',
  connectionTimeout: 'CONNECTION_TIMEOUT_MS',
}

/** Fills in the defaults and checks what Node requires (headers within the request's time). */
export function resolveTimeouts(partial: Partial<HttpTimeouts> = {}): HttpTimeouts {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...partial }
  for (const [key, value] of Object.entries(timeouts) as [keyof HttpTimeouts, number][]) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new Error(`${TIMEOUT_VARIABLES[key]} must be a whole number of milliseconds above 0.`)
    }
  }
  if (timeouts.headersTimeout > timeouts.requestTimeout) {
    throw new Error(
      `${TIMEOUT_VARIABLES.headersTimeout} (${timeouts.headersTimeout}) must not exceed ` +
        `${TIMEOUT_VARIABLES.requestTimeout} (${timeouts.requestTimeout}).`,
    )
  }
  return timeouts
}

/** Reads the four timeout variables; the defaults fill in what is unset. */
export function readTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const partial: Partial<HttpTimeouts> = {}
  for (const [key, variable] of Object.entries(TIMEOUT_VARIABLES) as [
    keyof HttpTimeouts,
    string,
  ][]) {
    const text = env[variable]?.trim()
    if (!text) continue
    if (!/^\d+$/.test(text)) {
      throw new Error(`${variable} must be a whole number of milliseconds above 0: ${text}`)
    }
    partial[key] = Number(text)
  }
  return resolveTimeouts(partial)
}

export interface TimeoutOptions {
  requestTimeout: number
  keepAliveTimeout: number
  connectionTimeout: number
  http: ServerOptions
}

/** Fastify's options for the timeouts (Node's headersTimeout goes through `http`). */
export function timeoutOptions(timeouts: HttpTimeouts): TimeoutOptions {
  const { requestTimeout, headersTimeout, keepAliveTimeout, connectionTimeout } = timeouts
  return {
    requestTimeout,
    keepAliveTimeout,
    connectionTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout,
      // Node looks for late requests and headers this often (30 s by default, so a 10 s limit
      // could last 40 s): a tenth of the shortest limit, between 25 ms and 1 s.
      connectionsCheckingInterval: Math.max(
        25,
        Math.min(1_000, Math.floor(Math.min(headersTimeout, requestTimeout) / 10)),
      ),
    },
  }
}

/** What an error refusing a body says of its connection (errors.ts acts on it). */
export interface BodyRefusal {
  /** The rest of the body was, or will be, read and thrown away: the connection serves on. */
  bodyDrained?: boolean
  /** The rest will not be read: the answer says `Connection: close`, and the connection ends. */
  closeConnection?: boolean
}

/** The error of a client that went away while its body was being read, as Node words it. */
const clientGone = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' })

/**
 * Reads a request body of at most `limit` bytes. A larger one is refused with `tooLarge()` in a
 * way that keeps the connection usable, so the client's next request on it is answered: up to
 * as much again as the limit is read to its end and thrown away (Node does it after the answer
 * when Content-Length says the size at once; a body of unknown length is read first); a body
 * larger still is refused at once with `Connection: close`. Never destroys the request: a
 * `for await` loop left by a throw does, which resets the connection under the answer.
 */
export function readLimitedBody(
  headers: IncomingHttpHeaders,
  payload: NodeJS.ReadableStream & { destroyed?: boolean },
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const drainLimit = 2 * limit
  const refuse = (how: BodyRefusal) => Object.assign(tooLarge(), how)
  const declared = Number(headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) {
    // Unread, the rest is read and thrown away by Node once the answer has gone out.
    return Promise.reject(
      refuse(declared <= drainLimit ? { bodyDrained: true } : { closeConnection: true }),
    )
  }
  if (payload.destroyed) return Promise.reject(clientGone())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      payload.off('data', onData)
      payload.off('end', onEnd)
      payload.off('error', onError)
      payload.off('close', onClose)
    }
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      size += bytes.length
      if (size <= limit) chunks.push(bytes)
      else if (size <= drainLimit) chunks.length = 0
      else {
        // Left flowing with no reader, the rest is thrown away until the connection closes.
        stop()
        reject(refuse({ closeConnection: true }))
      }
    }
    const onEnd = () => {
      stop()
      if (size > limit) reject(refuse({ bodyDrained: true }))
      else resolve(Buffer.concat(chunks))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(clientGone())
    }
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onError)
    payload.on('close', onClose)
    payload.resume()
  })
}
