import type { LightMyRequestResponse } from 'fastify'
import {
  createChecker,
  decodedBody,
  NOT_YET_BUILT,
  type Operation,
  type Problem,
  readOperations,
} from './contract.ts'
import {
  type Draft,
  draw,
  type FuzzRequest,
  finalize,
  requestArbitrary,
  requestSeed,
} from './generate.ts'
import type { FuzzTarget } from './target.ts'

// The contract fuzzer: for every operation of openapi/hotel.yaml, `perOp` generated requests
// (valid and broken) sent to the real app, every answer checked against the contract. A failure
// is a 5xx other than a documented 501, a status the operation does not document, an answer
// outside its schema, or a 2xx to a request the contract forbids. Each one names the seed that
// draws its request again: `npm run fuzz -- --seed S --replay <operationId>:<index>`.

export interface FuzzOptions {
  perOp: number
  seed: number
  /** Only these operations (operationIds). */
  only?: readonly string[]
  /** Send just this one request (operationId and index), as a failure report names it. */
  replay?: { operationId: string; index: number }
  /** An answer slower than this is a failure (ms). */
  timeoutMs?: number
  /** Progress lines (every 10% of the run). */
  progress?: (line: string) => void
}

export interface Failure {
  operationId: string
  index: number
  status: number
  problem: Problem
  request: string
  answer: string
  serverError: string | null
  /** How many requests failed the same way (this is the first). */
  count: number
}

