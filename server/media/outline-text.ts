import { createRequire } from 'node:module'
import { type Font, openSync } from 'fontkit'
import { svgPathProperties } from 'svg-path-properties'

// The demo drawings (posters, studio pictures) are drawn with their lettering as SVG text. A
// browser lays out an SVG image's text in a document of its own, on the main thread, for every
// image: measured, the lettering was most of what a poster costs to show (docs/decisions/010).
// The build replaces each <text> with the outlines of its glyphs, set here once in two open
// fonts (Source Serif 4 for the serif lettering, Inter for the sans), so a phone only fills paths.

/** A face: its subset files in order; a character is set in the first file that has it. */
type Face = Font[]

export interface DrawingFonts {
  serif: Face
  serifItalic: Face
  sans: Face
  sansItalic: Face
}

const require = createRequire(import.meta.url)

function face(family: 'source-serif-4' | 'inter', style: 'normal' | 'italic'): Face {
  return ['latin', 'latin-ext'].map((subset) => {
    const file = require.resolve(
      `@fontsource/${family}/files/${family}-${subset}-400-${style}.woff2`,
    )
    return openSync(file) as Font
  })
}

export function loadDrawingFonts(): DrawingFonts {
  return {
    serif: face('source-serif-4', 'normal'),
    serifItalic: face('source-serif-4', 'italic'),
    sans: face('inter', 'normal'),
    sansItalic: face('inter', 'italic'),
  }
}

interface Tag {
  name: string
  attrs: Record<string, string>
  closing: boolean
  selfClosing: boolean
}

const TOKENS = /<!--[\s\S]*?-->|<[^>]+>|[^<]+/g

function parseTag(token: string): Tag | null {
  const match = /^<(\/?)([\w:-]+)([\s\S]*?)(\/?)>$/.exec(token)
  if (!match) return null
  const attrs: Record<string, string> = {}
  for (const [, key, double, single] of (match[3] ?? '').matchAll(
    /([\w:-]+)=(?:"([^"]*)"|'([^']*)')/g,
  )) {
    if (key) attrs[key] = double ?? single ?? ''
  }
  return {
    name: match[2] ?? '',
    attrs,
    closing: match[1] === '/',
    selfClosing: match[4] === '/',
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    return ENTITIES[name] ?? whole
  })

/** What places the glyphs: resolved here and dropped, since a path has no use for them. */
const LAYOUT = [
  'x',
  'y',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'text-anchor',
]
/** Layout this outliner does not do: a drawing that uses it fails the build, not the look. */
const UNSUPPORTED = [
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'word-spacing',
  'writing-mode',
  'style',
  'startOffset',
  'method',
  'spacing',
]
const INHERITED = ['font-family', 'font-size', 'font-style', 'font-weight', 'letter-spacing']

interface Run {
  text: string
  /** The tspan's own attributes (its fill), kept on its path. */
  attrs: Record<string, string>
}

/** Path data with one decimal: a 600-unit drawing shown at most 1,440 device pixels wide. */
class PathWriter {
  private parts: string[] = []
  private x = 0
  private y = 0
  private startX = 0
  private startY = 0

  private static round = (value: number) => Math.round(value * 10) / 10
  private static num = (value: number) => {
    const text = String(Number(value.toFixed(1)))
    return text === '-0' ? '0' : text
  }

  moveTo(x: number, y: number) {
    this.x = PathWriter.round(x)
    this.y = PathWriter.round(y)
    this.startX = this.x
    this.startY = this.y
    this.parts.push(`M${PathWriter.num(this.x)} ${PathWriter.num(this.y)}`)
  }

  /**
   * Points are absolute; written relative to the segment's start from rounded points, so a glyph
   * that repeats reads the same each time (and compresses).
   */
  segment(command: 'l' | 'q' | 'c', points: number[]) {
    const fromX = this.x
    const fromY = this.y
    const deltas: string[] = []
    for (let i = 0; i < points.length; i += 2) {
      const px = PathWriter.round(points[i] ?? 0)
      const py = PathWriter.round(points[i + 1] ?? 0)
      deltas.push(PathWriter.num(px - fromX), PathWriter.num(py - fromY))
      if (i === points.length - 2) {
        this.x = px
        this.y = py
      }
    }
    this.parts.push(command + deltas.join(' ').replace(/ -/g, '-'))
  }

  close() {
    this.parts.push('z')
    this.x = this.startX
    this.y = this.startY
  }

  toString() {
    return this.parts.join('')
  }
}

