import { readdirSync, readFileSync } from 'node:fs'
import { svgPathProperties } from 'svg-path-properties'
import { describe, expect, it } from 'vitest'
import { loadDrawingFonts, outlineText } from '../../server/media/outline-text'

// The build sets the demo drawings' lettering as outlines (vite.config.ts, outlineDrawings): what
// a phone then draws must sit where the browser would have set the text.

const fonts = loadDrawingFonts()
const drawing = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800">${body}</svg>`
const outlined = (body: string) => outlineText(drawing(body), fonts, 'test')

/** The paths' d attributes, in order. */
const pathsOf = (svg: string) => [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((m) => m[1] ?? '')

/** The box the outlines cover, from points sampled along them. */
function box(d: string) {
  const path = new svgPathProperties(d)
  const length = path.getTotalLength()
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 0; i <= 2000; i += 1) {
    const point = path.getPointAtLength((length * i) / 2000)
    xs.push(point.x)
    ys.push(point.y)
  }
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  }
}

describe('the demo drawings, as the build serves them', () => {
  const folders = ['public/images', 'public/images/posters']
  const files = folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.svg'))
      .map((file) => `${folder}/${file}`),
  )

  it.each(files)('%s keeps its picture and has no text left to lay out', (file) => {
    const source = readFileSync(file, 'utf8')
    const out = outlineText(source, fonts, file)
    expect(out).not.toMatch(/<text|<tspan|<textPath/)
    // Each line of lettering became drawn outlines; nothing else changed.
    const texts = source.match(/<text[\s>]/g)?.length ?? 0
    expect(pathsOf(out).length).toBeGreaterThanOrEqual(pathsOf(source).length + texts)
    expect(out.replace(/<(path|g)[^>]*>/g, '')).toEqual(
      source.replace(/<text[\s\S]*?<\/text>/g, '').replace(/<(path|g)[^>]*>/g, ''),
    )
    // The title that names the drawing stays.
    expect(out.match(/<title[^>]*>[^<]*<\/title>/g)).toEqual(
      source.match(/<title[^>]*>[^<]*<\/title>/g),
    )
  })
})

describe('lettering set as outlines', () => {
  it('starts at x on the baseline y, capitals rising above it by about their cap height', () => {
    const [d] = pathsOf(
      outlined('<text x="40" y="700" font-size="100" font-family="serif">HI</text>'),
    )
    const { left, top, bottom } = box(d ?? '')
    expect(left).toBeGreaterThan(40)
    expect(left).toBeLessThan(48)
    expect(bottom).toBeCloseTo(700, 0)
    // Source Serif 4's capitals stand 670 of 1,000 units tall.
    expect(700 - top).toBeGreaterThan(60)
    expect(700 - top).toBeLessThan(75)
  })

  it("ends at x with text-anchor 'end', and is centred on x with 'middle'", () => {
    const text = (anchor: string) =>
      box(
        pathsOf(
          outlined(`<text x="300" y="100" font-size="40" text-anchor="${anchor}">LAGOS</text>`),
        )[0] ?? '',
      )
    const end = text('end')
    expect(end.right).toBeLessThanOrEqual(300)
    expect(end.right).toBeGreaterThan(295)
    const middle = text('middle')
    expect((middle.left + middle.right) / 2).toBeCloseTo(300, -1)
  })

  it('takes its size, face and spacing from the group around it', () => {
    const width = (attrs: string) =>
      (({ left, right }) => right - left)(
        box(pathsOf(outlined(`<g ${attrs}><text x="0" y="100">FRIENDS OF 16</text></g>`))[0] ?? ''),
      )
    const small = width('font-family="system-ui, sans-serif" font-size="10"')
    expect(width('font-family="system-ui, sans-serif" font-size="20"')).toBeCloseTo(small * 2, 0)
    // Letter spacing after each of the 13 characters but the last adds 12 × 3.
    const spaced = width('font-family="system-ui, sans-serif" font-size="10" letter-spacing="3"')
    expect(spaced - small).toBeCloseTo(36, 0)
    // The serif and the sans differ.
    expect(Math.abs(width('font-family="Georgia, serif" font-size="10"') - small)).toBeGreaterThan(
      1,
    )
  })

  it("keeps the text's own fill and opacity on its path, and a tspan's fill on the tspan's part", () => {
    const out = outlined(
      '<text x="10" y="50" fill="#c53030" opacity=".8">ONE <tspan fill="#2f7d57">TWO</tspan></text>',
    )
    expect(out).toMatch(
      /<g fill="#c53030" opacity=".8"><path d="[^"]+"\/><path fill="#2f7d57" d="[^"]+"\/><\/g>/,
    )
    const [one, two] = pathsOf(out).map(box)
    expect(two?.left).toBeGreaterThan(one?.right ?? Number.POSITIVE_INFINITY)
  })

  it('sets text along a textPath: every glyph on the ring, turned to follow it', () => {
    const out = outlined(
      '<defs><path id="ring" d="M0-46a46 46 0 1 1 0 92a46 46 0 1 1 0-92"/></defs>' +
        '<text font-size="10.5" letter-spacing="2.2"><textPath href="#ring">MEMBERS ONLY ·</textPath></text>',
    )
    const d = pathsOf(out).at(-1) ?? ''
    const path = new svgPathProperties(d)
    for (let i = 0; i <= 400; i += 1) {
      const { x, y } = path.getPointAtLength((path.getTotalLength() * i) / 400)
      // Upright on the outside of the circle: from its baseline (46) to a capital's top (~54).
      expect(Math.hypot(x, y)).toBeGreaterThan(44)
      expect(Math.hypot(x, y)).toBeLessThan(56)
    }
    // It starts at the top and runs clockwise, as the path does.
    const first = box(d.split(/(?=M)/)[0] ?? '')
    expect(first.bottom).toBeLessThan(0)
    expect(first.left).toBeGreaterThan(-1)
  })

  it('decodes entities: an ampersand is drawn, not its escape', () => {
    const amp = pathsOf(outlined('<text x="0" y="50">&amp;</text>'))[0] ?? ''
    const letters = pathsOf(outlined('<text x="0" y="50">amp;</text>'))[0] ?? ''
    expect(amp.match(/M/g)?.length).toBeLessThan(letters.match(/M/g)?.length ?? 0)
  })

  it('fails the build, naming the drawing and the character, for a glyph neither face has', () => {
    expect(() => outlineText(drawing('<text x="0" y="9">33⅓</text>'), fonts, 'record.svg')).toThrow(
      "record.svg, text 1: no glyph for '⅓' (U+2153)",
    )
  })

  it('fails on layout it does not do, rather than drawing it wrongly', () => {
    expect(() => outlined('<text x="0" y="9" dominant-baseline="middle">A</text>')).toThrow(
      "does not lay out 'dominant-baseline'",
    )
    expect(() => outlined('<text x="0" y="9" font-weight="700">A</text>')).toThrow(
      'only regular lettering',
    )
    expect(() => outlined('<text x="0" y="9"><a href="#">A</a></text>')).toThrow(
      '<a> inside <text> is not outlined',
    )
  })
})
