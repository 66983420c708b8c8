import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { flowMachines } from '../../machines/flows'
import { buildApp } from '../../server/app'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'
import { openTestDb } from '../support/test-db'

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

/** Every state of a machine by its path from the root ('open.editing'), read from XState itself. */
function statePaths(node: AnyStateNode): string[] {
  return Object.values(node.states).flatMap((child) => [child.path.join('.'), ...statePaths(child)])
}

/** The states a flow's drawing shows: path, the name written in the box, and the box. */
async function drawnStates(page: Page, flow: string) {
  return page.locator(`[data-flow="${flow}"] svg g[data-state]`).evaluateAll((groups) =>
    groups.map((group) => {
      const box = group.querySelector('rect')?.getBoundingClientRect()
      return {
        path: group.getAttribute('data-state') ?? '',
        name: group.querySelector('text')?.textContent ?? '',
        box: box ? { x: box.x, y: box.y, right: box.right, bottom: box.bottom } : null,
      }
    }),
  )
}

/** The paths of a flow's states the viewer highlights. */
const highlighted = (page: Page, flow: string) =>
  page
    .locator(`[data-flow="${flow}"] svg g[data-active="true"]`)
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('data-state')).sort())

describe('the statechart viewer', () => {
  it('draws every catalogued machine with all its states, children inside their parents', async () => {
    const page = await app.open('/statecharts', WIDTHS.desktop)
    await page.getByRole('heading', { level: 1, name: 'Every flow' }).waitFor()
    for (const machine of flowMachines) {
      const section = page.locator(`[data-flow="${machine.id}"]`)
      await section.locator('svg').waitFor()
      const drawn = await drawnStates(page, machine.id)
      const expected = statePaths(machine.root)
      expect(drawn.map((state) => state.path).sort(), machine.id).toEqual(['', ...expected].sort())
      for (const state of drawn) {
        expect(state.name, state.path).toBe(state.path.split('.').at(-1) || machine.id)
        const parentPath = state.path.includes('.') ? state.path.replace(/\.[^.]+$/, '') : ''
        const parent = drawn.find((other) => other.path === parentPath)
        if (state.path === '' || !parent?.box || !state.box) continue
        expect(state.box.x, `${machine.id}: ${state.path} inside ${parentPath}`).toBeGreaterThan(
          parent.box.x,
        )
        expect(state.box.y).toBeGreaterThan(parent.box.y)
        expect(state.box.right).toBeLessThan(parent.box.right)
        expect(state.box.bottom).toBeLessThan(parent.box.bottom)
      }
      await section.getByRole('link', { name: 'Download for Stately' }).waitFor()
    }
    // Transitions are labelled with their events, guards and delays.
    const labels = (flow: string) =>
      page
        .locator(`[data-flow="${flow}"] [data-transition]`)
        .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-transition')))
    expect(await labels('rsvp')).toContain('panel.opened [isBookable]')
    expect(await labels('confirmation')).toContain('after 6s')
    expect(await labels('rsvp')).toContain('error: createBooking [isSessionExpired]')
    await page.screenshot({ path: join(SCREENSHOTS, 'statecharts-1280.png'), fullPage: false })
    await page.locator('[data-flow="rsvp"]').screenshot({
      path: join(SCREENSHOTS, 'statecharts-rsvp-1280.png'),
    })
    await page.context().close()

    const phone = await app.open('/statecharts', WIDTHS.phone)
    await phone.locator('[data-flow="confirmation"] svg').waitFor()
    await phone.screenshot({ path: join(SCREENSHOTS, 'statecharts-390.png') })
    await phone.context().close()
  })

  it('offers each flow as a file for Stately: its states and events as written', async () => {
    const page = await app.open('/statecharts', WIDTHS.desktop)
    const href = await page
      .locator('[data-flow="confirmation"]')
      .getByRole('link', { name: 'Download for Stately' })
      .getAttribute('href')
    const config = JSON.parse(decodeURIComponent(href?.replace(/^data:[^,]*,/, '') ?? ''))
    expect(config).toMatchObject({
      id: 'confirmation',
      type: 'parallel',
      states: {
        banner: { initial: 'visible', states: { visible: { after: { 6000: 'hidden' } } } },
        panel: { states: { closed: { on: { 'panel.supportOpened': 'support' } } } },
      },
    })
    await page.context().close()
  })

  it('in live mode, highlights the RSVP panel’s state while a guest books in another tab', async () => {
    const context = await app.newContext(WIDTHS.desktop)
    const viewer = await context.newPage()
    await viewer.goto(`${app.url}/statecharts?live`)
    await viewer.locator('[data-flow="rsvp"] svg').waitFor()
    const guest = await context.newPage()
    await guest.goto(`${app.url}/event/poetry-and-palm-wine`)

    await expect.poll(() => highlighted(viewer, 'rsvp')).toEqual(['', 'closed'])
    await guest.getByRole('button', { name: 'Get Ticket', exact: true }).click()
    const dialog = guest.getByRole('dialog')
    await dialog.waitFor()
    await expect.poll(() => highlighted(viewer, 'rsvp')).toEqual(['', 'open', 'open.editing'])
    await viewer.locator('[data-flow="rsvp"]').getByText('Now: open.editing').waitFor()
    await viewer.locator('[data-flow="rsvp"]').screenshot({
      path: join(SCREENSHOTS, 'statecharts-live-rsvp.png'),
    })

    await dialog.getByLabel('Email Address').fill('live.guest@example.com')
    await dialog.getByLabel('Name', { exact: true }).fill('Live Guest')
    await dialog.getByLabel('Phone Number').fill('0803 555 0177')
    await dialog.getByRole('button', { name: 'Get Ticket' }).click()
    await guest.waitForURL('**/event/poetry-and-palm-wine/registered?**')

    // Booked as a guest, the panel leaves for the registered page, whose own flow follows.
    await expect.poll(() => highlighted(viewer, 'rsvp')).toEqual(['', 'open', 'open.leaving'])
    await expect
      .poll(() => highlighted(viewer, 'confirmation'))
      .toEqual(['', 'banner', 'banner.visible', 'panel', 'panel.closed'])
    await context.close()
  })
})

describe('without the demo data', () => {
  let server: { url: string; close: () => Promise<void> }
  beforeAll(async () => {
    // A copy of the run's migrated template: an empty database, no initdb.
    const database = await openTestDb()
    const production = await buildApp({
      db: database.db,
      webRoot: process.env.WEB_ROOT ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    })
    await production.listen({ port: 0, host: '127.0.0.1' })
    const address = production.server.address()
    server = {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      close: async () => {
        await production.close()
        await database.close()
      },
    }
  })
  afterAll(() => server?.close())

  it('answers /statecharts with a 404, and still serves the app', async () => {
    for (const path of ['/statecharts', '/statecharts/', '/statecharts?live', '/Statecharts']) {
      expect((await fetch(server.url + path)).status, path).toBe(404)
    }
    expect((await fetch(`${server.url}/`)).status).toBe(200)
    expect((await fetch(`${app.url}/statecharts`)).status).toBe(200)
  })
})
