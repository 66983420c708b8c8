import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_FORMATS, responsiveImage } from '../../machines/rules/images.ts'
import { posterCommand } from '../../server/admin/posters.ts'
import { uploadPoster } from '../../server/media/media-store.ts'
import { ImageRejected } from '../../server/media/poster-variants.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'

// Staff upload a poster as a phone camera takes it: a 4000 x 3000 JPEG of about 3 MB, stored
// sideways with an EXIF orientation that says 'turn me upright', carrying camera metadata. The
// app must get small upright variants in modern formats that browsers may cache for good.

const EVENT = 'rooftop-jazz'

/** A camera-like JPEG: soft noise (detail no encoder can drop), orientation 6, camera EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  return sharp(noise)
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 75 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

const posterOf = async (api: TestApi) =>
  (await api.app.inject({ url: `/api/events/${EVENT}` })).json().data.Poster as { url: string }[]

let folder: string
let photoPath: string
let photo: Buffer
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'poster-'))
  photo = await cameraJpeg()
  photoPath = join(folder, 'poster.jpg')
  await writeFile(photoPath, photo)
}, 60_000)
afterAll(() => rm(folder, { recursive: true, force: true }))

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)(
    'npm run admin:poster -- <event-id> <file.jpg>, then GET /media/{name}',
    () => {
      let api: TestApi
      let said: string
      beforeAll(async () => {
        api = await startApi(kind)
        said = await posterCommand(api.db, [EVENT, photoPath])
      }, 120_000)
      afterAll(() => api?.close())

      it('is given a camera-sized photo, sideways with its EXIF orientation', async () => {
        expect(photo.length).toBeGreaterThan(2.5 * 1024 * 1024)
        const metadata = await sharp(photo).metadata()
        expect(metadata).toMatchObject({ width: 4000, height: 3000, orientation: 6 })
      })

      it("makes the photo the event's only poster, and says so", async () => {
        const posters = await posterOf(api)
        expect(posters).toEqual([
          { url: expect.stringMatching(/^\/media\/[0-9a-f]{20}-1440x1920\.jpg$/) },
        ])
        expect(said).toContain(`The poster of ${EVENT} is now ${posters[0]?.url} (9 variants`)
      })

      it('serves every variant the app lists: upright, at its size, in its format, without metadata', async () => {
        const [poster] = await posterOf(api)
        const image = responsiveImage(poster?.url ?? '', 'page')
        expect(image.sources.map((source) => source.type)).toEqual(
          IMAGE_FORMATS.map((format) => format.contentType),
        )
        for (const [i, source] of image.sources.entries()) {
          for (const entry of source.srcSet.split(', ')) {
            const [url = '', width = ''] = entry.split(' ')
            const response = await api.app.inject({ url })
            expect(response.statusCode, url).toBe(200)
            expect(response.headers['content-type']).toBe(source.type)
            expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
            const variant = await sharp(response.rawPayload).metadata()
            expect(variant.format).toBe(
              IMAGE_FORMATS[i]?.format === 'avif' ? 'heif' : IMAGE_FORMATS[i]?.format,
            )
            // Portrait: the sideways 4000 x 3000 was turned upright, the 3:4 kept.
            expect({ width: variant.width, height: variant.height }).toEqual({
              width: Number.parseInt(width, 10),
              height: (Number.parseInt(width, 10) * 4) / 3,
            })
            expect(variant.exif, `${url} keeps no EXIF (camera, place)`).toBeUndefined()
            expect(variant.orientation ?? 1).toBe(1)
          }
        }
      })

      it('sends a phone a fraction of the upload', async () => {
        const [poster] = await posterOf(api)
        const avif = (poster?.url ?? '').replace('1440x1920.jpg', '960x1280.avif')
        const response = await api.app.inject({ url: avif })
        expect(response.rawPayload.length).toBeLessThan(photo.length / 5)
      })

      it('answers 404 in the error shape for a name it does not have', async () => {
        expectError(
          await api.app.inject({ url: '/media/0123456789abcdef0123-480x640.avif' }),
          404,
          'No such image.',
        )
        expectError(await api.app.inject({ url: '/media/poster.txt' }), 404, 'No such image.')
      })

      it('refuses a file that is not an image, and keeps the poster', async () => {
        const before = await posterOf(api)
        const text = join(folder, 'notes.jpg')
        await writeFile(text, 'Rooftop Jazz: doors at 7pm\n')
        await expect(posterCommand(api.db, [EVENT, text])).rejects.toThrow(
          new ImageRejected('The file is not an image. Upload a JPEG, PNG or WebP poster.'),
        )
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
        await expect(uploadPoster(api.db, EVENT, svg)).rejects.toThrow(
          'Upload the poster as a JPEG, PNG or WebP, not SVG.',
        )
        expect(await posterOf(api)).toEqual(before)
      })

      it('refuses a file over 20 MB before reading it, and keeps the poster', async () => {
        const before = await posterOf(api)
        const huge = Buffer.concat([photo, Buffer.alloc(21 * 1024 * 1024 - photo.length)])
        await expect(uploadPoster(api.db, EVENT, huge)).rejects.toThrow(
          new ImageRejected(
            'The file is 21.0 MB; a poster may be at most 20.0 MB. Export it smaller and try again.',
          ),
        )
        expect(await posterOf(api)).toEqual(before)
      })

      it('names an unknown event and a missing file plainly', async () => {
        await expect(posterCommand(api.db, ['no-such-event', photoPath])).rejects.toThrow(
          "No event has the id 'no-such-event'. Check the event's address.",
        )
        await expect(posterCommand(api.db, [EVENT, join(folder, 'missing.jpg')])).rejects.toThrow(
          /^Cannot read .*missing\.jpg: check the file's path\.$/,
        )
        await expect(posterCommand(api.db, [EVENT])).rejects.toThrow(
          'Usage: npm run admin:poster -- <event-id> <file.jpg>',
        )
      })
    },
  )
})
