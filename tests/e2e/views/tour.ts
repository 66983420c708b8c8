import type { Page } from 'playwright-core'
import { tourMachine } from '../../../machines/tour/machine'
import { tourModel } from '../../../machines/tour/model'
import { defineViews } from './shared/define'
import { openPath, SHORT } from './shared/member-area'

// /tour in each step, for the browser replay of the model's paths (tests/e2e/paths-tour.test.ts).
// Only tests import this.

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** A step: its kicker, its title, and the buttons a person has there. */
const step =
  (index: number, title: string, buttons: { back: boolean; finish: boolean }) =>
  async ({ page }: { page: Page }) => {
    await page.getByRole('heading', { level: 1, name: 'Welcome tour' }).waitFor(SHORT)
    await page.getByText(`Step ${index} of 3`, { exact: true }).waitFor(SHORT)
    await page.getByRole('heading', { level: 2, name: title }).waitFor(SHORT)
    const expected: Record<string, boolean> = {
      Back: buttons.back,
      Finish: buttons.finish,
      Next: !buttons.finish,
      'Skip the tour': !buttons.finish,
    }
    for (const [name, shown] of Object.entries(expected)) {
      if ((await button(page, name).count()) !== (shown ? 1 : 0)) {
        throw new Error(`'${name}' should ${shown ? '' : 'not '}be there`)
      }
    }
  }

export const tourViews = defineViews({
  model: tourModel,
  machine: tourMachine,
  starts: {
    'Ada, signed in': {
      input: undefined,
      path: '/tour',
      signIn: 'ada@example.com',
      open: openPath('/tour'),
    },
  },
  events: {
    'tour.advanced': { run: ({ page }) => button(page, 'Next').click() },
    'tour.movedBack': { run: ({ page }) => button(page, 'Back').click() },
    'tour.finished': { run: ({ page }) => button(page, 'Finish').click() },
    // Skip is offered until the last step, where Finish does the same.
    'tour.skipped': {
      accepts: (_event, { snapshot }) =>
        snapshot.matches('profile') || snapshot.matches('bookings'),
      run: ({ page }) => button(page, 'Skip the tour').click(),
    },
  },
  states: {
    profile: step(1, 'Your profile', { back: false, finish: false }),
    bookings: step(2, 'Your bookings', { back: true, finish: false }),
    payments: step(3, 'Your payments', { back: true, finish: true }),
    // Her real profile.
    done: async ({ page }) => {
      await page.waitForURL('**/profile', SHORT)
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor(SHORT)
      await page.getByRole('navigation', { name: 'Profile' }).waitFor(SHORT)
    },
  },
})
