import type { Locator, Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import type { EventDriver } from './define'

// What a person does in a booking panel (co-working, the print studio, an event's RSVP), for the
// browser replay of the flows' paths: open it from the page's action and close it, tap a choice
// (a day, a space, a time) by its text, press one of its buttons. Only tests import this.

const SHORT = { timeout: 5000 }

/** 'panel.opened' from the page's action (`opener`), and 'panel.closed' by the panel's Close. */
export function panelDrivers(
  opener: (page: Page) => Locator,
  dialog: (page: Page) => Locator,
): Record<'panel.opened' | 'panel.closed', EventDriver> {
  return {
    'panel.opened': {
      run: async ({ page }) => {
        await opener(page).click()
        await dialog(page).waitFor(SHORT)
      },
    },
    'panel.closed': {
      run: async ({ page }) => {
        await dialog(page).getByRole('button', { name: 'Close' }).click()
      },
    },
  }
}

/** A choice tapped in the panel by the text it shows (`textOf` the event's day, space or slot). */
export const choiceDriver = (
  dialog: (page: Page) => Locator,
  textOf: (event: AnyEventObject) => string,
): EventDriver => ({
  run: async ({ page, event }) => {
    await dialog(page).getByText(textOf(event), { exact: true }).click()
  },
})

/** A button of the panel pressed by its name (text: a part of it; a RegExp for all of it). */
export const pressDriver = (
  dialog: (page: Page) => Locator,
  name: string | RegExp,
  accepts?: EventDriver['accepts'],
): EventDriver => ({
  ...(accepts ? { accepts } : {}),
  run: async ({ page }) => {
    await dialog(page).getByRole('button', { name }).click()
  },
})
