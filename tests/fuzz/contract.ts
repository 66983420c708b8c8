import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { notYetBuilt } from '../../server/app.ts'
import { loadContract } from '../../server/http/contract.ts'
import type { OperationId } from '../../server/http/operations.ts'

// The contract as the fuzzer and the authorization matrix read it: every operation with its
// parameters, body and security, and a checker that validates an answer against the response
// schema the contract gives for its status (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it).

export type JsonSchema = Record<string, unknown>
export type Contract = ReturnType<typeof loadContract>

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: JsonSchema
  /** Where its schema lives in the contract (a JSON pointer), for Ajv. */
  pointer: string
}

export interface Operation {
  operationId: OperationId
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** As the contract writes it, without the base path: '/events/{id}'. */
  path: string
  params: Parameter[]
  body: { schema: JsonSchema; pointer: string; required: boolean } | null
  /** none: no bearer scheme; optional: bearer or anonymous; required: bearer only. */
  security: 'none' | 'optional' | 'required'
  /** Under the `staff` scheme: a staff member's session only (anyone else's answers 403). */
  staffOnly: boolean
  /** The least staff role it needs (the `staff` scheme's list), null when not a staff operation. */
  staffRole: string | null
  /** Status ('200', '404', 'default') -> pointer of its JSON schema, null when it has no body. */
  responses: Record<string, string | null>
}

export const BASE_PATH = '/api'

const escapePart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')
/** A JSON pointer as an Ajv ref fragment: escaped, then URI-encoded ('{id}' has braces). */
const pointerOf = (parts: string[]) =>
  parts.map((part) => `/${encodeURIComponent(escapePart(part))}`).join('')

/** Follows a local $ref ('#/components/...') to its target and that target's pointer. */
export function resolveRef(
  doc: Contract,
  node: unknown,
  pointer: string,
): { node: JsonSchema; pointer: string } {
  let current = node as JsonSchema
  let where = pointer
  for (let hops = 0; typeof current?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`contract: $ref loop at ${where}`)
    const ref = current.$ref as string
    if (!ref.startsWith('#/')) throw new Error(`contract: only local $refs are read (${ref})`)
    const parts = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    current = parts.reduce<unknown>(
      (at, part) => (at as Record<string, unknown> | undefined)?.[part],
      doc,
    ) as JsonSchema
    if (current === undefined) throw new Error(`contract: $ref ${ref} points nowhere`)
    where = pointerOf(parts)
  }
  return { node: current, pointer: where }
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const

/** The contract's schemes that take a session's bearer token: any one, and a staff one. */
const BEARER_SCHEMES = ['bearerAuth', 'staff']

/** Every operation of the contract, in the contract's order. */
export function readOperations(doc: Contract = loadContract()): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined
      if (!op) continue
      const at = ['paths', path, method]
      const params = ((op.parameters ?? []) as unknown[]).map((raw, index) => {
        const { node, pointer } = resolveRef(doc, raw, pointerOf([...at, 'parameters', `${index}`]))
        return {
          name: node.name as string,
          in: node.in as Parameter['in'],
          required: node.required === true,
          schema: node.schema as JsonSchema,
          pointer: `${pointer}/schema`,
        }
      })
      let body: Operation['body'] = null
      if (op.requestBody) {
        const { node, pointer } = resolveRef(doc, op.requestBody, pointerOf([...at, 'requestBody']))
        const content = node.content as Record<string, { schema: JsonSchema }>
        const json = content['application/json']
        if (json) {
          body = {
            schema: json.schema,
            pointer: `${pointer}/content/${encodeURIComponent(escapePart('application/json'))}/schema`,
            required: node.required === true,
          }
        }
      }
      const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[]
      const bearer = security.filter((scheme) =>
        BEARER_SCHEMES.some((name) => name in scheme),
      ).length
      const responses: Record<string, string | null> = {}
      for (const [status, raw] of Object.entries(op.responses as Record<string, unknown>)) {
        const { node, pointer } = resolveRef(doc, raw, pointerOf([...at, 'responses', status]))
        const content = node.content as Record<string, unknown> | undefined
        responses[status] = content?.['application/json']
          ? `${pointer}/content/${encodeURIComponent(escapePart('application/json'))}/schema`
          : null
      }
      operations.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        params,
        body,
        security: bearer === 0 ? 'none' : bearer === security.length ? 'required' : 'optional',
        staffOnly: security.length > 0 && security.every((scheme) => 'staff' in scheme),
        staffRole:
          (security.find((scheme) => 'staff' in scheme)?.staff as string[] | undefined)?.[0] ??
          null,
        responses,
      })
    }
  }
  return operations
}

