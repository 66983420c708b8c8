import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { sample as openapiSample } from 'openapi-sampler'
import {
  BASE_PATH,
  type Checker,
  type Contract,
  type JsonSchema,
  type Operation,
  resolveRef,
} from './contract.ts'

// Requests for one operation of the contract, from a seed: valid ones (openapi-sampler's sample,
// schema-driven values from fast-check, and whole objects coherent with the seeded data) and
// invalid ones (wrong types, missing and extra fields, huge and odd strings, broken JSON, wrong
// content types, odd paths, percent-encodings, methods and tokens).

/** Values the generator prefers over random ones, so valid requests reach deep into handlers. */
export interface Pools {
  /** By property or parameter name ('Email', 'walletId'; array items as 'members[]'). */
  byName: Record<string, readonly unknown[]>
  /** Whole objects by component schema name ('BookingInput'), coherent with the data. */
  bySchema: Record<string, readonly unknown[]>
  /** Live bearer tokens and whose they are. */
  tokens: readonly { role: string; token: string }[]
  /** Signs the payment webhook as the provider would. */
  webhookSecret: string
}

/** A request before it is sent: what was generated, and what it was meant to test. */
export interface Draft {
  method: string
  /** Path parameter -> value (percent-encoded when sent). */
  path: Record<string, string>
  /** Path parameter -> text put into the address as is (odd encodings). */
  rawPath: Record<string, string>
  /** Appended to the path ('/', '//x', ';a=b'). */
  suffix: string
  query: [string, string][]
  /** A query string sent as is instead of `query`. */
  rawQuery: string | null
  headers: Record<string, string>
  /** The role whose live token is sent (null: none; tokens also come from `headers`). */
  role: string | null
  /** The JSON body (undefined: no body). */
  body: unknown
  /** Bytes or text sent instead of the JSON of `body`. */
  raw: string | Buffer | null
  /** undefined: application/json when there is a payload; null: no content-type at all. */
  contentType: string | null | undefined
  /** Sign the payload with the webhook secret (x-paystack-signature). */
  sign: boolean
  /** What was done to it, for the report. */
  labels: string[]
  /** Known to break the contract's request rules (then a 2xx is wrong); null: cannot tell. */
  invalid: boolean | null
}

/** A request ready for app.inject, and what the oracle needs to judge its answer. */
export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** The JSON value sent (undefined when the payload is not one). */
  body: unknown
  label: string
  /** The request breaks the contract (a 2xx answer to it is a failure). */
  invalid: boolean
  /** Why it is invalid, for the report. */
  invalidBecause: string | null
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value))

// ---------------------------------------------------------------- values from schemas

const INT32 = 2 ** 31 - 1

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -INT32
  const max = typeof schema.maximum === 'number' ? schema.maximum : INT32
  if (min >= -INT32 && max <= INT32) return fc.integer({ min, max })
  return fc.oneof(
    fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) }),
    fc.constantFrom(min, max),
  )
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 10_000
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength
  switch (schema.format) {
    case 'uuid':
      return fc.uuid()
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString())
    case 'uri':
      return fc.webUrl()
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u')
    // Repeated up to the minimum length ('^[A-Za-z0-9_-]+$' stays valid), cut to the maximum.
    const fit = (text: string) =>
      (text.length > 0 && text.length < minLength
        ? text.repeat(Math.ceil(minLength / text.length))
        : text
      ).slice(0, maxLength)
    return fc
      .stringMatching(pattern, { size: 'small' })
      .map(fit)
      .filter((text) => fits(text) && pattern.test(text))
  }
  return fc.string({
    unit: 'grapheme',
    minLength,
    maxLength: Math.max(minLength, Math.min(maxLength, 40)),
  })
}

interface Ctx {
  doc: Contract
  pools: Pools
}

/** Values of a schema; `hint` names the property or parameter, for its pool of known values. */
export function arbitraryOf(
  ctx: Ctx,
  schema: JsonSchema,
  hint: string | null = null,
  depth = 0,
): fc.Arbitrary<unknown> {
  let node = schema
  let schemaName: string | null = null
  if (typeof node.$ref === 'string') {
    schemaName = node.$ref.split('/').at(-1) ?? null
    node = resolveRef(ctx.doc, node, '').node
  }
  const base = plainArbitrary(ctx, node, hint, depth)
  const pooled = [
    ...(schemaName ? (ctx.pools.bySchema[schemaName] ?? []) : []),
    ...(hint ? (ctx.pools.byName[hint] ?? []) : []),
  ]
  if (pooled.length === 0) return base
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pooled).map(clone) },
    { weight: 1, arbitrary: base },
  )
}

