// How busy an idle landing keeps a phone's main thread: `/` open at 390 px with the CPU slowed
// 4x, nobody touching it, main-thread task time over 5 s (Chromium's TaskDuration): while the
// landing still moves (the first seconds after load), once it has stood still for want of input,
// and with prefers-reduced-motion. Run alone: `tsx tests/bench/idle-main-thread.ts` (build first).
import { pathToFileURL } from 'node:url'
import { launchChromium, startAppServer } from '../support/browser'

/** A mid-range phone's CPU beside this machine's. */
const CPU_SLOWDOWN = 4
const WINDOW_MS = 5000
/** Time for the page to load its pictures and settle before the window opens. */
const SETTLE_MS = 1500

export interface IdleMainThread {
  /** Milliseconds of main-thread tasks in the first 5 s of `/`, its landing moving. */
  movingMs: number
  /** The same in 5 s once the landing has stopped for want of input (the page left idle). */
  idleMs: number
  /** The first 5 s with prefers-reduced-motion: reduce. */
  reducedMotionMs: number
}

async function busyMs(baseUrl: string, reducedMotion: 'reduce' | 'no-preference') {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForTimeout(SETTLE_MS)
    await cdp.send('Performance.enable')
    const taskSeconds = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN
    }
    const window = async () => {
      const before = await taskSeconds()
      await page.waitForTimeout(WINDOW_MS)
      return Math.round(((await taskSeconds()) - before) * 1000)
    }
    const first = await window()
    if (reducedMotion === 'reduce') return { first, idle: first }
    await page.waitForSelector('section[data-paused]', { state: 'attached', timeout: 30_000 })
    return { first, idle: await window() }
  } finally {
    await browser.close()
  }
}

/** Main-thread busy time of an idle `/` at `baseUrl`, with and without reduced motion. */
export async function benchIdleMainThread(baseUrl: string): Promise<IdleMainThread> {
  const motion = await busyMs(baseUrl, 'no-preference')
  const reduced = await busyMs(baseUrl, 'reduce')
  return { movingMs: motion.first, idleMs: motion.idle, reducedMotionMs: reduced.first }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = await startAppServer(new Date())
  try {
    const figures = await benchIdleMainThread(app.url)
    console.log(
      `Idle / at 390 px, ${CPU_SLOWDOWN}x CPU: main thread busy per ${WINDOW_MS / 1000} s`,
    )
    const line = (label: string, ms: number, note: string) =>
      console.log(`  ${label.padEnd(28)} ${String(ms).padStart(6)} ms  (${note})`)
    line('first 5 s, landing moving', figures.movingMs, 'the animated SVG it replaces: 2600 ms')
    line('left idle, landing stopped', figures.idleMs, 'target: under 100 ms')
    line('prefers-reduced-motion', figures.reducedMotionMs, 'target: under 100 ms')
  } finally {
    await app.close()
  }
}
