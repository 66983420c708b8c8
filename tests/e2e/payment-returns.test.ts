import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import {
  animationsDone,
  answerCheckout,
  appInBrowser,
  SCREENSHOTS,
  WIDTHS,
} from '../support/browser'

// Coming back from the card checkout with nothing paid: a person who pressed Cancel is told they
// cancelled, one whose card was declined is told it did not go through, and each is told what
// stayed as it was: the booking, the membership or the wallet.

// A Tuesday, 10:00 in Lagos, the demo data's clock.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

/** Each kind of card payment, from where a person starts it to the sandbox checkout. */
const payments: [string, string, () => Promise<Page>][] = [
  [
    'a ticket',
    'no booking was made',
    async () => {
      const page = await app.openInTab('/event/risograph-workshop', WIDTHS.phone)
      await page.getByRole('main').getByRole('button', { name: 'Buy Ticket' }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Email Address').fill('adaeze.nwachukwu-obi@example.com')
      await dialog.getByLabel('Name', { exact: true }).fill('Adaeze Nwachukwu-Obi')
      await dialog.getByLabel('Phone Number').fill('0803 555 0177')
      await dialog.getByRole('button', { name: 'Pay ₦15,000 by card' }).click()
      return page
    },
  ],
  [
    'a membership plan',
    'your membership has not changed',
    async () => {
      const { page } = await app.logInTab('tunde@example.com', WIDTHS.phone)
      await page.goto(`${app.url}/profile/payment`)
      await page.getByRole('button', { name: /^Six months/ }).click()
      await page.getByRole('button', { name: 'Pay ₦250,000 by card' }).click()
      return page
    },
  ],
  [
    'a wallet top-up',
    'your wallet was not topped up',
    async () => {
      const { page } = await app.logInTab('ada@example.com', WIDTHS.phone)
      await page.goto(`${app.url}/profile/wallet`)
      await page.getByRole('button', { name: 'Fund Wallet' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Amount').fill('5000')
      await dialog.getByRole('button', { name: 'Top Up' }).click()
      return page
    },
  ],
]

/** What the checkout was answered, and what the page then says (`…` is what stayed as it was). */
const answers = [
  {
    answer: 'Cancel',
    heading: 'Payment cancelled',
    text: 'You cancelled the card payment: nothing was charged and …',
    hint: 'You can pay again whenever you are ready.',
  },
  {
    answer: 'Decline',
    heading: 'Payment not completed',
    text: 'Your card payment did not go through: nothing was charged and …',
    hint: 'You can try again with the same or another card.',
  },
] as const

describe.each(payments)('a card payment for %s that brings nothing', (what, unchanged, start) => {
  it.each(answers)('says so in its own words after $answer at the checkout', async (told) => {
    const page = await start()
    await answerCheckout(page, told.answer)
    await page.getByRole('heading', { level: 1, name: told.heading }).waitFor()
    await page.getByText(told.text.replace('…', `${unchanged}.`)).waitFor()
    await page.getByText(told.hint).waitFor()
    await animationsDone(page)
    await page.screenshot({
      path: `${SCREENSHOTS}payment-${told.answer.toLowerCase()}-${what.replace(/\W+/g, '-')}-390.png`,
    })
  })
})
