import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { animationsDone, answerCheckout, appInBrowser, WIDTHS } from '../support/browser'

// The built app under its real security headers: every page and panel runs with no Content
// Security Policy violation and no console error, and the build ships no public source map.

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

interface Trouble {
  kind: 'violation' | 'console' | 'pageerror'
  text: string
  page: string
}

/** A window that records every CSP violation (as the page sees it) and console error. */
async function watched(width: number = WIDTHS.desktop) {
  const context = await app.newContext(width)
  const trouble: Trouble[] = []
  await context.exposeFunction('__reportViolation', (text: string, where: string) =>
    trouble.push({ kind: 'violation', text, page: where }),
  )
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (t: string, w: string) => void })
        .__reportViolation
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        location.pathname,
      )
    })
  })
  const watch = (page: Page) => {
    page.on('console', (message) => {
      // An unknown address answers 404 on purpose; the browser logs that status of the page.
      const pageNotFound = message.location().url === page.url() && /\b404\b/.test(message.text())
      if (message.type() === 'error' && !pageNotFound)
        trouble.push({ kind: 'console', text: message.text(), page: new URL(page.url()).pathname })
    })
    page.on('pageerror', (error) =>
      trouble.push({ kind: 'pageerror', text: error.message, page: new URL(page.url()).pathname }),
    )
  }
  context.on('page', watch)
  return { context, trouble, open: (path: string) => openIn(context, path) }
}

async function openIn(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage()
  const response = await page.goto(app.url + path)
  expect(response?.headers()['content-security-policy'], path).toBeTruthy()
  return page
}

let contexts: BrowserContext[] = []
afterEach(async () => {
  for (const context of contexts) await context.close()
  contexts = []
})

describe('the Content Security Policy', () => {
  it('lets every public page run with no violation and no console error', async () => {
    const { context, trouble, open } = await watched()
    contexts.push(context)
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      [
        '/',
        (page) =>
          page
            .getByRole('link', { name: /Rooftop Jazz/ })
            .first()
            .waitFor(),
      ],
      [
        '/event/rooftop-jazz',
        (page) => page.getByRole('heading', { level: 1, name: /Rooftop Jazz/ }).waitFor(),
      ],
      ['/co-working', (page) => page.getByRole('button', { name: 'Book', exact: true }).waitFor()],
      [
        '/print-studio',
        (page) => page.getByRole('heading', { level: 1, name: 'Print Studio' }).waitFor(),
      ],
      ['/menu', (page) => page.getByRole('navigation', { name: 'Menu' }).waitFor()],
      ['/no-such-page', (page) => page.getByRole('heading').first().waitFor()],
    ]
    for (const [path, ready] of pages) {
      const page = await open(path)
      await ready(page)
      // Lazy chunks, images and styles settle.
      await page.waitForLoadState('networkidle')
      await page.close()
    }
    expect(trouble).toEqual([])
  })

  it('lets the booking panels open and animate with no violation', async () => {
    const { context, trouble, open } = await watched(WIDTHS.phone)
    contexts.push(context)
    const event = await open('/event/risograph-workshop')
    await event.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    await event.getByRole('dialog').waitFor()
    await animationsDone(event) // the opening animation
    await event.getByRole('dialog').getByLabel('Email Address').fill('csp@example.com')

    const coworking = await open('/co-working')
    await coworking.getByRole('button', { name: 'Book', exact: true }).click()
    await coworking.getByRole('dialog', { name: 'Book now' }).waitFor()
    await animationsDone(coworking)

    const studio = await open('/print-studio')
    await studio.getByRole('main').getByRole('button', { name: 'Book', exact: true }).click()
    await studio.getByRole('dialog', { name: 'Book the print studio' }).waitFor()
    await animationsDone(studio)
    await studio.keyboard.press('Escape')
    await animationsDone(studio)
    expect(trouble).toEqual([])
  })

  it('keeps the card payment working: the sandbox checkout posts back and returns to the app', async () => {
    const { context, trouble, open } = await watched()
    contexts.push(context)
    const page = await open('/event/risograph-workshop')
    await page.getByRole('button', { name: 'Buy Ticket', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email Address').fill('csp.card@example.com')
    await dialog.getByLabel('Name', { exact: true }).fill('Csp Card')
    await dialog.getByLabel('Phone Number').fill('0803 555 0177')
    await dialog.getByRole('button', { name: 'Pay ₦15,000 by card' }).click()
    await answerCheckout(page, 'Pay', '₦15,000.00')
    await page.waitForURL('**/event/risograph-workshop/registered?**')
    await page.getByText("We've sent you a receipt at").waitFor()
    // The ticket's calendar file (a blob: URL the page makes) downloads.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Add to calendar' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.ics$/)
    expect(trouble).toEqual([])
  })

  it('lets the API reference (Swagger UI) run under its own policy', async () => {
    const { context, trouble, open } = await watched()
    contexts.push(context)
    const page = await open('/api/docs')
    await page.locator('.swagger-ui .opblock').first().waitFor()
    expect(trouble).toEqual([])
  })
})

describe('the build', () => {
  it('references no source map, and serves none', async () => {
    const html = await (await fetch(`${app.url}/`)).text()
    // The files the page starts once painted (its app-code list).
    const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const response = await fetch(app.url + script)
      expect(response.status, script).toBe(200)
      // A boolean: a failure must not print the whole bundle.
      expect(/sourceMappingURL/.test(await response.text()), script).toBe(false)
      expect(response.headers.get('sourcemap'), script).toBeNull()
      // The map is written next to it (for error tracking) but never served.
      const map = await fetch(`${app.url + script}.map`)
      expect(map.status, `${script}.map`).toBe(404)
      expect(map.headers.get('content-type')).not.toMatch(/html|json/)
    }
  })
})
