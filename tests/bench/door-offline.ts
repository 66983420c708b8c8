// The door's answer with no network (issue 46): on a phone at 4x CPU, a typed code decided from
// the list the phone keeps (its hash, the look-up, the colour on the screen), 100 scans. The
// browser's own offline switch cuts the network, as in the garden. Target: median under 100 ms.
import { lagosDay } from '../../machines/rules/dates.ts'
import { bookings } from '../../server/db/schema.ts'
import { launchChromium, signInBrowser, startAppServer } from '../support/browser.ts'
import { median } from './browser-figures.ts'

const SCANS = 100
const TARGET_MS = 100

/**
 * In the page: the code typed, the form sent, and the time until the answer's colour is painted
 * (the frame after it shows). As text: the bench's compiler would name its functions with a
 * helper the page does not have.
 */
const PRESS_TO_COLOUR = `async (typed) => {
  const input = document.querySelector('input[name="code"]')
  if (!input || !input.form) throw new Error('no ticket field')
  input.value = typed
  const started = performance.now()
  await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="status"][data-tone]')) return
      observer.disconnect()
      resolve()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    input.form.requestSubmit()
  })
  await new Promise((resolve) => requestAnimationFrame(resolve))
  return performance.now() - started
}`

export interface DoorOfflineFigures {
  scans: number
  medianMs: number
  p90Ms: number
  tickets: number
}

export async function benchDoorOffline(): Promise<DoorOfflineFigures> {
  const now = new Date()
  const app = await startAppServer(now)
  const browser = await launchChromium()
  try {
    // A full day at the door: 300 of today's tickets on the list beside the demo data's.
    const today = lagosDay(now)
    const tickets = await app.db
      .insert(bookings)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          email: `garden.guest.${i}@example.com`,
          name: `Oluwaseyifunmi Adebukola Ogunbanjo-Williams ${i + 1}`,
          phone: '+234 803 555 0199',
          type: 'spot' as const,
          venue: 'The Garden Room',
          date: today,
          paidWith: 'free' as const,
        })),
      )
      .returning({ code: bookings.ticketCode })
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await signInBrowser(context, { db: app.db, now }, 'staff@example.com')
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${app.url}/staff/check-in`)
    const line = page.getByLabel('This phone').getByText(/^List of .*, (\d+) tickets$/)
    await line.waitFor({ timeout: 30_000 })
    const listed = Number(/(\d+) tickets/.exec((await line.textContent()) ?? '')?.[1] ?? 0)
    await context.setOffline(true)
    const times: number[] = []
    for (let i = 0; i < SCANS; i++) {
      const code = tickets[i % tickets.length]?.code ?? ''
      const ms = (await page.evaluate(`(${PRESS_TO_COLOUR})(${JSON.stringify(code)})`)) as number
      times.push(ms)
      await page.getByRole('button', { name: 'Next guest' }).click()
    }
    const sorted = [...times].sort((a, b) => a - b)
    return {
      scans: SCANS,
      medianMs: median(times),
      p90Ms: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
      tickets: listed,
    }
  } finally {
    await browser.close()
    await app.close()
  }
}

export function doorOfflineLines(f: DoorOfflineFigures): string[] {
  return [
    `\nThe door with no network, at 4x CPU: a code decided from the phone's list of ${f.tickets} tickets (${f.scans} scans)`,
    `  scan to colour, median   ${f.medianMs.toFixed(0).padStart(6)} ms  (target: under ${TARGET_MS} ms)`,
    `  scan to colour, p90      ${f.p90Ms.toFixed(0).padStart(6)} ms`,
  ]
}
