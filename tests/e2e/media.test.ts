import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadPoster } from '../../server/media/media-store'
import { appInBrowser, handled, hydrated, SCREENSHOTS, WIDTHS } from '../support/browser'

// A poster staff uploaded from a phone, as people see it: the browser picks a small modern
// variant (never the upload), knows its size before it arrives (nothing shifts), and the first
// one on screen is fetched first. The landing moves only while someone is there to see it.

// A Tuesday, 10:00 in Lagos: Rooftop Jazz is the calendar's first card.
const NOW = new Date('2026-11-24T09:00:00Z')
const EVENT = 'rooftop-jazz'

const app = appInBrowser(NOW)

let posterUrl = ''
beforeAll(async () => {
  // A sideways camera photo (EXIF orientation 6) with soft detail.
  const noise = await sharp({
    create: {
      width: 600,
      height: 450,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  const photo = await sharp(noise)
    .resize(2400, 1800)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
  posterUrl = (await uploadPoster(app.db, EVENT, photo)).url
}, 120_000)

/** Sum of the layout shifts so far (CLS without windows: any shift counts). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            total += (entry as unknown as { value: number; hadRecentInput: boolean }).value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 300)
      }),
  )

/** The picture's <img> once loaded: what it loaded and the attributes it was given. */
const loadedImage = (page: Page, selector: string) =>
  page.locator(selector).evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => undefined)
    const picture = img.parentElement
    return {
      currentSrc: new URL(img.currentSrc).pathname,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      fetchPriority: img.getAttribute('fetchpriority'),
      sources: [...(picture?.querySelectorAll('source') ?? [])].map((source) => ({
        type: source.type,
        srcset: source.srcset,
      })),
    }
  })

/** The image preloads the page carries (in its head, or at the start of the rendered markup). */
const preloads = (page: Page) =>
  page.$$eval('link[rel="preload"][as="image"]', (links) =>
    links.map((link) => ({
      href: link.getAttribute('href'),
      fetchPriority: link.getAttribute('fetchpriority'),
      imageSrcSet: link.getAttribute('imagesrcset'),
      type: link.getAttribute('type'),
    })),
  )

