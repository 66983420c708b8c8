import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appInBrowser, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos, the demo data's clock. Zainab created 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'
// (4 places): she and Femi are members, Bisi is pending.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

const members = (page: Page) => page.getByRole('list', { name: 'Members' })
const row = (page: Page, email: string) =>
  members(page).getByRole('listitem').filter({ hasText: email })

async function openCommunity(email: string, width: number) {
  const { context } = await app.signIn(email, width)
  const page = await context.newPage()
  await page.goto(`${app.url}/profile/community`)
  await page.getByRole('heading', { name: 'Community', level: 1 }).waitFor()
  await members(page).waitFor()
  return { context, page }
}

describe('/profile/community', () => {
  it('lets the creator add a member, who is e-mailed a working link, and remove a pending one', async () => {
    const { context, page } = await openCommunity('zainab@example.com', WIDTHS.phone)

    // The creator: a star and no Remove; Femi active, Bisi pending, each with Remove.
    await expect(row(page, 'zainab@example.com').textContent()).resolves.not.toContain('Remove')
    await expect(row(page, 'zainab@example.com').getByText('(creator)').count()).resolves.toBe(1)
    await expect(row(page, 'femi@example.com').textContent()).resolves.toMatch(
      /Active[\s\S]*Remove/,
    )
    await expect(row(page, 'bisi@example.com').textContent()).resolves.toMatch(
      /Pending[\s\S]*Remove/,
    )
    await page.screenshot({ path: `${SCREENSHOTS}community-390.png`, fullPage: true })

    // Add member: Add is enabled only for a valid e-mail.
    await page.getByRole('button', { name: /Add member/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Add new member' })
    const add = dialog.getByRole('button', { name: 'Add', exact: true })
    await expect(add.isDisabled()).resolves.toBe(true)
    await dialog.getByLabel('Email Address').fill('ngozi.new')
    await dialog.getByText('Please enter a valid email address.').waitFor()
    await expect(add.isDisabled()).resolves.toBe(true)
    await dialog.getByLabel('Email Address').fill('ngozi.new@example.com')
    await expect(add.isEnabled()).resolves.toBe(true)
    await page.screenshot({ path: `${SCREENSHOTS}community-add-390.png` })
    await add.click()
    await page.getByText('Member added successfully').waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}community-added-390.png` })

    // Reloaded after 3 s (on the page's clock): the new pending member, and no Add bar (4 of 4
    // places).
    await page.clock.fastForward(3000)
    await row(page, 'ngozi.new@example.com').waitFor({ timeout: 8000 })
    await expect(row(page, 'ngozi.new@example.com').textContent()).resolves.toContain('Pending')
    await expect(page.getByRole('button', { name: /Add member/ }).count()).resolves.toBe(0)

    // The invitation e-mail carries a link that opens the sign-up (no account yet).
    const [mail] = await app.outboxTo('ngozi.new@example.com')
    expect(mail).toBeDefined()
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0]
    expect(link).toMatch(/\/(member-signup|join-community)\?/)
    const invited = await (await app.newContext(WIDTHS.phone)).newPage()
    // The link names the public site; the same path is opened on the test server.
    await invited.goto(app.url + new URL(link ?? '').pathname + new URL(link ?? '').search)
    await invited.getByText('Complete your profile').first().waitFor()
    await expect(invited.locator('input[type=email]').inputValue()).resolves.toBe(
      'ngozi.new@example.com',
    )
    await invited.context().close()

    // Remove the pending Bisi: 'Are you sure?', No keeps her, Yes removes her.
    await row(page, 'bisi@example.com')
      .getByRole('button', { name: /^Remove/ })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' })
    await confirm.getByRole('button', { name: 'No' }).click()
    await confirm.waitFor({ state: 'hidden' })
    await row(page, 'bisi@example.com')
      .getByRole('button', { name: /^Remove/ })
      .click()
    await page.screenshot({ path: `${SCREENSHOTS}community-confirm-390.png` })
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await page.getByText('Member removed successfully').waitFor()
    await page.clock.fastForward(3000)
    await row(page, 'bisi@example.com').waitFor({ state: 'detached', timeout: 8000 })
    // A place is free again: the Add bar is back.
    await page.getByRole('button', { name: /Add member/ }).waitFor()
    await context.close()
  })

  it('shows a member who is not the creator the list without Add or Remove', async () => {
    const { context, page } = await openCommunity('femi@example.com', WIDTHS.desktop)
    await row(page, 'zainab@example.com').waitFor()
    await expect(
      members(page)
        .getByRole('button', { name: /^Remove/ })
        .count(),
    ).resolves.toBe(0)
    await expect(page.getByRole('button', { name: /Add member/ }).count()).resolves.toBe(0)
    await page.getByText("Only the community's creator can add or remove members.").waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}community-member-1280.png`, fullPage: true })
    await context.close()
  })
})