function plainArbitrary(
  ctx: Ctx,
  node: JsonSchema,
  hint: string | null,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null)
  if ('const' in node) return fc.constant(node.const)
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]))
  const options = (node.oneOf ?? node.anyOf) as JsonSchema[] | undefined
  if (options)
    return fc.oneof(...options.map((option) => arbitraryOf(ctx, option, null, depth + 1)))
  if (Array.isArray(node.allOf)) return arbitraryOf(ctx, node.allOf[0] as JsonSchema, hint, depth)
  if (Array.isArray(node.type)) {
    return fc.oneof(
      ...(node.type as string[]).map((type) => plainArbitrary(ctx, { ...node, type }, hint, depth)),
    )
  }
  switch (node.type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return integerArb(node)
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'string':
      return stringArb(node)
    case 'array': {
      const minLength = typeof node.minItems === 'number' ? node.minItems : 0
      const maxItems = typeof node.maxItems === 'number' ? node.maxItems : 4
      const items = (node.items ?? {}) as JsonSchema
      return fc.array(arbitraryOf(ctx, items, hint ? `${hint}[]` : null, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(maxItems, 4)),
      })
    }
  }
  if (node.type === 'object' || node.properties) {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>
    const shape: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [name, property] of Object.entries(properties)) {
      shape[name] = arbitraryOf(ctx, property, name, depth + 1)
    }
    const requiredKeys = ((node.required ?? []) as string[]).filter((key) => key in shape)
    return fc.record(shape, { requiredKeys })
  }
  return fc.jsonValue({ maxDepth: 2 })
}

// ---------------------------------------------------------------- odd values

const HUGE_UNITS = ['a', 'é', '😀', '\u0000', ' ', '%', '\\', '"', '<'] as const

/** Strings that break naive code: NUL, lone surrogates, direction overrides, huge ones. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      'ada@example.com\u0000',
      '\uD800',
      'x\uDFFF\uD800y',
      '\u202Eevil\u202C',
      'e\u0301\u0301\u0301',
      '👩‍👩‍👧‍👦',
      '𝕬𝖉𝖆',
      'İı ß ﬁ',
      '\r\n\r\n',
      '\t',
      '\u00A0',
      '\uFEFF',
      '\u2028\u2029',
      "' OR 1=1 --",
      '"; DROP TABLE bookings; --',
      '<script>alert(1)</script>',
      '../../../../etc/passwd',
      '%00',
      '%ff',
      ['$', '{jndi:ldap://x/a}'].join(''),
      '{{7*7}}',
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e309',
      '0x10',
      '__proto__',
      'constructor',
      'ADA@EXAMPLE.COM',
      ' ada@example.com ',
      `${'a'.repeat(250)}@example.com`,
      'a@b.c',
      '@',
      '2026-02-30',
      '2026-11-24T10:00:00Z',
      '9999-99-99',
      '0000-00-00',
      '10am - 2pm\u0000',
      '25pm - 99am',
      '10am-2pm',
      '{}',
      '[]',
      '{"__proto__":{"polluted":1}}',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...HUGE_UNITS), fc.integer({ min: 100, max: 200_000 }))
      .map(([unit, length]) => unit.repeat(length)),
  },
)

const oddNumber = fc.constantFrom(
  -1,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 31,
  -(2 ** 31) - 1,
  100_000_000_001,
  Number.MAX_SAFE_INTEGER,
)

/**
 * Any JSON value of another kind than the one it replaces. Cloned per draw: `fc.constant({})`
 * hands out one object, and a mutation that adds a field to it would change every later draw
 * (and can nest it in itself).
 */
const anyValue: fc.Arbitrary<unknown> = fc
  .oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 10 }),
    fc.constant([]),
    fc.constant({}),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    oddNumber,
  )
  .map(clone)

// ---------------------------------------------------------------- paths into JSON values

type JsonPath = (string | number)[]

/** Every path into a JSON value (not the root, 40 levels at most), in a stable order. */
function pathsOf(value: unknown, at: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  if (at.length >= 40) return out
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...at, index])
      pathsOf(item, [...at, index], out)
    })
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...at, key])
      pathsOf(item, [...at, key], out)
    }
  }
  return out
}

function getAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)?.[key], value)
}

function setAt(root: unknown, path: JsonPath, next: unknown): unknown {
  if (path.length === 0) return next
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>
  parent[path.at(-1) as string | number] = next
  return root
}

function deleteAt(root: unknown, path: JsonPath): unknown {
  const parent = getAt(root, path.slice(0, -1))
  const key = path.at(-1) as string | number
  if (Array.isArray(parent)) parent.splice(key as number, 1)
  else if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[key]
  return root
}

const pathText = (path: JsonPath) => `/${path.join('/')}`

// ---------------------------------------------------------------- mutations

interface Mutation {
  label: string
  apply(draft: Draft): void
}

const mutation = (label: string, apply: (draft: Draft) => void): Mutation => ({ label, apply })

/** Records what a mutation does to validity: certainly invalid wins over cannot-tell. */
function mark(d: Draft, invalid: boolean | null): void {
  if (invalid === true) d.invalid = true
  else if (invalid === null && d.invalid === false) d.invalid = null
}

/** Picks the nth element of a list (wrapping), or undefined when it is empty. */
const nth = <T>(list: readonly T[], n: number): T | undefined =>
  list.length > 0 ? list[n % list.length] : undefined

function bodyMutations(): fc.Arbitrary<Mutation>[] {
  return [
    fc.tuple(fc.nat(), anyValue).map(([n, value]) =>
      mutation('body: wrong type', (d) => {
        const path = nth(pathsOf(d.body), n) ?? []
        d.labels.push(`wrong type at ${pathText(path)}`)
        d.body = setAt(d.body, path, value)
      }),
    ),
    fc.nat().map((n) =>
      mutation('body: missing field', (d) => {
        const path = nth(
          pathsOf(d.body).filter((p) => typeof p.at(-1) === 'string'),
          n,
        )
        if (!path) return
        d.labels.push(`missing ${pathText(path)}`)
        d.body = deleteAt(d.body, path)
      }),
    ),
    fc
      .tuple(
        fc.nat(),
        fc.oneof(
          fc.constantFrom('extra', 'id', 'status', 'Status', 'accountId', 'isAdmin', 'Balance'),
          fc.string({ minLength: 1, maxLength: 12 }),
        ),
        anyValue,
      )
      .map(([n, key, value]) =>
        mutation('body: extra field', (d) => {
          const objects = [[], ...pathsOf(d.body)].filter((p) => {
            const at = getAt(d.body, p)
            return at !== null && typeof at === 'object' && !Array.isArray(at)
          })
          const path = nth(objects, n)
          if (!path) return
          d.labels.push(`extra ${JSON.stringify(key)} at ${pathText(path)}`)
          ;(getAt(d.body, path) as Record<string, unknown>)[key] = value
        }),
      ),
    fc.tuple(fc.nat(), oddString).map(([n, text]) =>
      mutation('body: odd string', (d) => {
        const paths = pathsOf(d.body)
        const strings = paths.filter((p) => typeof getAt(d.body, p) === 'string')
        const path = nth(strings.length > 0 ? strings : paths, n)
        if (!path) return
        d.labels.push(`odd string (${text.length} chars) at ${pathText(path)}`)
        d.body = setAt(d.body, path, text)
      }),
    ),
    fc
      .tuple(
        fc.nat(),
        fc.nat(),
        fc.constantFrom(
          '\u0000',
          '\u0001',
          '\u001f',
          '\u007f',
          '\uD800',
          '\uFFFF',
          '\u202E',
          '\\',
          '"',
          "'",
          '%',
          '\n',
          '\u0000\u0000',
        ),
      )
      .map(([n, at, char]) =>
        mutation('body: character inserted', (d) => {
          // Into a value that is otherwise right, so it gets past the rules to the database.
          const strings = pathsOf(d.body).filter((p) => typeof getAt(d.body, p) === 'string')
          const path = nth(strings, n)
          if (!path) return
          const text = getAt(d.body, path) as string
          const where = at % (text.length + 1)
          d.labels.push(`${JSON.stringify(char)} inserted in ${pathText(path)}`)
          d.body = setAt(d.body, path, `${text.slice(0, where)}${char}${text.slice(where)}`)
        }),
      ),
    fc.tuple(fc.nat(), oddNumber).map(([n, number]) =>
      mutation('body: odd number', (d) => {
        const paths = pathsOf(d.body)
        const numbers = paths.filter((p) => typeof getAt(d.body, p) === 'number')
        const path = nth(numbers.length > 0 ? numbers : paths, n)
        if (!path) return
        d.labels.push(`odd number ${number} at ${pathText(path)}`)
        d.body = setAt(d.body, path, number)
      }),
    ),
    fc
      .oneof(
        anyValue,
        fc.jsonValue({ maxDepth: 3 }),
        fc
          .integer({ min: 100, max: 2_000 })
          .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
      )
      .map((value) =>
        mutation('body: replaced', (d) => {
          d.labels.push(`body replaced by ${JSON.stringify(value)?.slice(0, 40)}`)
          d.body = value
        }),
      ),
  ]
}