export interface FuzzReport {
  seed: number
  perOp: number
  sent: number
  /** operationId -> status -> count. */
  byOperation: Map<string, Map<number, number>>
  byStatus: Map<number, number>
  /** Requests the contract forbids that the server rightly refused (4xx). */
  invalidRefused: number
  /** One per distinct failure, with how often it happened. */
  failures: Failure[]
  failureCount: number
  durationMs: number
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body ${clip(Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : request.payload, 200)}`
  const headers = Object.entries(request.headers)
    .map(
      ([name, value]) =>
        `${name}: ${clip(name === 'authorization' ? value.slice(0, 20) : value, 60)}`,
    )
    .join(', ')
  return `${request.method} ${clip(request.url, 200)} [${headers}]${payload} (${request.label})`
}

/** Groups failures that are the same bug: same operation, status, kind and message shape. */
const failureKey = (operationId: string, status: number, problem: Problem) =>
  `${operationId} ${status} ${problem.kind} ${problem.detail.replace(/\d+/g, 'N').slice(0, 120)}`

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now()
  const doc = (await import('../../server/http/contract.ts')).loadContract()
  const checker = createChecker(doc)
  const operations = readOperations(doc).filter(
    (op) =>
      (!options.only || options.only.includes(op.operationId)) &&
      (!options.replay || options.replay.operationId === op.operationId),
  )
  if (operations.length === 0) throw new Error('fuzz: no operation matches --op / --replay')
  const ctx = { doc, pools: target.pools }
  const all = readOperations(doc)
  const arbitraries = new Map(
    operations.map((op) => {
      const taken = all.filter((o) => o.path === op.path && o !== op).map((o) => o.method)
      return [op.operationId, requestArbitrary(ctx, op, taken)]
    }),
  )

  // Payments started during the run: later requests name them (verify, webhook).
  const references: string[] = []
  const accessCodes: string[] = []
  const dynamic = (text: string) =>
    text.replace(/fuzzdyn-(reference|access)-(\d+)/g, (marker, kind: string, n: string) => {
      const list = kind === 'reference' ? references : accessCodes
      return list.length === 0
        ? marker
        : (list[list.length - 1 - (Number(n) % list.length)] as string)
    })

  const report: FuzzReport = {
    seed: options.seed,
    perOp: options.perOp,
    sent: 0,
    byOperation: new Map(operations.map((op) => [op.operationId, new Map()])),
    byStatus: new Map(),
    invalidRefused: 0,
    failures: [],
    failureCount: 0,
    durationMs: 0,
  }
  const seen = new Map<string, Failure>()
  const fail = (failure: Omit<Failure, 'count'>) => {
    report.failureCount++
    const key = failureKey(failure.operationId, failure.status, failure.problem)
    const known = seen.get(key)
    if (known) known.count++
    else {
      const entry = { ...failure, count: 1 }
      seen.set(key, entry)
      report.failures.push(entry)
    }
  }

  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)

  const send = async (op: Operation, index: number) => {
    const seed = requestSeed(options.seed, op.operationId, index)
    let request: FuzzRequest
    try {
      const draft: Draft = draw(arbitraries.get(op.operationId) as never, seed)
      request = finalize(op, draft, { pools: target.pools, checker, dynamic })
    } catch (error) {
      // The fuzzer's own bug, not the server's: reported so it gets fixed, never hidden.
      fail({
        operationId: op.operationId,
        index,
        status: 0,
        problem: { kind: 'generator error', detail: (error as Error).message },
        request: '',
        answer: '',
        serverError: (error as Error).stack ?? null,
      })
      return
    }
    let answer: LightMyRequestResponse
    let timer: NodeJS.Timeout | undefined
    try {
      answer = await Promise.race([
        target.app.inject({
          method: request.method as never,
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer in ${options.timeoutMs ?? 15_000} ms`)),
            options.timeoutMs ?? 15_000,
          )
        }),
      ])
    } catch (error) {
      report.sent++
      fail({
        operationId: op.operationId,
        index,
        status: 0,
        problem: { kind: '5xx', detail: `no answer: ${(error as Error).message}` },
        request: describeRequest(request),
        answer: '',
        serverError: null,
      })
      return
    } finally {
      clearTimeout(timer)
    }
    report.sent++
    const status = answer.statusCode
    const counts = report.byOperation.get(op.operationId) as Map<number, number>
    counts.set(status, (counts.get(status) ?? 0) + 1)
    report.byStatus.set(status, (report.byStatus.get(status) ?? 0) + 1)

    let problem = checker.check(op, answer, request)
    if (!problem && request.invalid && status >= 200 && status < 300) {
      problem = {
        kind: 'accepted invalid request',
        detail: `${status} to a request the contract forbids (${request.invalidBecause})`,
      }
    }
    if (!problem && request.invalid && status >= 400 && status < 500) report.invalidRefused++
    if (problem) {
      let text = ''
      try {
        text = decodedBody(answer)
      } catch {
        text = `<${answer.rawPayload.length} bytes, not decodable>`
      }
      fail({
        operationId: op.operationId,
        index,
        status,
        problem,
        request: describeRequest(request),
        answer: clip(text, 400),
        serverError: lastServerError(),
      })
    }
    if (op.operationId === 'initiatePayment' && status === 201) {
      await settleSandbox(target, answer, seed, { references, accessCodes, fail, index })
    }
  }

  // The latest error the server logged (requests run one at a time, so it is this request's).
  let loggedBefore = target.serverErrors.size
  const lastServerError = () => {
    if (target.serverErrors.size === loggedBefore) return null
    loggedBefore = target.serverErrors.size
    return [...target.serverErrors.values()].at(-1) ?? null
  }

  try {
    if (options.replay) {
      await send(operations[0] as Operation, options.replay.index)
    } else {
      // Operations interleaved, so the data each one sees keeps changing under it.
      const total = options.perOp * operations.length
      let step = 0
      for (let index = 0; index < options.perOp; index++) {
        for (const op of operations) {
          await send(op, index)
          step++
          if (options.progress && step % Math.max(1, Math.floor(total / 10)) === 0) {
            const seconds = ((performance.now() - started) / 1000).toFixed(0)
            options.progress(
              `  ${step}/${total} requests, ${report.failureCount} failures, ${seconds} s`,
            )
          }
        }
      }
    }
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
  for (const reason of unhandled) {
    fail({
      operationId: '(process)',
      index: -1,
      status: 0,
      problem: { kind: '5xx', detail: `unhandled rejection: ${String(reason)}` },
      request: '',
      answer: '',
      serverError: reason instanceof Error ? (reason.stack ?? null) : null,
    })
  }
  report.durationMs = performance.now() - started
  return report
}

