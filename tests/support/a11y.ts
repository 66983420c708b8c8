import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { animationsDone, appInBrowser, viewportOf, WIDTHS } from './browser'

// axe-core on every route of src/routes.tsx at phone and desktop width, in two files (the booking
// area and the membership area), so the browser suites share the run's two workers evenly.

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')

/** A screen to check: where it is, whether a member must be signed in, and how to reach it. */
export interface Screen {
  path: string
  /** Ada, an active member, is signed in. */
  member?: boolean
  /** The front desk's Oluwaseun, on the staff, is signed in. */
  staff?: boolean
  /** Waits until the screen is on show (and opens a panel, for the open-panel states). */
  show: (page: Page) => Promise<void>
}

export const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).first().waitFor()

/** Clicks the button (in <main> when `inMain`) and waits for its dialog to finish opening. */
export const openDialog =
  (button: string, dialog: string | RegExp = button, inMain = false) =>
  async (page: Page) => {
    const from = inMain ? page.getByRole('main') : page
    await from.getByRole('button', { name: button, exact: true }).click()
    await page.getByRole('dialog', { name: dialog }).waitFor()
    await animationsDone(page)
  }

/** The serious and critical violations axe finds on the page, one line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Passes and incomplete checks are not reported: the run is quicker without them.
    .options({ resultTypes: ['violations'] })
    // The app has no frames: axe runs in the page itself, without the blank page that would
    // gather the results of several frames.
    .setLegacyMode()
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        [
          `${violation.id} at ${node.target.join(' ')}: ${violation.help}`,
          ...[...node.any, ...node.all, ...node.none].map((check) => check.message),
        ].join(' — '),
      ),
    )
}

/**
 * What axe could judge differently at another width: the markup, and for each element whether it
 * is rendered, its colours and text size (CSS may hide, recolour or resize at a breakpoint).
 */
function look(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.outerHTML]
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element)
      const shown = element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      parts.push(
        `${shown} ${style.color} ${style.backgroundColor} ${style.fontSize} ${style.fontWeight}`,
      )
    }
    return parts.join('\n')
  })
}

/**
 * Checks each screen with axe, against one app server for the file: one window for a guest, one
 * for Ada (an active member) and, where a screen is the staff's, one for the front desk, each with one tab that goes from screen to screen. Each screen
 * is opened once at phone width and checked there (the smaller text, so the stricter contrast,
 * and the narrower layout that overflows first), then widened to desktop width and checked again
 * only where the desktop's look (see `look`) differs from the phone's: the app's markup does not
 * depend on the width, only its CSS, so the same look gives axe the same page to judge, and a
 * widened page is the page a desktop loads.
 */
export function axeEveryScreen(screens: Record<string, Screen>) {
  const app = appInBrowser(NOW)
  const tabs = new Map<'guest' | 'member' | 'staff', Page>()
  const who = (screen: Screen) => (screen.staff ? 'staff' : screen.member ? 'member' : 'guest')
  beforeAll(async () => {
    const guest = await app.newContext(WIDTHS.phone)
    tabs.set('guest', await guest.newPage())
    const member = (await app.signIn('ada@example.com', WIDTHS.phone)).context
    tabs.set('member', await member.newPage())
    if (Object.values(screens).some((screen) => screen.staff)) {
      const staff = (await app.signIn('staff@example.com', WIDTHS.phone)).context
      tabs.set('staff', await staff.newPage())
    }
  })

  describe('axe-core finds no serious or critical violation at phone and desktop width', () => {
    it.each(Object.entries(screens))('%s', async (_name, screen) => {
      const page = tabs.get(who(screen))
      if (!page) throw new Error('No tab')
      await page.setViewportSize(viewportOf(WIDTHS.phone))
      // A new history entry, even where the last screen had the same address: a page loaded
      // again on its own entry opens the panel that entry had open (see Panel).
      await page.goto('about:blank')
      await page.goto(app.url + screen.path)
      await screen.show(page)
      await animationsDone(page)
      const phone = await look(page)
      const found = (await seriousViolations(page)).map((line) => `phone: ${line}`)
      await page.setViewportSize(viewportOf(WIDTHS.desktop))
      // What the wider layout starts anew (a panel's opening) ends before axe judges it.
      await animationsDone(page)
      if ((await look(page)) !== phone) {
        found.push(...(await seriousViolations(page)).map((line) => `desktop: ${line}`))
      }
      expect(found).toEqual([])
    })
  })
}