const BROKEN_JSON = [
  'truncated',
  'garbage after',
  'trailing comma',
  'single quotes',
  'BOM',
  'duplicate key',
  '__proto__',
  'constructor.prototype',
  'empty',
  'whitespace only',
  'deep nesting',
  'invalid UTF-8',
  'NaN',
  'comment',
  'unterminated string',
] as const

function rawBodyMutation(): fc.Arbitrary<Mutation> {
  return fc.tuple(fc.constantFrom(...BROKEN_JSON), fc.nat()).map(([form, n]) =>
    mutation(`raw body: ${form}`, (d) => {
      const json = JSON.stringify(d.body ?? {}) ?? '{}'
      let invalid: boolean | null = true
      let raw: string | Buffer
      switch (form) {
        case 'truncated':
          raw = json.slice(0, Math.max(1, n % json.length))
          break
        case 'garbage after':
          raw = `${json}}garbage`
          break
        case 'trailing comma':
          raw = json.endsWith('}') && json.length > 2 ? `${json.slice(0, -1)},}` : '[1,]'
          break
        case 'single quotes':
          raw = json.replaceAll('"', "'")
          break
        case 'BOM':
          raw = `\uFEFF${json}`
          invalid = null
          break
        case 'duplicate key':
          raw = json.length > 2 ? `{"Email":"x@y.z",${json.slice(1)}` : '{"a":1,"a":2}'
          invalid = null
          break
        case '__proto__':
          raw = json.length > 2 ? `{"__proto__":{"isAdmin":true},${json.slice(1)}` : json
          break
        case 'constructor.prototype':
          raw =
            json.length > 2
              ? `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`
              : json
          break
        case 'empty':
          raw = ''
          break
        case 'whitespace only':
          raw = ' \n\t '
          break
        case 'deep nesting':
          raw = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
          break
        case 'invalid UTF-8':
          raw = Buffer.concat([Buffer.from(json.slice(0, -2)), Buffer.from([0xff, 0xfe, 0xc0])])
          break
        case 'NaN':
          raw = '{"Amount": NaN, "Visitors": Infinity}'
          break
        case 'comment':
          raw = `/* hi */${json}`
          break
        case 'unterminated string':
          raw = '{"Email": "ada@example.com'
          break
      }
      d.raw = raw
      mark(d, invalid)
    }),
  )
}

const CONTENT_TYPES = [
  null,
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/json; charset="utf-8"; boundary=x',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'application/jsonx',
  'json',
  '',
] as const

/**
 * Content types that are JSON (media types ignore case; application/json defines no parameters,
 * and JSON is UTF-8 whatever a charset says: RFC 8259 8.1); others must be refused.
 */
const isJsonType = (type: string) => /^application\/json\s*(;.*)?$/i.test(type)

function contentTypeMutation(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...CONTENT_TYPES).map((type) =>
    mutation(`content-type ${JSON.stringify(type)}`, (d) => {
      d.contentType = type
      if (d.body === undefined) d.body = {}
    }),
  )
}

/** Path segments sent as they are: bad percent-encodings, traversal, control characters. */
const RAW_SEGMENTS = [
  '%00',
  '%ff',
  '%FF%FE',
  '%',
  '%%',
  '%zz',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '..',
  '.',
  '%20',
  '%C3%A9',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%c0%af',
  '%ED%A0%80',
  '%u0041',
  '%3F',
  '%23',
  '%0A',
  '%0D%0A',
  '+',
  '%2B',
  '~',
  'NUL',
] as const