/** Where a glyph's outline goes: font units (y up) to the drawing's units. */
type Place = (x: number, y: number) => [number, number]

function writeGlyph(writer: PathWriter, font: Font, glyphId: number, place: Place) {
  const glyph = font.getGlyph(glyphId)
  for (const { command, args } of glyph.path.commands) {
    const points: number[] = []
    for (let i = 0; i < args.length; i += 2) points.push(...place(args[i] ?? 0, args[i + 1] ?? 0))
    if (command === 'moveTo') writer.moveTo(points[0] ?? 0, points[1] ?? 0)
    else if (command === 'lineTo') writer.segment('l', points)
    else if (command === 'quadraticCurveTo') writer.segment('q', points)
    else if (command === 'bezierCurveTo') writer.segment('c', points)
    else writer.close()
  }
}

interface Placed {
  font: Font
  glyphId: number
  /** Pen position of the glyph's origin along the line, in the drawing's units. */
  pen: number
  advance: number
  scale: number
  run: number
}

/** Sets the runs in one line: each glyph's font, pen position and advance. */
function setLine(
  runs: Run[],
  face: Face,
  size: number,
  spacing: number,
  where: string,
): { glyphs: Placed[]; width: number } {
  const glyphs: Placed[] = []
  let pen = 0
  runs.forEach((run, index) => {
    // Segments of characters the same subset file has, laid out together (kerning within).
    const segments: { font: Font; text: string }[] = []
    for (const char of run.text) {
      const code = char.codePointAt(0) ?? 0
      const font = face.find((candidate) => candidate.hasGlyphForCodePoint(code))
      if (!font) {
        throw new Error(`${where}: no glyph for '${char}' (U+${code.toString(16).toUpperCase()})`)
      }
      const last = segments.at(-1)
      if (last && last.font === font) last.text += char
      else segments.push({ font, text: char })
    }
    for (const { font, text } of segments) {
      const scale = size / font.unitsPerEm
      // As browsers do: no optional ligatures between letters that are spaced apart.
      const laid = font.layout(text, spacing === 0 ? [] : { liga: false, clig: false })
      laid.glyphs.forEach((glyph, i) => {
        const advance = (laid.positions[i]?.xAdvance ?? 0) * scale
        glyphs.push({ font, glyphId: glyph.id, pen, advance, scale, run: index })
        pen += advance + spacing
      })
    }
  })
  return { glyphs, width: pen }
}

function attributesOf(attrs: Record<string, string>, drop: string[]) {
  return Object.entries(attrs)
    .filter(([key]) => !drop.includes(key))
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('')
}

interface TextElement {
  attrs: Record<string, string>
  runs: Run[]
  /** The id of the path a <textPath> follows. */
  along?: string
}

/**
 * The <text> as paths: one <path> for the whole line, or a <g> with one path per run when a
 * tspan has attributes of its own (its fill).
 */
