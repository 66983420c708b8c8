import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts, sessions } from '../../server/db/schema'
import { answerCheckout, appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos, the demo data's clock.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

const balance = (page: Page) =>
  page.getByText('Available balance').locator('xpath=../following-sibling::p[1]')
const transactions = (page: Page) => page.getByRole('list', { name: /wallet transactions$/ })

async function openWallet(email: string, width: number) {
  const { context } = await app.signIn(email, width)
  const page = await context.newPage()
  await page.goto(`${app.url}/profile/wallet`)
  await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor()
  return { context, page }
}

describe('/profile/wallet', () => {
  it('hides the balance until asked, remembers the choice, and details each transaction', async () => {
    const { context, page } = await openWallet('ada@example.com', WIDTHS.phone)
    await page.getByText('Available balance').waitFor()
    await expect(balance(page).innerText()).resolves.toContain('******')
    await page.screenshot({ path: `${SCREENSHOTS}wallet-hidden-390.png`, fullPage: true })

    await page.getByRole('button', { name: 'Show balance' }).click()
    await expect(balance(page).innerText()).resolves.toBe('₦25,000.00')
    // Remembered under isBalanceHidden: a reload keeps it shown.
    await expect(page.evaluate(() => localStorage.getItem('isBalanceHidden'))).resolves.toBe(
      'false',
    )
    await page.reload()
    await page.getByRole('button', { name: 'Hide balance' }).waitFor()
    await expect(balance(page).innerText()).resolves.toBe('₦25,000.00')

    // The seeded top-up (a credit) and co-working day (a debit), with details on demand.
    const list = transactions(page)
    await expect(list.getByRole('img', { name: 'Credit' }).count()).resolves.toBeGreaterThan(0)
    await expect(list.getByRole('img', { name: 'Debit' }).count()).resolves.toBeGreaterThan(0)
    const toggle = list.getByRole('button', { name: 'Show details' }).first()
    await toggle.click()
    await list.getByRole('button', { name: 'Hide details' }).waitFor()
    const facts = await list.locator('dt').allInnerTexts()
    expect(facts.map((f) => f.toLowerCase())).toEqual(['transaction id', 'account', 'date', 'note'])
    // The list scrolls past 400 px.
    await expect(list.evaluate((el) => getComputedStyle(el).maxHeight)).resolves.toBe('400px')
    await expect(page.getByText('No community wallet information available').count()).resolves.toBe(
      1,
    )
    await expect(page.getByRole('button', { name: 'Fund Wallet' }).isEnabled()).resolves.toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}wallet-shown-390.png`, fullPage: true })
    await context.close()
  })

  it('suspends the wallet of an inactive member', async () => {
    const { context, page } = await openWallet('tunde@example.com', WIDTHS.desktop)
    const suspended = page.getByRole('button', { name: 'Wallet suspended' })
    await suspended.waitFor()
    await expect(suspended.isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'Fund Wallet' }).count()).resolves.toBe(0)
    await page.screenshot({ path: `${SCREENSHOTS}wallet-suspended-1280.png`, fullPage: true })
    await context.close()
  })

  it('shows the Personal / Community switch to a member of a community with a wallet', async () => {
    const { context, page } = await openWallet('femi@example.com', WIDTHS.desktop)
    const community = page.getByRole('tab', { name: 'Community' })
    await community.waitFor()
    await page.getByRole('button', { name: 'Show balance' }).click()
    await community.click()
    // The personal card leaves with a short fade: read the balance once it has gone.
    await page.getByText('Personal wallet', { exact: true }).waitFor({ state: 'detached' })
    await expect(balance(page).innerText()).resolves.toBe('₦50,000.00')
    await page.screenshot({ path: `${SCREENSHOTS}wallet-community-1280.png`, fullPage: true })
    await page.getByRole('tab', { name: 'Personal' }).click()
    await page.getByText('Personal wallet').waitFor()
    await context.close()
  })

  it('sends a member whose session ended on the server to /login', async () => {
    const { context } = await app.signIn('ada@example.com', WIDTHS.desktop)
    const [ada] = await app.db.select().from(accounts).where(eq(accounts.email, 'ada@example.com'))
    await app.db.delete(sessions).where(eq(sessions.accountId, ada?.id ?? ''))
    const page = await context.newPage()
    await page.goto(`${app.url}/profile/wallet`)
    // The expired session's notice, then its 3 s on the page's clock.
    await page.getByText('Login session has expired').first().waitFor()
    await page.clock.fastForward(3000)
    await page.waitForURL('**/login', { timeout: 10_000 })
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull()
    await context.close()
  })

  it('tops up 5,000 NGN by card and shows the new balance and the credit; then spends it', async () => {
    const { context, page } = await openWallet('ada@example.com', WIDTHS.desktop)
    await page.getByRole('button', { name: 'Fund Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Our payment provider charges a small fee per top up.').waitFor()
    const amount = dialog.getByLabel('Amount')
    const topUp = dialog.getByRole('button', { name: 'Top Up' })
    await expect(topUp.isDisabled()).resolves.toBe(true)
    await amount.fill('5o0')
    await expect(amount.inputValue()).resolves.toBe('50')
    await expect(topUp.isDisabled()).resolves.toBe(true)
    await amount.fill('5000')
    await expect(amount.inputValue()).resolves.toBe('5,000')
    await expect(topUp.isEnabled()).resolves.toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}wallet-topup-1280.png` })
    await topUp.click()
    await answerCheckout(page, 'Pay', '₦5,000.00')

    await page.waitForURL('**/profile/wallet**')
    await page.getByRole('button', { name: /^(Show|Hide) balance$/ }).waitFor({ timeout: 15_000 })
    if ((await page.getByRole('button', { name: 'Show balance' }).count()) > 0)
      await page.getByRole('button', { name: 'Show balance' }).click()
    await expect(balance(page).innerText()).resolves.toBe('₦30,000.00')
    const credit = transactions(page).getByRole('listitem').filter({ hasText: '+₦5,000.00' })
    await expect(credit.count()).resolves.toBeGreaterThan(0)
    await page.screenshot({ path: `${SCREENSHOTS}wallet-after-topup-1280.png`, fullPage: true })

    // Spent on an event from the wallet: the debit shows and the balance falls.
    await page.goto(`${app.url}/event/risograph-workshop`)
    await page
      .getByRole('button', { name: /^Buy Ticket$/ })
      .first()
      .click()
    const panel = page.getByRole('dialog')
    // It opens once her profile is read (the app knows then who is booking).
    await panel.waitFor()
    for (const group of await panel.getByRole('radiogroup').all()) {
      const first = group.getByRole('radio').first()
      if (!(await first.isChecked())) await first.click()
    }
    await panel.getByRole('button', { name: 'Pay via Wallet' }).click()
    await page.getByRole('alertdialog').waitFor({ timeout: 10_000 })
    await page.goto(`${app.url}/profile/wallet`)
    await page.getByRole('button', { name: 'Hide balance' }).waitFor()
    const after = await balance(page).innerText()
    expect(after).not.toBe('₦30,000.00')
    const debits = transactions(page).getByRole('img', { name: 'Debit' })
    await expect(debits.count()).resolves.toBeGreaterThan(1)
    await context.close()
  })
})