describe('an uploaded photo poster', () => {
  it('is the first card: an AVIF variant the width of a phone, preloaded, sized, cached for good', async () => {
    const context = await app.newContext(WIDTHS.phone)
    const page = await context.newPage()
    const mediaRequests: string[] = []
    const cacheControl = new Map<string, string | undefined>()
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (!path.startsWith('/media/')) return
      mediaRequests.push(path)
      cacheControl.set(path, response.headers()['cache-control'])
    })
    const html = await (await page.goto(`${app.url}/`))?.text()
    const card = 'main article:first-of-type img'
    await page.locator(card).scrollIntoViewIfNeeded()
    const image = await loadedImage(page, card)

    const hash = posterUrl.replace(/^\/media\/|-1440x1920\.jpg$/g, '')
    expect(image).toMatchObject({ width: '1440', height: '1920', fetchPriority: 'high' })
    expect(image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp'])
    expect(image.sources[0]?.srcset).toContain(`/media/${hash}-480x640.avif 480w`)
    // 390 px wide at 1x: the 480 px AVIF, never the JPEG the page names as src.
    expect(image.currentSrc).toBe(`/media/${hash}-480x640.avif`)
    expect(mediaRequests).not.toContain(posterUrl)
    expect(cacheControl.get(image.currentSrc)).toBe('public, max-age=31536000, immutable')
    // Preloaded from the HTML itself, before any script runs.
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/media/${hash}-480x640.avif 480w`,
      ),
    )
    expect(await preloads(page)).toContainEqual(
      expect.objectContaining({
        fetchPriority: 'high',
        type: 'image/avif',
        imageSrcSet: expect.stringContaining(`/media/${hash}-960x1280.avif 960w`),
      }),
    )
    expect(await layoutShift(page)).toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}media-calendar-390.png` })
    await context.close()
  })

  it("is the event page's poster at 1280 px: a variant for its column, first in line, no shift", async () => {
    const page = await app.open(`/event/${EVENT}`, WIDTHS.desktop)
    const image = await loadedImage(page, 'main picture img')
    expect(image).toMatchObject({ width: '1440', height: '1920', fetchPriority: 'high' })
    expect(image.currentSrc).toMatch(/^\/media\/[0-9a-f]{20}-(480x640|960x1280)\.avif$/)
    expect(await layoutShift(page)).toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}media-event-1280.png` })
    await page.context().close()
  })

  it('leaves the demo SVG posters as they were, with a size so nothing shifts', async () => {
    const page = await app.open('/', WIDTHS.desktop)
    const svg = page.locator('main article img[src$=".svg"]').first()
    expect(await svg.getAttribute('width')).toBe('600')
    expect(await svg.getAttribute('height')).toBe('800')
    await page.context().close()
  })
})

/** The landing's running and paused animations. */
const landingAnimations = (page: Page) =>
  page.locator('section[aria-label="Welcome"]').evaluate((section) => {
    const states = section.getAnimations({ subtree: true }).map((a) => a.playState)
    return {
      running: states.filter((s) => s === 'running').length,
      paused: states.filter((s) => s === 'paused').length,
    }
  })

describe('the landing', () => {
  it('moves while in view and stops once scrolled out of view', async () => {
    const page = await app.open('/', WIDTHS.phone)
    await page.locator('section[aria-label="Welcome"] h1').waitFor()
    expect((await landingAnimations(page)).running).toBeGreaterThan(0)
    await page.screenshot({ path: `${SCREENSHOTS}media-landing-390.png` })

    await page.locator('main article').nth(3).scrollIntoViewIfNeeded()
    await expect
      .poll(() => landingAnimations(page))
      .toEqual({ running: 0, paused: expect.any(Number) })
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(async () => (await landingAnimations(page)).running).toBeGreaterThan(0)
    await page.context().close()
  })

  it('stops after some seconds nobody touches the page, and moves again at a touch', async () => {
    const page = await app.open('/', WIDTHS.desktop)
    await page.locator('section[aria-label="Welcome"] h1').waitFor()
    expect((await landingAnimations(page)).running).toBeGreaterThan(0)
    await expect
      .poll(() => landingAnimations(page), { timeout: 15_000 })
      .toEqual({ running: 0, paused: expect.any(Number) })
    await page.mouse.move(200, 300)
    await expect.poll(async () => (await landingAnimations(page)).running).toBeGreaterThan(0)
    await page.context().close()
  })

  it('stands still for people who ask for reduced motion', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const landingMotionLoads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('landing-motion')) landingMotionLoads.push(request.url())
    })
    await page.goto(`${app.url}/`)
    const hero = page.locator('section[aria-label="Welcome"]')
    await hero.locator('h1').waitFor()
    expect(await landingAnimations(page)).toEqual({ running: 0, paused: 0 })
    const first = await hero.screenshot({ animations: 'allow' })
    // The moving layers would load once the app has the page: it has, and it has done its work.
    await hydrated(page)
    await handled(page)
    expect(landingMotionLoads).toEqual([])
    const second = await hero.screenshot({ animations: 'allow' })
    expect(second.equals(first)).toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}media-landing-1280-still.png` })
    await context.close()
  })
})

describe('the demo posters', () => {
  it('come with their lettering drawn as outlines, compressed, and named by their title', async () => {
    // Fetch decodes brotli and keeps the header that says it was sent so.
    const response = await fetch(`${app.url}/images/posters/listening-session.svg`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.headers.get('content-encoding')).toBe('br')
    const svg = await response.text()
    expect(svg).not.toContain('<text')
    expect(svg).toContain('<title id="t">Listening Session')
    // Drawn as paths: the browser has no text of the image to lay out.
    expect(svg.match(/<path /g)?.length).toBeGreaterThan(10)
  })
})
