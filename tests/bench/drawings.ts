// What the demo posters cost the main thread: the twelve drawings in a column at 412 px (device
// scale 1.75), as the build serves them (lettering as outlines) and as drawn in public/ (lettering
// as SVG text), in interleaved rounds. Figures: main-thread task time until they are shown, and
// its part beyond 50 ms a task. At this machine's own speed: slowed 4x, as a phone, the same
// build varied 2x from round to round here (the throttling pauses the renderer), unslowed it
// holds; a phone's figures are about 4x these.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { median } from './browser-figures'

const SOURCE = join(import.meta.dirname, '../../public/images/posters')

interface MainThread {
  taskMs: number
  blockingMs: number
}

async function showPosters(browser: Browser, folder: string, files: string[]): Promise<MainThread> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  })
  try {
    const page = await context.newPage()
    const html = `<!doctype html><body style="margin:0">${files
      .map((file) => `<img src="/posters/${file}" width="360" height="480" style="display:block">`)
      .join('')}</body>`
    await page.route('http://drawings.test/**', (route) => {
      const { pathname } = new URL(route.request().url())
      if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: html })
      const file = pathname.replace('/posters/', '')
      return route.fulfill({
        contentType: 'image/svg+xml',
        body: readFileSync(join(folder, file)),
      })
    })
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    })
    // The load event waits for every image; then the frames that draw them.
    await page.goto('http://drawings.test/')
    await page.waitForTimeout(1500)
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: {
        name: string
        ph: string
        dur?: number
        pid: number
        tid: number
        args?: { name?: string }
      }[]
    }
    const main = new Set(
      traceEvents
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    )
    const tasks = traceEvents
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
      .map((e) => (e.dur ?? 0) / 1000)
    return {
      taskMs: Math.round(tasks.reduce((sum, ms) => sum + ms, 0)),
      blockingMs: Math.round(tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0)),
    }
  } finally {
    await context.close()
  }
}

/** The posters as served from `webRoot` and as drawn in public/, median of `rounds`. */
export async function benchDrawings(browser: Browser, webRoot: string, rounds: number) {
  const files = readdirSync(SOURCE).filter((file) => file.endsWith('.svg'))
  const variants = {
    'as served (outlined)': join(webRoot, 'images/posters'),
    'as drawn (SVG text)': SOURCE,
  }
  const runs = new Map<string, MainThread[]>(Object.keys(variants).map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, folder] of Object.entries(variants)) {
      runs.get(name)?.push(await showPosters(browser, folder, files))
    }
  }
  return {
    count: files.length,
    figures: [...runs].map(([name, r]) => ({
      name,
      taskMs: median(r.map((x) => x.taskMs)),
      blockingMs: median(r.map((x) => x.blockingMs)),
    })),
  }
}