/**
 * After a card payment starts, the payer answers the sandbox checkout as the seed says: pay,
 * decline, cancel, or walk away (the payment stays pending), so settling runs every way.
 */
async function settleSandbox(
  target: FuzzTarget,
  answer: LightMyRequestResponse,
  seed: number,
  p: {
    references: string[]
    accessCodes: string[]
    fail: (failure: Omit<Failure, 'count'>) => void
    index: number
  },
) {
  const data = (answer.json() as { data: { reference: string; access_code: string } }).data
  p.references.push(data.reference)
  p.accessCodes.push(data.access_code)
  const outcome = (['pay', 'decline', 'cancel', null] as const)[seed % 4]
  if (!outcome) return
  const checkout = await target.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${data.access_code}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  })
  if (checkout.statusCode >= 500) {
    p.fail({
      operationId: 'initiatePayment (sandbox checkout)',
      index: p.index,
      status: checkout.statusCode,
      problem: { kind: '5xx', detail: `${checkout.statusCode} from the sandbox checkout` },
      request: `POST /sandbox/checkout/${data.access_code} outcome=${outcome}`,
      answer: clip(checkout.body, 400),
      serverError: null,
    })
  }
}

/** Counts by operation and status, then every distinct failure with its replay command. */
export function formatReport(report: FuzzReport): string {
  const statuses = [...report.byStatus.keys()].sort((a, b) => a - b)
  const width = Math.max(...[...report.byOperation.keys()].map((id) => id.length), 9)
  const cell = (text: string | number) => String(text).padStart(6)
  const lines = [
    `${'operation'.padEnd(width)} ${statuses.map(cell).join(' ')}  ${'total'.padStart(7)}`,
  ]
  for (const [operationId, counts] of report.byOperation) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    const mark = NOT_YET_BUILT.has(operationId) ? ' (not built yet: 501)' : ''
    lines.push(
      `${operationId.padEnd(width)} ${statuses.map((s) => cell(counts.get(s) ?? '·')).join(' ')}  ${String(total).padStart(7)}${mark}`,
    )
  }
  lines.push(
    `${'all'.padEnd(width)} ${statuses.map((s) => cell(report.byStatus.get(s) ?? 0)).join(' ')}  ${String(report.sent).padStart(7)}`,
  )
  const seconds = (report.durationMs / 1000).toFixed(1)
  lines.push(
    '',
    `${report.sent} requests (${report.perOp} per operation, seed ${report.seed}) in ${seconds} s, ` +
      `${Math.round(report.sent / (report.durationMs / 1000))} requests/s; ` +
      `${report.invalidRefused} requests the contract forbids were refused with a 4xx.`,
    `${report.failureCount} failures (${report.failures.length} distinct).`,
  )
  for (const failure of report.failures) {
    lines.push(
      '',
      `FAIL ${failure.operationId} #${failure.index}: ${failure.problem.kind}: ${failure.problem.detail}` +
        (failure.count > 1 ? ` (x${failure.count})` : ''),
      `  request: ${failure.request}`,
      `  answer:  ${failure.status} ${failure.answer}`,
      ...(failure.serverError ? [`  server:  ${clip(failure.serverError, 800)}`] : []),
      `  replay:  npm run fuzz -- --seed ${report.seed} --replay ${failure.operationId}:${failure.index}`,
    )
  }
  // Control characters (a NUL the fuzzer sent, echoed in a log) are shown, not printed.
  return Array.from(lines.join('\n'), (char) => {
    const code = char.charCodeAt(0)
    const control = (code < 0x20 && char !== '\n' && char !== '\t') || code === 0x7f
    return control ? `\\u${code.toString(16).padStart(4, '0')}` : char
  }).join('')
}
