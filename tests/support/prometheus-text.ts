// A strict reader of Prometheus's text exposition format (version 0.0.4, what a Prometheus server
// scrapes): it throws, naming the line, on anything the format does not allow, so a test that
// reads /metrics with it knows a scraper would too. What it checks: HELP and TYPE lines (one of
// each per family, TYPE before its samples), metric and label names, quoted label values with
// their escapes, values (floats, NaN, +Inf, -Inf) and timestamps, a family's samples kept
// together, no series twice, and each histogram whole: its buckets in order, cumulative, ending
// at +Inf with the count.

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'

export interface Sample {
  /** The sample's own name: a histogram's are `<family>_bucket`, `_sum` and `_count`. */
  name: string
  labels: Record<string, string>
  value: number
  timestamp?: number
}

export interface Family {
  name: string
  help: string
  type: MetricType
  samples: Sample[]
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/
const TYPES: readonly string[] = ['counter', 'gauge', 'histogram', 'summary', 'untyped']
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

class ExpositionError extends Error {
  constructor(lineNumber: number, line: string, why: string) {
    super(`line ${lineNumber}: ${why}: ${JSON.stringify(line)}`)
  }
}

/** A value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, as prom-client's 'Nan'). */
function parseValue(text: string): number | null {
  if (/^nan$/i.test(text)) return Number.NaN
  const infinity = /^([+-]?)inf(inity)?$/i.exec(text)
  if (infinity) return infinity[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  return FLOAT.test(text) ? Number(text) : null
}

/** HELP's escapes: `\\` and `\n`. */
const unescapeHelp = (text: string) =>
  text.replace(/\\([\\n])/g, (_all, char: string) => (char === 'n' ? '\n' : '\\'))

/** One sample line: name, optional {labels}, value, optional timestamp. */
function parseSample(line: string, fail: (why: string) => never): Sample {
  const nameEnd = line.search(/[{ \t]/)
  if (nameEnd <= 0) fail('a sample needs a name and a value')
  const name = line.slice(0, nameEnd)
  if (!METRIC_NAME.test(name)) fail(`${name} is not a metric name`)
  const labels: Record<string, string> = {}
  let at = nameEnd
  if (line[at] === '{') {
    at += 1
    for (;;) {
      if (line[at] === '}') break
      const equals = line.indexOf('=', at)
      if (equals === -1) fail('a label without a value')
      const label = line.slice(at, equals).trim()
      if (!LABEL_NAME.test(label)) fail(`${label} is not a label name`)
      if (label in labels) fail(`label ${label} twice`)
      if (line[equals + 1] !== '"') fail(`label ${label}'s value is not quoted`)
      let value = ''
      let index = equals + 2
      for (; index < line.length && line[index] !== '"'; index++) {
        if (line[index] === '\\') {
          const next = line[index + 1]
          if (next === 'n') value += '\n'
          else if (next === '\\' || next === '"') value += next
          else fail(`label ${label} has an escape the format does not know`)
          index += 1
        } else value += line[index]
      }
      if (index >= line.length) fail(`label ${label}'s value is not closed`)
      labels[label] = value
      at = index + 1
      if (line[at] === ',') at += 1
      else if (line[at] !== '}') fail('labels are separated by commas')
    }
    at += 1
  }
  const rest = line.slice(at)
  if (!/^[ \t]/.test(rest)) fail('the value must follow after a space')
  const [valueText, timestampText, ...extra] = rest.trim().split(/[ \t]+/)
  if (extra.length > 0) fail('more than a value and a timestamp')
  const value = parseValue(valueText ?? '')
  if (value === null) fail(`${valueText} is not a value`)
  const sample: Sample = { name, labels, value }
  if (timestampText !== undefined) {
    if (!/^-?\d+$/.test(timestampText)) fail(`${timestampText} is not a timestamp`)
    sample.timestamp = Number(timestampText)
  }
  return sample
}

/** The family a sample belongs to: `x_bucket` of histogram x is x's, and so on. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name)
  if (own) return own
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue
    const base = families.get(name.slice(0, -suffix.length))
    const allowed = base?.type === 'histogram' || (base?.type === 'summary' && suffix !== '_bucket')
    if (base && allowed) return base
  }
  return undefined
}

const seriesKey = (sample: Sample, without: string[] = []) =>
  `${sample.name}${JSON.stringify(
    Object.entries(sample.labels)
      .filter(([label]) => !without.includes(label))
      .sort(([a], [b]) => a.localeCompare(b)),
  )}`

/** Every histogram series: buckets ascending by `le`, cumulative, +Inf last and equal to count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>()
  for (const sample of family.samples) {
    const key = seriesKey({ ...sample, name: family.name }, ['le'])
    const entry = series.get(key) ?? { buckets: [] }
    series.set(key, entry)
    if (sample.name.endsWith('_bucket')) {
      const le = parseValue(sample.labels.le ?? '')
      if (le === null) throw new Error(`${family.name}: a bucket without a valid le`)
      entry.buckets.push([le, sample.value])
    } else if (sample.name.endsWith('_count')) entry.count = sample.value
    else if (sample.name.endsWith('_sum')) entry.sum = sample.value
    else throw new Error(`${family.name}: ${sample.name} is no histogram sample`)
  }
  for (const [key, { buckets, count, sum }] of series) {
    const last = buckets.at(-1)
    if (!last || last[0] !== Number.POSITIVE_INFINITY) {
      throw new Error(`${key}: the buckets do not end at le="+Inf"`)
    }
    for (let i = 1; i < buckets.length; i++) {
      const [le, value] = buckets[i] as [number, number]
      const [previousLe, previousValue] = buckets[i - 1] as [number, number]
      if (le <= previousLe) throw new Error(`${key}: buckets out of order`)
      if (value < previousValue) throw new Error(`${key}: buckets are not cumulative`)
    }
    if (count !== last[1]) throw new Error(`${key}: _count ${count} is not the +Inf bucket's`)
    if (sum === undefined) throw new Error(`${key}: no _sum`)
  }
}

/** Reads an exposition; throws on the first thing a Prometheus server would refuse. */
export function parsePrometheusText(text: string): Family[] {
  const families = new Map<string, Family>()
  const seen = new Set<string>()
  const done = new Set<string>()
  const typed = new Set<string>()
  let current: Family | null = null
  const lines = text.split('\n')
  if (lines.pop() !== '') throw new Error('the exposition must end with a line feed')
  lines.forEach((line, index) => {
    const fail = (why: string): never => {
      throw new ExpositionError(index + 1, line, why)
    }
    if (line.trim() === '') return
    const meta = /^#[ \t]+(HELP|TYPE)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(line)
    if (line.startsWith('#') && !meta) return
    if (meta) {
      const [, keyword, name = '', rest = ''] = meta
      if (!METRIC_NAME.test(name)) fail(`${name} is not a metric name`)
      let family = families.get(name)
      if (!family) {
        if (done.has(name)) fail(`${name}'s lines are not together`)
        family = { name, help: '', type: 'untyped', samples: [] }
        families.set(name, family)
      }
      if (current && current !== family) done.add(current.name)
      current = family
      if (keyword === 'HELP') {
        if (family.help) fail(`a second HELP for ${name}`)
        family.help = unescapeHelp(rest)
      } else {
        if (typed.has(name)) fail(`a second TYPE for ${name}`)
        if (family.samples.length > 0) fail(`the TYPE of ${name} after its samples`)
        typed.add(name)
        if (!TYPES.includes(rest)) fail(`${rest} is not a metric type`)
        family.type = rest as MetricType
      }
      return
    }
    const sample = parseSample(line, fail)
    let family = familyOf(sample.name, families)
    if (!family) {
      family = { name: sample.name, help: '', type: 'untyped', samples: [] }
      families.set(sample.name, family)
    }
    if (done.has(family.name)) fail(`${family.name}'s lines are not together`)
    if (current && current !== family) done.add(current.name)
    current = family
    const key = seriesKey(sample)
    if (seen.has(key)) fail('the same series twice')
    seen.add(key)
    family.samples.push(sample)
  })
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family)
  return [...families.values()]
}

/** The value of one series (its labels exactly as given); undefined when there is none. */
export function seriesValue(
  families: Family[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = seriesKey({ name, labels, value: 0 })
  return families.flatMap((f) => f.samples).find((s) => seriesKey(s) === wanted)?.value
}