function pathMutations(op: Operation): fc.Arbitrary<Mutation>[] {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name)
  const mutations: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom('/', '//', '/x', '/%ff', '/..', '/.', ';a=b', '.json', '%00', '%20', '/?')
      .map((suffix) =>
        mutation(`path suffix ${JSON.stringify(suffix)}`, (d) => {
          d.suffix = suffix
          mark(d, true)
        }),
      ),
  ]
  if (names.length === 0) return mutations
  mutations.push(
    fc.tuple(fc.nat(), fc.constantFrom(...RAW_SEGMENTS)).map(([n, segment]) =>
      mutation(`raw path segment ${JSON.stringify(segment)}`, (d) => {
        const name = nth(names, n) as string
        d.rawPath[name] = segment
        mark(d, null)
      }),
    ),
    fc.tuple(fc.nat(), oddString).map(([n, text]) =>
      mutation('odd path parameter', (d) => {
        const name = nth(names, n) as string
        d.labels.push(`odd ${name} (${text.length} chars)`)
        d.path[name] = text.slice(0, 20_000)
      }),
    ),
    fc
      .tuple(fc.nat(), fc.constantFrom(79, 80, 81, 100, 101, 255, 256, 1000, 5000))
      .map(([n, length]) =>
        mutation(`path parameter of ${length} characters`, (d) => {
          const name = nth(names, n) as string
          d.path[name] = 'a'.repeat(length)
        }),
      ),
  )
  return mutations
}

function queryMutation(): fc.Arbitrary<Mutation> {
  return fc
    .constantFrom(
      'a=1&a=2',
      '%ff=1',
      'token=%ff',
      'token[]=a&token[]=b',
      'token[a]=b',
      '__proto__[isAdmin]=1',
      'constructor[prototype][x]=1',
      `q=${'a'.repeat(10_000)}`,
      '&&&',
      '=',
      'token',
      'token=',
      'token=%00',
      `token=${'a'.repeat(129)}`,
      'token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    )
    .map((query) =>
      mutation(`query ${query.slice(0, 30)}`, (d) => {
        d.rawQuery = query
        mark(d, null)
      }),
    )
}

function headerMutations(pools: Pools): fc.Arbitrary<Mutation>[] {
  const live = pools.tokens.map((t) => t.token)
  const authorization = fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic YWRhOnB3',
      'Token abc',
      `Bearer ${'x'.repeat(5000)}`,
      'Bearer a b',
      'Bearer %00',
      'Bearer null',
      'Bearer undefined',
      'Bearer ../../',
      'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ),
    fc.constantFrom(...live).map((token) => `bearer ${token}`),
    fc.constantFrom(...live).map((token) => `Bearer ${token}x`),
    fc.constantFrom(...live).map((token) => `Bearer ${token.toUpperCase()}`),
    fc.constantFrom(...live).map((token) => `Bearer  ${token}`),
  )
  return [
    authorization.map((value) =>
      mutation('odd authorization', (d) => {
        d.role = null
        d.headers.authorization = value
        d.labels.push(`authorization ${value.slice(0, 24)}`)
      }),
    ),
    fc
      .record({
        name: fc.constantFrom(
          'accept',
          'accept-encoding',
          'x-forwarded-for',
          'x-forwarded-proto',
          'x-forwarded-host',
          'host',
          'origin',
          'cookie',
          'x-paystack-signature',
          'content-length',
        ),
        value: fc.constantFrom(
          'text/html',
          'application/xml',
          'gzip',
          'br',
          'deflate',
          'gzip, deflate, br',
          '*',
          'identity;q=0',
          '1.2.3.4, 5.6.7.8',
          'not-an-address',
          'https',
          'evil.example',
          'evil example',
          '[::1',
          'localhost:99999',
          'localhost:1',
          '',
          'a=b; c=d',
          'f'.repeat(128),
          'F'.repeat(128),
          '0',
          '1',
          '99999',
          'x'.repeat(8000),
        ),
      })
      .map(({ name, value }) =>
        mutation(`header ${name}: ${value.slice(0, 20)}`, (d) => {
          d.headers[name] = value
          if (name === 'x-paystack-signature') d.sign = false
          if (name === 'content-length' || name === 'host') mark(d, null)
        }),
      ),
  ]
}