function outline(
  text: TextElement,
  inherited: Record<string, string>,
  paths: Map<string, string>,
  fonts: DrawingFonts,
  where: string,
): string {
  const attrs = { ...inherited, ...text.attrs }
  for (const key of UNSUPPORTED) {
    if (key in text.attrs || text.runs.some((run) => key in run.attrs)) {
      throw new Error(`${where}: the outliner does not lay out '${key}'`)
    }
  }
  const weight = attrs['font-weight'] ?? 'normal'
  if (weight !== 'normal' && weight !== '400') {
    throw new Error(`${where}: only regular lettering is outlined, not font-weight ${weight}`)
  }
  const family = attrs['font-family'] ?? 'serif'
  const sans = /sans|system-ui/.test(family)
  const italic = attrs['font-style'] === 'italic'
  const face = sans
    ? italic
      ? fonts.sansItalic
      : fonts.sans
    : italic
      ? fonts.serifItalic
      : fonts.serif
  const size = Number.parseFloat(attrs['font-size'] ?? '16')
  const spacing = Number.parseFloat(attrs['letter-spacing'] ?? '0') || 0
  const { glyphs, width } = setLine(text.runs, face, size, spacing, where)
  const anchor = attrs['text-anchor'] ?? 'start'
  const shift = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0
  const x = Number.parseFloat(text.attrs.x ?? '0') + shift
  const y = Number.parseFloat(text.attrs.y ?? '0')

  const along = text.along === undefined ? null : paths.get(text.along)
  if (text.along !== undefined && !along) {
    throw new Error(`${where}: no path #${text.along} for the textPath`)
  }
  const curve = along ? new svgPathProperties(along) : null

  const writers = text.runs.map(() => new PathWriter())
  for (const glyph of glyphs) {
    const writer = writers[glyph.run]
    if (!writer) continue
    let place: Place
    if (curve) {
      // On a path: the glyph's middle sits on the path at its distance, turned to its tangent
      // (and, as in SVG, a glyph past the path's end is not drawn).
      const middle = shift + glyph.pen + glyph.advance / 2
      if (middle < 0 || middle > curve.getTotalLength()) continue
      const point = curve.getPointAtLength(middle)
      // The direction from two points close by: the library's own tangent of an arc points
      // backwards (svg-path-properties 2.1).
      const before = curve.getPointAtLength(Math.max(0, middle - 0.5))
      const after = curve.getPointAtLength(Math.min(curve.getTotalLength(), middle + 0.5))
      const angle = Math.atan2(after.y - before.y, after.x - before.x)
      const cos = Math.cos(angle)
      const sin = Math.sin(angle)
      place = (gx, gy) => {
        const lx = gx * glyph.scale - glyph.advance / 2
        const ly = -gy * glyph.scale
        return [point.x + lx * cos - ly * sin, point.y + lx * sin + ly * cos]
      }
    } else {
      place = (gx, gy) => [x + glyph.pen + gx * glyph.scale, y - gy * glyph.scale]
    }
    writeGlyph(writer, glyph.font, glyph.glyphId, place)
  }

  const own = attributesOf(text.attrs, LAYOUT)
  const plain = text.runs.every((run) => Object.keys(run.attrs).length === 0)
  if (plain) return `<path${own} d="${writers.map(String).join('')}"/>`
  const parts = text.runs.map((run, i) => {
    const d = writers[i]?.toString() ?? ''
    return d ? `<path${attributesOf(run.attrs, [])} d="${d}"/>` : ''
  })
  return `<g${own}>${parts.join('')}</g>`
}

/** The drawing with every <text> replaced by its outlines; `name` says where a failure is. */
export function outlineText(svg: string, fonts: DrawingFonts, name = 'drawing'): string {
  const tokens = svg.match(TOKENS) ?? []
  // The paths a textPath may follow, by id (they may come before or after it).
  const paths = new Map<string, string>()
  for (const token of tokens) {
    const tag = token.startsWith('<') ? parseTag(token) : null
    if (tag?.name === 'path' && tag.attrs.id && tag.attrs.d) paths.set(tag.attrs.id, tag.attrs.d)
  }

  const out: string[] = []
  const stack: Record<string, string>[] = []
  const inheritedNow = () => {
    const merged: Record<string, string> = {}
    for (const attrs of stack) {
      for (const key of INHERITED) if (attrs[key] !== undefined) merged[key] = attrs[key]
    }
    return merged
  }
  let text: TextElement | null = null
  let runAttrs: Record<string, string> | null = null
  let count = 0
  for (const token of tokens) {
    const tag = token.startsWith('<') && !token.startsWith('<!') ? parseTag(token) : null
    if (text) {
      if (!tag) {
        text.runs.push({ text: decode(token), attrs: runAttrs ?? {} })
      } else if (tag.name === 'text' && tag.closing) {
        count += 1
        out.push(outline(text, inheritedNow(), paths, fonts, `${name}, text ${count}`))
        text = null
      } else if (tag.name === 'tspan') {
        runAttrs = tag.closing ? null : tag.attrs
      } else if (tag.name === 'textPath') {
        if (!tag.closing) {
          const href = tag.attrs.href ?? tag.attrs['xlink:href'] ?? ''
          text.along = href.replace(/^#/, '')
          const { href: _, 'xlink:href': __, ...rest } = tag.attrs
          if (Object.keys(rest).length > 0) {
            throw new Error(
              `${name}: the outliner does not lay out a textPath's ${Object.keys(rest)}`,
            )
          }
        }
      } else {
        throw new Error(`${name}: <${tag.name}> inside <text> is not outlined`)
      }
      continue
    }
    if (tag?.name === 'text' && !tag.closing && !tag.selfClosing) {
      text = { attrs: tag.attrs, runs: [] }
      continue
    }
    if (tag && !tag.selfClosing) {
      if (tag.closing) stack.pop()
      else stack.push(tag.attrs)
    }
    out.push(token)
  }
  if (text) throw new Error(`${name}: a <text> is not closed`)
  return out.join('')
}
