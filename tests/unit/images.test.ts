import { describe, expect, it } from 'vitest'
import {
  isPhoto,
  responsiveImage,
  SLOT_SIZES,
  uploadedPosterUrl,
  variantSizes,
  widestVariant,
} from '../../machines/rules/images'

describe('an uploaded poster and its variants', () => {
  it('never enlarges: a portrait camera photo tops out at 1440 wide, a small one keeps its width', () => {
    expect(widestVariant(3000, 4000)).toEqual({ width: 1440, height: 1920 })
    expect(widestVariant(800, 1000)).toEqual({ width: 800, height: 1000 })
  })

  it('resizes to 480, 960 and the widest, narrowest first, keeping the ratio', () => {
    expect(variantSizes(1440, 1920)).toEqual([
      { width: 480, height: 640 },
      { width: 960, height: 1280 },
      { width: 1440, height: 1920 },
    ])
    expect(variantSizes(800, 1000)).toEqual([
      { width: 480, height: 600 },
      { width: 800, height: 1000 },
    ])
    expect(variantSizes(300, 400)).toEqual([{ width: 300, height: 400 }])
  })

  it('gives the app every variant from the stored URL alone: AVIF, then WebP, then JPEG', () => {
    const url = uploadedPosterUrl('0123456789abcdef0123', { width: 1440, height: 1920 })
    expect(url).toBe('/media/0123456789abcdef0123-1440x1920.jpg')
    const image = responsiveImage(url, 'card')
    expect(image).toMatchObject({ src: url, width: 1440, height: 1920, sizes: SLOT_SIZES.card })
    expect(image.sources).toEqual([
      {
        type: 'image/avif',
        srcSet:
          '/media/0123456789abcdef0123-480x640.avif 480w, /media/0123456789abcdef0123-960x1280.avif 960w, /media/0123456789abcdef0123-1440x1920.avif 1440w',
      },
      {
        type: 'image/webp',
        srcSet:
          '/media/0123456789abcdef0123-480x640.webp 480w, /media/0123456789abcdef0123-960x1280.webp 960w, /media/0123456789abcdef0123-1440x1920.webp 1440w',
      },
      {
        type: 'image/jpeg',
        srcSet:
          '/media/0123456789abcdef0123-480x640.jpg 480w, /media/0123456789abcdef0123-960x1280.jpg 960w, /media/0123456789abcdef0123-1440x1920.jpg 1440w',
      },
    ])
  })

  it('lists the same sizes the server made, whatever the ratio rounds to', () => {
    for (const [w, h] of [
      [4032, 3024],
      [3001, 4003],
      [1080, 1350],
      [999, 2001],
    ] as const) {
      const widest = widestVariant(w, h)
      const image = responsiveImage(uploadedPosterUrl('abcdefabcdefabcdef12', widest), 'page')
      const listed = image.sources[0]?.srcSet.split(', ').map((entry) => entry.split(' ')[0])
      const made = variantSizes(widest.width, widest.height).map(
        (size) => `/media/abcdefabcdefabcdef12-${size.width}x${size.height}.avif`,
      )
      expect(listed).toEqual(made)
    }
  })
})

describe('any other picture', () => {
  it('draws a demo SVG poster as it is, at the 3:4 poster frame, with no variants', () => {
    expect(responsiveImage('/images/posters/jazz-rooftop.svg', 'card')).toEqual({
      src: '/images/posters/jazz-rooftop.svg',
      width: 600,
      height: 800,
      sources: [],
      sizes: SLOT_SIZES.card,
    })
  })

  it('keeps a studio photo at the size its carousel gives', () => {
    const image = responsiveImage('/images/studio-1.svg', 'page', { width: 800, height: 600 })
    expect(image).toMatchObject({ width: 800, height: 600, sources: [] })
  })

  it('takes nothing for an upload that only looks like one', () => {
    for (const url of [
      '/media/../secret-1440x1920.jpg',
      '/media/0123456789abcdef0123-1440x1920.png',
      'https://elsewhere.example/media/0123456789abcdef0123-1440x1920.jpg',
      '/media/0123456789abcdef0123-0x1920.jpg',
    ]) {
      expect(responsiveImage(url, 'card').sources).toEqual([])
    }
  })

  it('is a drawing, not a photo: the calendar asks for it once the page is laid out', () => {
    expect(isPhoto('/images/posters/jazz-rooftop.svg')).toBe(false)
    expect(isPhoto('/media/0123456789abcdef0123-1440x1920.png')).toBe(false)
    expect(isPhoto('/media/0123456789abcdef0123-1440x1920.jpg')).toBe(true)
  })
})
