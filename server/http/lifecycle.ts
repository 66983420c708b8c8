import type { Server } from 'node:http'
import { Server as NetServer } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { redactUrl } from './logging'

// Where an instance is in its life, and how it stops without losing a request (docs/decisions/
// 037): told to stop, it says it is not ready (GET /api/health/ready answers 503), makes every
// answer the last of its connection, stops accepting connections, waits for the requests it has,
// then closes its background work and the database.

/** starting: not serving yet; ready: serving; draining: told to stop, finishing what it has. */
export type Phase = 'starting' | 'ready' | 'draining'

export interface Lifecycle {
  phase: Phase
  /** The requests being answered now and when each came, for the log of a stop out of time. */
  readonly inFlight: Map<FastifyRequest, number>
}

export const newLifecycle = (): Lifecycle => ({ phase: 'starting', inFlight: new Map() })

/** Ready once every plugin is; while draining, each answer closes its connection after it. */
export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onReady', async () => {
    if (lifecycle.phase === 'starting') lifecycle.phase = 'ready'
  })
  app.addHook('onRequest', async (request, reply) => {
    lifecycle.inFlight.set(request, Date.now())
    reply.raw.once('close', () => lifecycle.inFlight.delete(request))
  })
  // The client then sends its next request on a new connection: to another instance, or refused
  // at connect once the listener is closed, never on a connection that closes under it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.phase === 'draining') reply.header('connection', 'close')
    return payload
  })
}

/** How long a stop may take (SHUTDOWN_TIMEOUT_MS) and how long to serve on first (SHUTDOWN_DELAY_MS). */
export interface ShutdownOptions {
  /** From the signal to the exit; past it the process exits 1, saying what was left. */
  timeoutMs: number
  /**
   * After SIGTERM, how long the instance serves on, not ready, before it stops accepting
   * connections: the time a load balancer takes to see the 503 and stop sending (0: at once).
   */
  delayMs: number
}

export const DEFAULT_SHUTDOWN: ShutdownOptions = { timeoutMs: 10_000, delayMs: 0 }

export function readShutdown(env: NodeJS.ProcessEnv): ShutdownOptions {
  const read = (variable: string, fallback: number, min: number) => {
    const text = env[variable]?.trim()
    if (!text) return fallback
    const value = Number(text)
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
      throw new Error(
        `${variable} must be a whole number of milliseconds${min > 0 ? ' above 0' : ''}: ${text}`,
      )
    }
    return value
  }
  const timeoutMs = read('SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN.timeoutMs, 1)
  const delayMs = read('SHUTDOWN_DELAY_MS', DEFAULT_SHUTDOWN.delayMs, 0)
  if (delayMs >= timeoutMs) {
    throw new Error(
      `SHUTDOWN_DELAY_MS (${delayMs}) must be below SHUTDOWN_TIMEOUT_MS (${timeoutMs}): the delay is part of the time a stop may take.`,
    )
  }
  return { timeoutMs, delayMs }
}

/** Something to close once no request is left, named for the log of a stop that timed out. */
export interface StopStep {
  name: string
  run(): Promise<unknown>
}

export interface StopOptions {
  timeoutMs: number
  delayMs: number
  /**
   * Idle connections are closed at once, as Node's own close does (SIGINT: a person at the
   * terminal); otherwise each is left to its next answer or its keep-alive timeout.
   */
  closeIdleAtOnce?: boolean
  /** In order, once every connection has ended. */
  steps: StopStep[]
}

export interface StopOutcome {
  /** Everything ended and closed within the time. */
  clean: boolean
  /** What was not done, one line each: requests still being answered, steps not finished or failed. */
  left: string[]
}

/** The time kept for the steps after the connections: idle ones are closed before it. */
const STEPS_MARGIN_MS = 2_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Stops accepting connections and resolves once every open one has ended. Node's http close()
 * also ends each idle keep-alive connection at once, while its client may be writing its next
 * request on it, which would then be lost with its bytes sent. So only the listener is closed
 * here (net.Server's close): each connection ends after its next answer (Connection: close) or
 * after its keep-alive timeout, which clients are told (Keep-Alive: timeout=5) and let go of
 * first. Idle ones still open at `closeIdleAt` are closed then, as Node would have.
 */
function closeListener(server: Server, closeIdleAt: number): Promise<void> {
  return new Promise((resolve) => {
    const forceIdle = setTimeout(
      () => server.closeIdleConnections(),
      Math.max(0, closeIdleAt - Date.now()),
    )
    NetServer.prototype.close.call(server, () => {
      clearTimeout(forceIdle)
      resolve()
    })
  })
}

/**
 * Drains the instance and closes what it holds (see the top of this file), within `timeoutMs`
 * of the call. Resolves when done, or when the time is up with what was left.
 */
export async function stopGracefully(
  app: FastifyInstance,
  lifecycle: Lifecycle,
  { timeoutMs, delayMs, closeIdleAtOnce = false, steps }: StopOptions,
): Promise<StopOutcome> {
  const started = Date.now()
  const deadline = started + timeoutMs
  lifecycle.phase = 'draining'
  const failures: string[] = []
  let stage = 'the grace delay before closing the listener'
  const work = (async () => {
    if (delayMs > 0) await sleep(delayMs)
    stage = 'the open connections to end'
    const closeIdleAt = closeIdleAtOnce
      ? Date.now()
      : deadline - Math.min(STEPS_MARGIN_MS, (deadline - Date.now()) / 2)
    await closeListener(app.server, closeIdleAt)
    for (const step of steps) {
      stage = step.name
      try {
        await step.run()
      } catch (error) {
        failures.push(`${step.name} failed to close: ${(error as Error).message}`)
      }
    }
    stage = ''
  })()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  const outcome = await Promise.race([work.then(() => 'done' as const), timedOut])
  clearTimeout(timer)
  if (outcome === 'done') return { clean: failures.length === 0, left: failures }
  const left = [`still waiting for ${stage} after ${timeoutMs} ms`, ...failures]
  for (const [request, since] of lifecycle.inFlight) {
    const route = request.routeOptions.url ?? redactUrl(request.url)
    left.push(`a request unanswered: ${request.method} ${route} (for ${Date.now() - since} ms)`)
  }
  return { clean: false, left }
}
