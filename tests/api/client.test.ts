import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  expectData,
  type UnauthorizedCall,
  type UnauthorizedOutcome,
} from '../../openapi/client.ts'
import { createApiClient } from '../../openapi/create-client.ts'
import { dbCases, madeUpToken, signIn, startApi, type TestApi, TODAY } from '../support/api-app.ts'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('the app’s client over real HTTP', () => {
    let api: TestApi
    let baseUrl: string

    beforeAll(async () => {
      api = await startApi(kind)
      await api.app.listen({ port: 0, host: '127.0.0.1' })
      const address = api.app.server.address()
      if (!address || typeof address === 'string') throw new Error('the app is not on a TCP port')
      baseUrl = `http://127.0.0.1:${address.port}`
    })
    afterAll(() => api?.close())

    /** A client as the browser builds it, recording the Authorization header of each request. */
    function client(token: string | null, outcome?: UnauthorizedOutcome) {
      const sent: (string | null)[] = []
      const onUnauthorized = vi.fn((_call: UnauthorizedCall) => outcome)
      const recordingFetch: typeof fetch = async (input, init) => {
        const request = new Request(input, init)
        sent.push(request.headers.get('authorization'))
        return fetch(request)
      }
      const api = createApiClient({
        baseUrl,
        fetch: recordingFetch,
        getToken: () => token,
        onUnauthorized,
      })
      return { api, sent, onUnauthorized }
    }

    it('gets the events as typed data', async () => {
      const { api: calls, onUnauthorized } = client(null)
      const body = await expectData(calls.GET('/events'))
      expect(body.status).toBe('success')
      const jazz = body.data[0]
      expect(jazz?.ID).toBe('rooftop-jazz')
      expect(jazz?.['Members-only']).toBe(false)
      expect(jazz?.Price).toBe(10000)
      expect(body.data).toHaveLength(10)
      expect(onUnauthorized).not.toHaveBeenCalled()
    })

    it('throws an ApiError with the server’s status and message', async () => {
      const { api: calls } = client(null)
      const call = expectData(
        calls.GET('/events/{id}', { params: { path: { id: 'no-such-event' } } }),
      )
      await expect(call).rejects.toBeInstanceOf(ApiError)
      await expect(
        expectData(calls.GET('/events/{id}', { params: { path: { id: 'no-such-event' } } })),
      ).rejects.toMatchObject({ status: 404, message: 'This event does not exist.' })
    })

    it('reports a dead session once, after sending its token', async () => {
      const token = madeUpToken()
      const { api: calls, sent, onUnauthorized } = client(token)
      const { error, response } = await calls.GET('/accounts/profile')
      expect(response.status).toBe(401)
      expect(error).toEqual({ status: 'error', message: 'Login session has expired' })
      expect(sent).toEqual([`Bearer ${token}`])
      expect(onUnauthorized).toHaveBeenCalledTimes(1)
      expect(onUnauthorized).toHaveBeenCalledWith({ method: 'GET', path: '/accounts/profile' })
      await expect(expectData(calls.GET('/accounts/profile'))).rejects.toMatchObject({
        status: 401,
        message: 'Login session has expired',
      })
    })

    it('reports a dead session on a call a visitor may make too', async () => {
      const { api: calls, onUnauthorized } = client(madeUpToken())
      const { response } = await calls.GET('/events/available-days')
      expect(response.status).toBe(401)
      expect(onUnauthorized).toHaveBeenCalledTimes(1)
    })

    it('names the call by method and contract path, so the app can tell which 401 ends a session', async () => {
      const { api: calls, onUnauthorized } = client(madeUpToken(), 'expired')
      const { response } = await calls.POST('/wallets/debit/{walletId}', {
        params: { path: { walletId: '00000000-0000-4000-8000-00000000000f' } },
        body: {
          debitAmount: 500000,
          narration: 'Book a spot',
          booking: {
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Event: 'Book a spot',
            Type: 'spot',
            Venue: 'Courtyard',
            Date: TODAY,
            Amount: 500000,
            'Time Slot': '10am - 10pm',
            'Paid with': 'wallet',
            'Payment Reference': 'Wallet transaction',
            Phone: '+234 803 555 0101',
          },
        },
      })
      expect(response.status).toBe(401)
      expect(onUnauthorized).toHaveBeenCalledWith({
        method: 'POST',
        path: '/wallets/debit/{walletId}',
      })
    })

    it('asks a read again without the token once the app has signed the person out quietly', async () => {
      const token = madeUpToken()
      const { api: calls, sent, onUnauthorized } = client(token, 'signedOut')
      const body = await expectData(calls.GET('/events/available-days'))
      expect(body.data[0]).toBe(TODAY)
      expect(sent).toEqual([`Bearer ${token}`, null])
      expect(onUnauthorized).toHaveBeenCalledTimes(1)
    })

    it('leaves the 401 as it is when the session has expired', async () => {
      const token = madeUpToken()
      const { api: calls, sent } = client(token, 'expired')
      const { response } = await calls.GET('/events/available-days')
      expect(response.status).toBe(401)
      expect(sent).toEqual([`Bearer ${token}`])
    })

    it('does not call a visitor’s 401 an expired session', async () => {
      const { api: calls, sent, onUnauthorized } = client(null)
      const { error, response } = await calls.GET('/accounts/profile')
      expect(response.status).toBe(401)
      expect(error).toEqual({ status: 'error', message: 'Please log in.' })
      expect(sent).toEqual([null])
      expect(onUnauthorized).not.toHaveBeenCalled()
    })

    it('is let in with a live session', async () => {
      const token = await signIn(api, 'ada@example.com')
      const { api: calls, sent, onUnauthorized } = client(token)
      const body = await expectData(calls.GET('/events/available-days'))
      expect(body.data[0]).toBe(TODAY)
      expect(body.data).toHaveLength(14)
      expect(sent).toEqual([`Bearer ${token}`])
      expect(onUnauthorized).not.toHaveBeenCalled()
    })
  })
})
