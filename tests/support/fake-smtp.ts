import { createServer } from 'node:net'

// A minimal SMTP server on loopback that keeps every message it is given: the edge we cannot
// reach (a real mail server), speaking enough of the protocol for nodemailer.

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  /** Each message's DATA, dot-stuffing undone, in the order they came. */
  messages: string[]
  close(): Promise<void>
}

/**
 * `beforeAnswer` runs once a message has come and before it is answered '250 queued': a test
 * holds the sender there (the n-th message, from 0).
 */
export async function startFakeSmtp(
  beforeAnswer: (index: number) => Promise<void> = async () => {},
): Promise<FakeSmtp> {
  const messages: string[] = []
  const server = createServer((socket) => {
    socket.setEncoding('utf8')
    socket.write('220 fake.test ESMTP\r\n')
    let buffer = ''
    let data: string | null = null
    socket.on('data', async (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data !== null) {
          if (line !== '.') {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`
            continue
          }
          messages.push(data)
          data = null
          await beforeAnswer(messages.length - 1)
          socket.write('250 queued\r\n')
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.test\r\n')
        else if (verb === 'DATA') {
          data = ''
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
