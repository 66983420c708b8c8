import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../../openapi/create-client'
import { newIntentKey, sendOnce } from '../../openapi/send-once'
import { GUEST, poetry } from '../support/bookings'

// A write over a network that loses answers, against a real HTTP server that misbehaves on
// purpose: what reaches it, and what the caller gets.

type Behaviour = 'hang up' | 'silent' | number

/** A server answering each request as told in turn (201 once the list is spent); keeps the keys. */
async function serve(behaviours: Behaviour[]) {
  const keys: (string | undefined)[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    keys.push(request.headers['idempotency-key'] as string | undefined)
    request.resume()
    request.on('end', () => {
      const behaviour = behaviours.shift() ?? 201
      if (behaviour === 'hang up') return request.socket.destroy()
      if (behaviour === 'silent') return
      response.writeHead(behaviour, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          behaviour < 300
            ? { status: 'success', message: 'Booked.', data: { id: 'b-1' } }
            : { status: 'error', message: `Answered ${behaviour}.` },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  opened.push(server)
  return { api: createApiClient({ baseUrl: `http://127.0.0.1:${port}` }), keys }
}

const opened: Server[] = []
afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

const noPause = async () => {}
const book = (api: ReturnType<typeof createApiClient>, options = {}) =>
  sendOnce((init) => api.POST('/bookings/rsvp', { body: poetry(GUEST), ...init }), {
    sleep: noPause,
    ...options,
  })

describe('sendOnce', () => {
  it('sends a write whose answers were lost twice more, with the same key, and gets the answer', async () => {
    const { api, keys } = await serve(['hang up', 'hang up'])
    const { data, response } = await book(api)
    expect(response.status).toBe(201)
    expect(data?.data).toMatchObject({ id: 'b-1' })
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('counts an answer that never comes as lost', async () => {
    const { api, keys } = await serve(['silent'])
    const { response } = await book(api, { timeoutMs: 200 })
    expect(response.status).toBe(201)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  it('tries again when the server could not act (503), never after a refusal (4xx)', async () => {
    const away = await serve([503])
    expect((await book(away.api)).response.status).toBe(201)
    expect(away.keys).toHaveLength(2)

    const refused = await serve([409])
    const { error, response } = await book(refused.api)
    expect(response.status).toBe(409)
    expect(error?.message).toBe('Answered 409.')
    expect(refused.keys).toHaveLength(1)
  })

  it('gives up after three attempts with the network’s error', async () => {
    const { api, keys } = await serve(['hang up', 'hang up', 'hang up', 'hang up'])
    await expect(book(api)).rejects.toThrow(TypeError)
    expect(keys).toHaveLength(3)
  })

  it('sends nothing more once the flow has moved on', async () => {
    const { api, keys } = await serve(['hang up', 'hang up'])
    const flow = new AbortController()
    const attempt = book(api, {
      signal: flow.signal,
      sleep: async () => flow.abort(new Error('The panel was closed.')),
    })
    await expect(attempt).rejects.toThrow('The panel was closed.')
    expect(keys).toHaveLength(1)
  })

  it('makes a new key for every intent', () => {
    const made = new Set(Array.from({ length: 1000 }, newIntentKey))
    expect(made.size).toBe(1000)
  })
})
