import type { Page } from 'playwright-core'
import { confirmationMachine } from '../../../machines/confirmation/machine'
import { confirmationModel } from '../../../machines/confirmation/model'
import { defineViews } from './shared/define'

// What a confirmation page (here /booked-printstudio) looks like in each state of its banner and
// its panels, for the browser replay of the model's paths (tests/e2e/paths-confirmation.test.ts).
// Only tests import this.

const SHORT = { timeout: 5000 }
// Found by its role attribute: while a panel is open, the modal hides the rest of the page from
// the accessibility tree, though the banner is still on screen.
const banner = (page: Page) => page.locator('[role=status]').getByText('Booked', { exact: true })
const supportPanel = (page: Page) => page.getByRole('dialog', { name: "I didn't get a receipt" })
const bookAgainPanel = (page: Page) => page.getByRole('dialog', { name: 'Book again' })

const booked = new URLSearchParams({
  type: 'print-studio',
  day: '2026-11-25',
  time: '2pm - 6pm',
  email: 'bola@example.com',
  name: 'Bola Ade',
  phone: '0809 111 2222',
})

export const confirmationViews = defineViews({
  model: confirmationModel,
  machine: confirmationMachine,
  starts: {
    'a print studio session just booked': {
      input: undefined,
      path: `/booked-printstudio?${booked}`,
    },
  },
  events: {
    // One panel is open at a time and it is modal: the other opens once this one is closed.
    'panel.supportOpened': {
      accepts: (_event, { snapshot }) => snapshot.matches({ panel: 'closed' }),
      run: async ({ page }) => {
        await page.getByRole('button', { name: "I didn't get a receipt" }).click()
      },
    },
    'panel.bookAgainOpened': {
      accepts: (_event, { snapshot }) => snapshot.matches({ panel: 'closed' }),
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Book again' }).click()
      },
    },
    'panel.closed': {
      run: async ({ page }) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
      },
    },
    'xstate.after.bannerDuration.confirmation.banner.visible': {
      run: async ({ page }) => {
        await banner(page).waitFor({ state: 'detached', timeout: 8000 })
      },
    },
  },
  states: {
    'banner.visible': async ({ page }) => {
      await banner(page).waitFor(SHORT)
    },
    'banner.hidden': async ({ page }) => {
      await banner(page).waitFor({ state: 'detached', ...SHORT })
    },
    'panel.closed': async ({ page }) => {
      await page.getByText("We've sent you a receipt at").waitFor(SHORT)
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...SHORT })
    },
    'panel.support': async ({ page }) => {
      await supportPanel(page)
        .getByRole('link', { name: /Send Via Email/ })
        .waitFor(SHORT)
    },
    'panel.bookAgain': async ({ page }) => {
      await bookAgainPanel(page).getByLabel('Email Address').waitFor(SHORT)
    },
  },
})