/** Operations whose issue has not landed: their 501 is what the contract documents for now. */
export const NOT_YET_BUILT: ReadonlySet<string> = new Set(notYetBuilt)

/**
 * 501s the contract documents: only an operation not built yet. Membership and wallet top-up
 * payments (initiatePayment) are built, so a 501 from them is a failure like any other 5xx.
 */
export function documented501(op: Operation, _body: unknown): boolean {
  return NOT_YET_BUILT.has(op.operationId)
}

export interface Answer {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  /** The raw bytes of the answer. */
  rawPayload: Buffer
}

export type Problem =
  | { kind: '5xx'; detail: string }
  | { kind: 'undocumented status'; detail: string }
  | { kind: 'not json'; detail: string }
  | { kind: 'outside schema'; detail: string }
  | { kind: 'accepted invalid request'; detail: string }
  | { kind: 'generator error'; detail: string }

/** The answer's body as text, undoing the Content-Encoding the server chose. */
export function decodedBody(answer: Answer): string {
  const encoding = String(answer.headers['content-encoding'] ?? '').toLowerCase()
  const raw = answer.rawPayload
  if (raw.length === 0) return ''
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8')
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8')
  return raw.toString('utf8')
}

export interface Checker {
  /** What is wrong with an answer to this operation, or null when the contract allows it. */
  check(op: Operation, answer: Answer, request: { method: string; body?: unknown }): Problem | null
  /** Whether a value satisfies the schema at a pointer of the contract (request validity). */
  valid(pointer: string, value: unknown): boolean
}

export function createChecker(doc: Contract = loadContract()): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false })
  addFormats(ajv)
  ajv.addSchema(doc, 'contract')
  const compiled = new Map<string, ValidateFunction>()
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `contract#${pointer}` })
      compiled.set(pointer, validate)
    }
    return validate
  }

  return {
    valid: (pointer, value) => validator(pointer)(value) === true,

    check(op, answer, request) {
      const status = answer.statusCode
      if (status >= 500 && !(status === 501 && documented501(op, request.body))) {
        return { kind: '5xx', detail: `${status}` }
      }
      const key = `${status}` in op.responses ? `${status}` : 'default'
      if (!(key in op.responses)) {
        return { kind: 'undocumented status', detail: `${status} is not among its responses` }
      }
      const pointer = op.responses[key]
      // A HEAD answer has the GET's headers and no body.
      if (!pointer || request.method === 'HEAD') return null
      const type = String(answer.headers['content-type'] ?? '')
      if (!type.startsWith('application/json')) {
        return { kind: 'not json', detail: `content-type ${type || '(none)'}` }
      }
      let body: unknown
      try {
        body = JSON.parse(decodedBody(answer))
      } catch (error) {
        return { kind: 'not json', detail: `the body does not parse: ${(error as Error).message}` }
      }
      const validate = validator(pointer)
      if (!validate(body)) {
        const issue = validate.errors?.[0]
        const where = issue?.instancePath || '(body)'
        return {
          kind: 'outside schema',
          detail: `${status}: ${where} ${issue?.message ?? 'is not valid'} ${JSON.stringify(issue?.params ?? {})}`,
        }
      }
      return null
    },
  }
}
