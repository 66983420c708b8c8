import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'

// PATCH /api/accounts/profile saves first name, last name and phone for real; PUT and DELETE
// /api/accounts/profile/picture upload and remove the picture. The server reads what an upload
// is from its bytes, not from its name or declared type.

/** A real photograph-like JPEG, taller than wide, as a phone makes it. */
const photo = () =>
  sharp({
    create: {
      width: 600,
      height: 800,
      channels: 3,
      background: '#a0522d',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer()

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('profile edit', () => {
    let api: TestApi
    let token: string
    beforeAll(async () => {
      api = await startApi(kind)
      token = await signIn(api, 'tunde@example.com')
    })
    afterAll(() => api?.close())

    const patch = (payload: object, headers: Record<string, string> = bearer(token)) =>
      api.app.inject({ method: 'PATCH', url: '/api/accounts/profile', payload, headers })
    const upload = (
      body: Buffer,
      contentType: string,
      headers: Record<string, string> = bearer(token),
    ) =>
      api.app.inject({
        method: 'PUT',
        url: '/api/accounts/profile/picture',
        payload: body,
        headers: { ...headers, 'content-type': contentType },
      })
    const profile = async () =>
      (await api.app.inject({ url: '/api/accounts/profile', headers: bearer(token) })).json()
        .account

    it('saves first name, last name and phone, trimmed, and answers the new profile', async () => {
      const response = await patch({
        'First Name': ' Tunde ',
        'Last Name': 'Bakare-Cole',
        'Phone Number': '+234 802 555 0199',
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().account).toMatchObject({
        Name: 'Tunde Bakare-Cole',
        'First Name': ['Tunde'],
        'Last Name': ['Bakare-Cole'],
        'Phone Number': ['+234 802 555 0199'],
      })
      // Saved: a fresh read says the same.
      expect((await profile()).Name).toBe('Tunde Bakare-Cole')
    })

    it('changes only what is sent', async () => {
      const response = await patch({ 'Phone Number': '0802 555 0100' })
      expect(response.json().account).toMatchObject({
        Name: 'Tunde Bakare-Cole',
        'Phone Number': ['0802 555 0100'],
      })
    })

    it('refuses an empty change, a blank name, an unknown field, and no session', async () => {
      expectError(await patch({}), 400, /fewer than 1|at least 1|must NOT have fewer/i)
      expectError(await patch({ 'First Name': '   ' }), 400, /First Name/)
      expectError(await patch({ Email: 'x@example.com' }), 400, 'Email is not a known field.')
      expectError(
        await patch({ 'First Name': 'X' }, bearer(madeUpToken())),
        401,
        'Login session has expired',
      )
      expectError(await patch({ 'First Name': 'X' }, {}), 401, 'Please log in.')
    })

    it('uploads a JPEG as a square picture served under /media', async () => {
      expect((await profile()).Picture).toBeNull()
      const response = await upload(await photo(), 'image/jpeg')
      expect(response.statusCode).toBe(200)
      const picture = response.json().account.Picture as string
      expect(picture).toMatch(/^\/media\/[0-9a-f]+-384x384\.webp$/)
      expect((await profile()).Picture).toBe(picture)
      const image = await api.app.inject({ url: picture })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/webp')
      const meta = await sharp(image.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 384, 384])
    })

    it('reads the type from the bytes: a PNG declared as JPEG is fine, text named .jpg is not', async () => {
      const png = await sharp({
        create: { width: 200, height: 200, channels: 4, background: '#33669980' },
      })
        .png()
        .toBuffer()
      expect((await upload(png, 'image/jpeg')).statusCode).toBe(200)
      const before = (await profile()).Picture
      expectError(
        await upload(Buffer.from('this is a text file named photo.jpg\n'), 'image/jpeg'),
        400,
        'The file is not a picture. Upload a JPEG, PNG or WebP image.',
      )
      const gif = await sharp({
        create: { width: 10, height: 10, channels: 3, background: '#000000' },
      })
        .gif()
        .toBuffer()
      expectError(
        await upload(gif, 'image/png'),
        400,
        'Upload the picture as a JPEG, PNG or WebP, not GIF.',
      )
      // A refused upload leaves the picture as it was.
      expect((await profile()).Picture).toBe(before)
    })

    it('refuses a picture over 5 MB with 413, and other declared types with 415', async () => {
      const huge = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)])
      expectError(
        await upload(huge, 'image/jpeg'),
        413,
        'The picture is larger than 5 MB. Choose a smaller one, or crop it first.',
      )
      expectError(
        await upload(await photo(), 'text/plain'),
        415,
        'Send the picture as it is, with Content-Type image/jpeg, image/png or image/webp.',
      )
      expectError(
        await upload(await photo(), 'application/json'),
        415,
        'Send the picture as it is, with Content-Type image/jpeg, image/png or image/webp.',
      )
    })

    it('needs a session to upload', async () => {
      expectError(await upload(await photo(), 'image/jpeg', {}), 401, 'Please log in.')
      // The session is checked before anything about the body.
      expectError(await upload(Buffer.from('hello'), 'text/plain', {}), 401, 'Please log in.')
    })

    it('removes the picture, and removing again is fine', async () => {
      const remove = (headers: Record<string, string> = bearer(token)) =>
        api.app.inject({ method: 'DELETE', url: '/api/accounts/profile/picture', headers })
      const response = await remove()
      expect(response.statusCode).toBe(200)
      expect(response.json().account.Picture).toBeNull()
      expect((await profile()).Picture).toBeNull()
      expect((await remove()).statusCode).toBe(200)
      expectError(await remove({}), 401, 'Please log in.')
    })

    it('an image sent to a JSON call is still refused as before', async () => {
      const response = await api.app.inject({
        method: 'PATCH',
        url: '/api/accounts/profile',
        payload: await photo(),
        headers: { ...bearer(token), 'content-type': 'image/jpeg' },
      })
      expectError(response, 415, 'The request body must be JSON (Content-Type: application/json).')
    })
  })
})
