// The figures a person on a Lagos mobile network would notice, measured in Chromium:
// Lighthouse's mobile performance score, and how soon the first card of a page shows.
import lighthouse from 'lighthouse'
import type { Browser, Page } from 'playwright-core'

/** Loaded round trips of about 800 ms, 10 Mbps, a mid-range phone (4x slower CPU), cold cache. */
export const LAGOS = { latencyMs: 800, mbps: 10, cpuSlowdown: 4 } as const

/** What the page logs when the first card is on screen, followed by the time. */
const SHOWN_AT = 'first card shown at'

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * Milliseconds from the start of navigation until `selector` is on screen (laid out with a size,
 * in the first frame that shows it), under the Lagos profile: on a cold cache, or `warm`, on a
 * phone that has been to the page before (its service worker in charge and the page kept, where
 * the page has one; else its HTTP cache).
 */
export async function firstCardMs(
  browser: Browser,
  url: string,
  selector: string,
  { warm = false }: { warm?: boolean } = {},
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const page = await context.newPage()
    if (warm) await visitBefore(page, url)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    if (!warm) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const bytesPerSecond = (LAGOS.mbps * 1_000_000) / 8
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LAGOS.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: LAGOS.cpuSlowdown })
    // Checked once per frame, before it is painted: the first frame with the card is the one
    // that shows it, whether it came in the HTML or was rendered by script. Told by a console
    // message: waiting with page.waitForFunction would put Playwright's own script (330 kB) into
    // the page, compiled on its main thread while it loads (77 ms at 4x, before the card). A
    // string, because tsx would wrap a function's names in a helper the page does not have.
    await page.addInitScript(`(() => {
      const check = () => {
        const element = document.querySelector(${JSON.stringify(selector)})
        if (element && element.getBoundingClientRect().height > 0) {
          console.debug('${SHOWN_AT} ' + performance.now())
          return
        }
        requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })()`)
    const shownAt = page
      .waitForEvent('console', {
        predicate: (message) => message.text().startsWith(SHOWN_AT),
        timeout: 60_000,
      })
      .then((message) => Number(message.text().slice(SHOWN_AT.length)))
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
    return Math.round(await shownAt)
  } finally {
    await context.close()
  }
}

/**
 * A visit before the measured one, on a fast network: the page's service worker, once it is in
 * charge, keeps the page on the next visit (a page without one leaves its files in the HTTP cache).
 */
async function visitBefore(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  // Strings, not functions: tsx would wrap the functions' names in a helper the page lacks.
  const worker = await page.evaluate(`(async () => {
    for (let tries = 0; tries < 100; tries++) {
      if (await navigator.serviceWorker?.getRegistration()) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (!(await navigator.serviceWorker?.getRegistration())) return false
    await navigator.serviceWorker.ready
    return true
  })()`)
  if (worker) {
    await page.reload({ waitUntil: 'load' })
    const path = JSON.stringify(new URL(url).pathname)
    await page.waitForFunction(
      `(async () => {
        for (const name of await caches.keys()) {
          const kept = await (await caches.open(name)).keys()
          if (name.startsWith('pages-') && kept.some((r) => new URL(r.url).pathname === ${path}))
            return true
        }
        return false
      })()`,
      null,
      { polling: 100, timeout: 15_000 },
    )
  }
  // The measured visit opens the app anew, as from the home screen: not from one of its pages,
  // whose leaving would be timed too.
  await page.goto('about:blank')
}

export interface LighthouseFigures {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Lighthouse's measure of this machine's speed: under 1,000 it warns that the CPU is slower than it assumes. */
  benchmarkIndex: number
  /** The navigation's commit task on the page's main thread, wall and CPU ms (see navigationCommit). */
  commit: { wallMs: number; cpuMs: number } | null
}

/** An event of a Chromium trace, as Lighthouse and the bench's own traces give them. */
export interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time in the event, where the trace has it. */
  tdur?: number
  tid: number
  pid: number
  args?: { data?: { url?: string; functionName?: string; type?: string } }
}

/**
 * The task in which Chromium commits the navigation: it creates the page's document and script
 * contexts before a byte of HTML is parsed. It costs about 8 ms of CPU, but its wall time on a
 * shared machine swings from 12 to 55 ms (most when the page's process is new, see decision 013),
 * and Lantern counts four times the wall time without putting the task in its estimate of the
 * first paint: when it is long, it is most of a page's TBT.
 */
function navigationCommit(events: TraceEvent[]): LighthouseFigures['commit'] {
  const commit = events
    .filter((e) => e.name === 'DocumentLoader::CommitNavigation' && e.ph === 'X')
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]
  if (!commit) return null
  const task = events.find(
    (e) =>
      e.name === 'RunTask' &&
      e.pid === commit.pid &&
      e.tid === commit.tid &&
      e.ts <= commit.ts &&
      e.ts + (e.dur ?? 0) >= commit.ts + (commit.dur ?? 0),
  )
  if (!task?.dur || task.tdur === undefined) return null
  return { wallMs: Math.round(task.dur / 1000), cpuMs: Math.round(task.tdur / 1000) }
}

/**
 * One Lighthouse 12 run with its default mobile settings (simulated slow 4G, 4x CPU). With
 * `withoutScripts`, every script request is blocked: the page is the server's HTML and CSS alone.
 */
export async function lighthouseRun(
  url: string,
  port: number,
  { withoutScripts = false } = {},
  attempts = 2,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: withoutScripts ? ['*.js'] : null,
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr, artifacts } = result
  if (lhr.runtimeError) {
    // A busy machine sometimes loses the trace's start (NO_NAVSTART): Lighthouse asks to run again.
    if (attempts > 1) return lighthouseRun(url, port, { withoutScripts }, attempts - 1)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    commit: navigationCommit(artifacts.Trace.traceEvents as TraceEvent[]),
  }
}