/** Another method on the operation's path (not one another operation of that path has). */
function methodMutation(op: Operation, taken: readonly string[]): fc.Arbitrary<Mutation> {
  const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].filter(
    (method) =>
      method !== op.method &&
      !taken.includes(method) &&
      !(method === 'HEAD' && taken.includes('GET')),
  )
  return fc.constantFrom(...others).map((method) =>
    mutation(`method ${method}`, (d) => {
      d.method = method
      if (!(method === 'HEAD' && op.method === 'GET')) mark(d, true)
    }),
  )
}

// ---------------------------------------------------------------- requests

function validDraft(ctx: Ctx, op: Operation): fc.Arbitrary<Draft> {
  const pathParams = op.params.filter((p) => p.in === 'path')
  const queryParams = op.params.filter((p) => p.in === 'query')
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, arbitraryOf(ctx, p.schema, p.name).map(String)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>
  const query = fc.tuple(
    ...queryParams.map((p) => {
      const value = arbitraryOf(ctx, p.schema, p.name).map((v): [string, string] => [
        p.name,
        String(v),
      ])
      return p.required ? value.map((v) => [v]) : fc.option(value.map((v) => [v]))
    }),
  )
  const sampled = op.body
    ? openapiSample(op.body.schema as never, { skipReadOnly: true, quiet: true }, ctx.doc)
    : undefined
  const body: fc.Arbitrary<unknown> = op.body
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant(sampled).map(clone) },
        { weight: 6, arbitrary: arbitraryOf(ctx, op.body.schema) },
      )
    : fc.constant(undefined)
  const roles = ctx.pools.tokens.map((t) => t.role)
  const role: fc.Arbitrary<string | null> =
    op.security === 'none'
      ? fc.option(fc.constantFrom(...roles), { freq: 4 })
      : op.security === 'required'
        ? fc.option(fc.constantFrom(...roles), { freq: 8 })
        : fc.option(fc.constantFrom(...roles), { freq: 2 })
  return fc
    .record({
      path,
      query,
      body,
      role,
      sign: fc.oneof(
        { weight: 5, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    })
    .map(({ path, query, body, role, sign }) => ({
      method: op.method,
      path,
      rawPath: {},
      suffix: '',
      query: query.flatMap((entry) => (entry ? (entry as [string, string][]) : [])),
      rawQuery: null,
      headers: {},
      role,
      body,
      raw: null,
      contentType: undefined,
      sign: op.operationId === 'paymentWebhook' && sign,
      labels: [],
      invalid: false,
    }))
}

/** Every kind of request for an operation: about a third valid, the rest broken in some way. */
export function requestArbitrary(
  ctx: Ctx,
  op: Operation,
  /** Methods other operations of the same path use. */
  taken: readonly string[] = [],
): fc.Arbitrary<Draft> {
  // Bodies are where most input is: their mutations weigh more where there is a body.
  const bodyWeight = op.body ? 3 : 1
  const mutations = fc.oneof(
    ...bodyMutations().map((arbitrary, i) => ({
      // 'character inserted' (the fifth) keeps a request valid but for one character.
      weight: i === 4 ? 3 * bodyWeight : bodyWeight,
      arbitrary,
    })),
    ...(op.body ? [rawBodyMutation(), contentTypeMutation()] : []).map((arbitrary) => ({
      weight: 2,
      arbitrary,
    })),
    ...pathMutations(op).map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 1, arbitrary: queryMutation() },
    ...headerMutations(ctx.pools).map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 1, arbitrary: methodMutation(op, taken) },
  )
  const valid = validDraft(ctx, op)
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((d) => ({ ...d, labels: ['valid'] })) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.array(mutations, { minLength: 1, maxLength: 2 }))
        .map(([draft, list]) => {
          const d: Draft = {
            ...draft,
            path: { ...draft.path },
            rawPath: {},
            query: [...draft.query],
            headers: { ...draft.headers },
            body: clone(draft.body),
            labels: [],
          }
          for (const m of list) {
            d.labels.push(m.label)
            m.apply(d)
          }
          return d
        }),
    },
  )
}

