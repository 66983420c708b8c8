import { connect, createServer, type Server, type Socket } from 'node:net'

// A TCP relay between a server and PostgreSQL that a test can cut, as a network failure or a
// database failover would: every open connection is dropped and new ones are refused until it is
// restored on the same port.

export interface DbProxy {
  /** The database URL through the relay. */
  url: string
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>
  /** Accepts connections again, on the same port. */
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

export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl)
  const sockets = new Set<Socket>()
  const relay = (client: Socket) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  }
  let server = createServer(relay)
  await listen(server, 0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)

  const dropAll = () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  return {
    url: url.toString(),
    async cut() {
      const closing = closeServer(server)
      dropAll()
      await closing
    },
    async restore() {
      server = createServer(relay)
      await listen(server, port)
    },
    async close() {
      const closing = closeServer(server)
      dropAll()
      await closing
    },
  }
}
