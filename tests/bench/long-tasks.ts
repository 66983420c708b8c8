// `tsx tests/bench/long-tasks.ts [--rounds 3] [--top 5] [--pages /,/menu]`: the longest main-thread tasks of
// each public page's load, from a Chromium trace at 4x CPU slowdown (a mid-range phone), until
// the page is hydrated and idle. Where Lighthouse's TBT comes from, task by task; figures only.
// WEB_ROOT names the build (default dist/).
import { parseArgs } from 'node:util'
import type { CDPSession } from 'playwright-core'
import { launchChromium, startAppServer } from '../support/browser'
import { median, type TraceEvent } from './browser-figures'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    top: { type: 'string', default: '5' },
    pages: { type: 'string' },
  },
})
const rounds = Number(values.rounds)
const top = Number(values.top)

const PAGES = values.pages?.split(',') ?? ['/', '/event/rooftop-jazz', '/menu', '/about']

/** What the longest main-thread task did: its biggest steps, e.g. 'FunctionCall index.js 31'. */
function longestTaskSteps(events: TraceEvent[], main: TraceEvent): string {
  const tasks = events.filter(
    (e) => e.tid === main.tid && e.pid === main.pid && e.name === 'RunTask' && e.ph === 'X',
  )
  const longest = tasks.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]
  if (!longest) return ''
  const end = longest.ts + (longest.dur ?? 0)
  return events
    .filter(
      (e) =>
        e !== longest &&
        e.tid === main.tid &&
        e.pid === main.pid &&
        e.ph === 'X' &&
        e.ts >= longest.ts &&
        e.ts < end &&
        (e.dur ?? 0) > 3000 &&
        !/RunTask|mojo/i.test(e.name),
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 4)
    .map((e) => {
      const data = e.args?.data
      const where = data?.url?.split('/').pop() ?? data?.type ?? ''
      return `${e.name}${where ? ` ${where}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`
    })
    .join(', ')
}

/**
 * The main thread of the renderer that loaded the page: the busiest one. The navigation may move
 * the page to a new renderer process, so the first one named in the trace can be about:blank's.
 */
function rendererMain(events: TraceEvent[]): TraceEvent | undefined {
  const busy = (thread: TraceEvent) =>
    events
      .filter((e) => e.tid === thread.tid && e.pid === thread.pid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0)
  return events
    .filter(
      (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
    )
    .sort((a, b) => busy(b) - busy(a))[0]
}

/** The durations (ms) of the renderer main thread's top-level tasks, longest first. */
function mainThreadTasks(events: TraceEvent[]): number[] {
  const main = rendererMain(events)
  if (!main) return []
  return events
    .filter(
      (e) =>
        e.tid === main.tid &&
        e.pid === main.pid &&
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        typeof e.dur === 'number',
    )
    .map((e) => (e.dur as number) / 1000)
    .sort((a, b) => b - a)
}

async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,__metadata',
    transferMode: 'ReportEvents',
  })
  await run()
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  await done
  return events
}

const app = await startAppServer(new Date())
const browser = await launchChromium()
try {
  const results = new Map<string, number[][]>()
  const steps = new Map<string, string>()
  for (let round = 0; round < rounds; round++) {
    for (const path of PAGES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const events = await trace(cdp, async () => {
        await page.goto(`${app.url}${path}`, { waitUntil: 'load' })
        // Hydration slices, the client's load and the viewer run after 'load': let them finish.
        await page.waitForTimeout(2500)
      })
      const tasks = mainThreadTasks(events)
      const main = rendererMain(events)
      if (main) steps.set(path, longestTaskSteps(events, main))
      const list = results.get(path) ?? []
      list.push(tasks)
      results.set(path, list)
      await context.close()
    }
  }
  console.log(`Longest main-thread tasks (ms), 4x CPU slowdown, median of ${rounds} rounds`)
  for (const [path, runs] of results) {
    const longest = Array.from({ length: top }, (_, i) => median(runs.map((r) => r[i] ?? 0)))
    const blocking = median(runs.map((r) => r.reduce((sum, d) => sum + Math.max(0, d - 50), 0)))
    console.log(
      `  ${path.padEnd(22)} ${longest.map((d) => d.toFixed(0).padStart(4)).join(' ')}   sum over 50 ms: ${blocking.toFixed(0)}`,
    )
    console.log(`  ${''.padEnd(22)} longest (last round): ${steps.get(path)}`)
  }
} finally {
  await browser.close()
  await app.close()
}