/** Lone surrogates become U+FFFD, as a browser sends them (encodeURIComponent throws on them). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
const encode = (text: string) => encodeURIComponent(wellFormed(text))

/** The request as it goes out, judged against the contract's request rules. */
export function finalize(
  op: Operation,
  d: Draft,
  ctx: { pools: Pools; checker: Checker; dynamic: (text: string) => string },
): FuzzRequest {
  const reasons: string[] = []
  const segments = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in d.rawPath) return d.rawPath[name] as string
    const value = wellFormed(ctx.dynamic(d.path[name] ?? ''))
    const param = op.params.find((p) => p.in === 'path' && p.name === name)
    if (param && !ctx.checker.valid(param.pointer, value)) reasons.push(`path ${name}`)
    return encode(value)
  })
  const queryText =
    d.rawQuery ??
    d.query.map(([key, value]) => `${encode(key)}=${encode(ctx.dynamic(value))}`).join('&')
  if (d.rawQuery === null) {
    for (const param of op.params.filter((p) => p.in === 'query')) {
      const entry = d.query.find(([key]) => key === param.name)
      if (!entry) {
        if (param.required) reasons.push(`query ${param.name} missing`)
      } else if (!ctx.checker.valid(param.pointer, wellFormed(ctx.dynamic(entry[1])))) {
        reasons.push(`query ${param.name}`)
      }
    }
  }
  const url = `${BASE_PATH}${segments}${d.suffix}${queryText ? `?${queryText}` : ''}`

  let body = d.body
  let payload: string | Buffer | undefined
  if (d.raw !== null) payload = typeof d.raw === 'string' ? ctx.dynamic(d.raw) : d.raw
  else if (body !== undefined) {
    payload = ctx.dynamic(JSON.stringify(body) ?? 'null')
    body = JSON.parse(payload)
  }
  const headers: Record<string, string> = {}
  if (payload !== undefined) {
    const type = d.contentType === undefined ? 'application/json' : d.contentType
    if (type !== null) headers['content-type'] = type
  }
  if (d.role) {
    const token = ctx.pools.tokens.find((t) => t.role === d.role)?.token
    if (token) headers.authorization = `Bearer ${token}`
  }
  Object.assign(headers, d.headers)
  if (d.sign) {
    headers['x-paystack-signature'] = createHmac('sha512', ctx.pools.webhookSecret)
      .update(payload ?? '')
      .digest('hex')
  }

  if (op.body) {
    const type = headers['content-type']
    if (payload === undefined) {
      if (op.body.required) reasons.push('no body')
    } else if (type === undefined || !isJsonType(type)) {
      reasons.push(`content-type ${JSON.stringify(type ?? null)}`)
    } else if (d.raw === null && !ctx.checker.valid(op.body.pointer, body)) {
      reasons.push('body')
    }
  }
  // Security: without a live token a bearer-only operation must answer 401, and so must any
  // operation given a dead one; the webhook must be signed by the provider.
  // The scheme is case-insensitive and may be followed by several spaces (RFC 9110 11.4).
  const sent = /^bearer +(\S+)$/i.exec(headers.authorization ?? '')?.[1]
  const liveToken = sent !== undefined && ctx.pools.tokens.some((t) => t.token === sent)
  if (op.security === 'required' && !liveToken) reasons.push('no live bearer token')
  // Where anonymous calls are fine, a bearer token that opens no session must still be refused;
  // another scheme ('Basic ...') or a malformed header is simply not a bearer token.
  if (op.security === 'optional' && sent !== undefined && !liveToken) {
    reasons.push('a dead bearer token')
  }
  if (op.operationId === 'paymentWebhook' && !d.sign) reasons.push('unsigned webhook')

  const invalid = d.invalid === true || reasons.length > 0
  return {
    method: d.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    body: d.raw === null ? body : undefined,
    label: d.labels.join('; '),
    invalid: d.invalid === null && reasons.length === 0 ? false : invalid,
    invalidBecause:
      reasons.length > 0 ? reasons.join(', ') : d.invalid === true ? d.labels.join('; ') : null,
  }
}

/** The nth request of an operation for a run's seed: the same every time. */
export function requestSeed(seed: number, operationId: string, index: number): number {
  let hash = 2166136261 ^ seed
  for (const char of `${operationId}#${index}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  }
  return hash >>> 0
}

/** Draws the draft for one request seed; half the seeds draw without fast-check's small bias. */
export function draw(arbitrary: fc.Arbitrary<Draft>, seed: number): Draft {
  const source = seed % 2 === 0 ? arbitrary : fc.noBias(arbitrary)
  const [draft] = fc.sample(source, { seed, numRuns: 1 })
  if (!draft) throw new Error('fuzz: fast-check drew nothing')
  return draft
}
