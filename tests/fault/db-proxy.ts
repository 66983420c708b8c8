import { connect, createServer, type Server, type Socket } from 'node:net'

// A TCP relay between a server and PostgreSQL that a test can break, as the network or a
// database failover would:
//
// - cut: every open connection is dropped and new ones are refused until it is restored (a
//   database that went away: the server hears of it at once);
// - black hole: nothing is refused and nothing is answered. New connections are accepted and
//   whatever they send is swallowed; the connections already open (in the server's pool, or in
//   the middle of a statement) swallow too, and stay that way after the restore, like those a
//   firewall or a NAT forgot (a database that does not answer: the server must notice by itself).
//
// restore() relays new connections again, on the same port.

export interface DbProxy {
  /** The database URL through the relay. */
  url: string
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>
  /** Accepts every connection and answers none: what is sent to the database is swallowed. */
  blackhole(): Promise<void>
  /** Relays new connections again, on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))

interface Pair {
  client: Socket
  upstream: Socket | null
}

/** Reads whatever comes and drops it. */
function swallow(socket: Socket) {
  socket.unpipe()
  socket.removeAllListeners('data')
  socket.on('data', () => {})
  socket.resume()
}

export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl)
  const relayed = new Set<Pair>()
  const swallowed = new Set<Pair>()
  let mode: 'relay' | 'blackhole' = 'relay'

  const forget = (pair: Pair) => {
    pair.client.destroy()
    pair.upstream?.destroy()
    relayed.delete(pair)
    swallowed.delete(pair)
  }

  /**
   * Relayed, a pair ends when either side ends. Swallowed, nothing of the database reaches the
   * server, not even its close; when the server gives up on it (closes, or half-closes), the
   * database's session ends too, so it holds no locks past the server's own timeout.
   */
  const track = (pair: Pair) => {
    const fromClient = () => forget(pair)
    const fromUpstream = () => {
      if (swallowed.has(pair)) pair.upstream?.destroy()
      else forget(pair)
    }
    pair.client.on('close', fromClient)
    pair.client.on('error', fromClient)
    pair.client.on('end', () => {
      if (swallowed.has(pair)) forget(pair)
    })
    pair.upstream?.on('close', fromUpstream)
    pair.upstream?.on('error', fromUpstream)
  }

  const blackhole = (pair: Pair) => {
    relayed.delete(pair)
    swallowed.add(pair)
    swallow(pair.client)
    if (pair.upstream) swallow(pair.upstream)
  }

  const accept = (client: Socket) => {
    if (mode === 'blackhole') {
      const pair = { client, upstream: null }
      track(pair)
      blackhole(pair)
      return
    }
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) })
    const pair = { client, upstream }
    relayed.add(pair)
    track(pair)
    client.pipe(upstream).pipe(client)
  }

  let server = createServer({ allowHalfOpen: true }, accept)
  await listen(server, 0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)

  const dropAll = () => {
    for (const pair of [...relayed, ...swallowed]) forget(pair)
  }
  return {
    url: url.toString(),
    async cut() {
      const closing = closeServer(server)
      dropAll()
      await closing
    },
    async blackhole() {
      mode = 'blackhole'
      // Both ways: the database hears nothing more, and the server hears nothing back.
      for (const pair of [...relayed]) blackhole(pair)
    },
    async restore() {
      mode = 'relay'
      if (server.listening) return
      server = createServer({ allowHalfOpen: true }, accept)
      await listen(server, port)
    },
    async close() {
      const closing = closeServer(server)
      dropAll()
      await closing
    },
  }
}
