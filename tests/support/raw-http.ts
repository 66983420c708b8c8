import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'

// Requests written byte by byte on a TCP socket, for what `app.inject` cannot send: oversized
// headers, broken request lines, bodies promised and never sent, connections that stay silent.

/** Starts the app on a free port of 127.0.0.1 and returns that port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as AddressInfo).port
}

export interface RawExchange {
  /** Everything the server wrote before the connection ended (or before `waitMs`). */
  text: string
  /** The server closed the connection within `waitMs`. */
  closed: boolean
  /** Milliseconds from connecting to the close (or to giving up). */
  ms: number
}

export interface RawOptions {
  /** Written at once after connecting (nothing when omitted). */
  send?: string | Buffer
  /** Written one after another, `everyMs` apart, while the connection is open (a slow client). */
  drip?: { chunks: string[]; everyMs: number }
  /** How long to wait for the server to close before giving up (the test's bound). */
  waitMs: number
}

/** Opens a connection, writes what it is given, and records what comes back until it closes. */
export function rawExchange(
  port: number,
  { send, drip, waitMs }: RawOptions,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    let dripper: NodeJS.Timeout | undefined
    let settled = false
    const finish = (closed: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(dripper)
      socket.destroy()
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closed, ms: Date.now() - started })
    }
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
    socket.on('connect', () => {
      if (send !== undefined) socket.write(send)
      if (drip) {
        const queue = [...drip.chunks]
        dripper = setInterval(() => {
          const next = queue.shift()
          if (next === undefined) clearInterval(dripper)
          else if (!socket.destroyed) socket.write(next)
        }, drip.everyMs)
      }
    })
    timer = setTimeout(() => finish(false), waitMs)
  })
}

export interface ParsedResponse {
  statusCode: number
  headers: Record<string, string>
  body: string
}

/** The first HTTP/1.1 response in what a server wrote (status, lower-cased headers, body). */
export function parseResponse(text: string): ParsedResponse {
  const end = text.indexOf('\r\n\r\n')
  const head = end === -1 ? text : text.slice(0, end)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const statusCode = Number(statusLine.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? Number.NaN)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = end === -1 ? '' : text.slice(end + 4)
  const length = Number(headers['content-length'])
  return { statusCode, headers, body: Number.isFinite(length) ? rest.slice(0, length) : rest }
}
