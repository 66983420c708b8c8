import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LONG_NAMED_MEMBER } from '../../server/db/seed'
import { animationsDone, appInBrowser, hydrated, SCREENSHOTS } from '../support/browser'
import { layoutProblems, layoutProblemsOnPhones, PHONE_WIDTHS } from '../support/layout'

// Names and addresses as our people have them, on the narrowest phones people carry: nothing
// scrolls sideways, nothing is cut, every button stays on the screen.

// A Tuesday, 10:00 in Lagos, the demo data's clock.
const NOW = new Date('2026-11-24T09:00:00Z')
const LONG_EMAIL = 'oluwaseun.adebayowilliams@gmail.com'

const app = appInBrowser(NOW)

/** Whether the whole box is inside the window, where a thumb can reach it. */
async function onScreen(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox()
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  return box !== null && box.x >= 0 && box.x + box.width <= width
}

describe('long text on narrow phones', () => {
  it.each(PHONE_WIDTHS)('the messages that name the address fit at %s px', async (width) => {
    const email = encodeURIComponent(LONG_EMAIL)
    for (const path of [
      `/login-sent?email=${email}`,
      `/membership/application/received?email=${email}`,
    ]) {
      const page = await app.openInTab(path, width)
      await page.getByText(LONG_EMAIL).waitFor()
      expect(await layoutProblems(page), path).toEqual([])
      if (width === 320) {
        const name = path.split('?')[0]?.replace(/\W+/g, '-')
        await page.screenshot({ path: `${SCREENSHOTS}long-text${name}-320.png`, fullPage: true })
      }
    }
  })

  it.each(PHONE_WIDTHS)('the public screens fit at %s px', async (width) => {
    for (const path of [
      '/',
      '/event/risograph-workshop',
      '/co-working',
      '/print-studio',
      '/menu',
      '/about',
      '/membership',
      '/membership/application',
      '/login',
    ]) {
      // Rendered by the server with its data, and hydrated.
      const page = await app.openInTab(path, width)
      await animationsDone(page)
      expect(await layoutProblems(page), path).toEqual([])
    }
  })

  it.each(PHONE_WIDTHS)(
    "a member's screens fit at %s px when the name and address are long",
    async (width) => {
      const { page } = await app.logInTab(LONG_NAMED_MEMBER, width)
      const paths = [
        '/menu',
        '/profile',
        '/profile/info',
        '/profile/wallet',
        '/profile/bookings',
        '/profile/payments',
      ]
      const found: Record<string, string[]> = {}
      for (const path of paths) {
        await page.goto(app.url + path)
        await hydrated(page)
        // The member's own data, read after the page is in: nothing is loading any more.
        await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0)
        await animationsDone(page)
        found[path] = await layoutProblems(page)
        if (width === 320) {
          await page.screenshot({
            path: `${SCREENSHOTS}long-text${path.replace(/\W+/g, '-')}-320.png`,
            fullPage: true,
          })
        }
      }
      expect(found).toEqual(Object.fromEntries(paths.map((path) => [path, []])))
    },
  )

  it('/profile/community at 320 px: a member with a long address fits, and Remove and its Yes and No can be pressed', async () => {
    const { page } = await app.logInTab('zainab@example.com', 320)
    await page.goto(`${app.url}/profile/community`)
    const members = page.getByRole('list', { name: 'Members' })
    await members.waitFor()
    await page.getByRole('button', { name: /Add member/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Add new member' })
    await dialog.getByLabel('Email Address').fill(LONG_EMAIL)
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('Member added successfully').waitFor()
    await page.clock.fastForward(3000)
    const row = members.getByRole('listitem').filter({ hasText: LONG_EMAIL })
    await row.waitFor()
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}long-text-community-320.png`, fullPage: true })

    const remove = row.getByRole('button', { name: /^Remove/ })
    expect(await onScreen(page, remove)).toBe(true)
    await remove.click()
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' })
    await confirm.waitFor()
    for (const answer of ['Yes', 'No']) {
      expect(await onScreen(page, confirm.getByRole('button', { name: answer })), answer).toBe(true)
    }
    expect(await layoutProblems(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}long-text-community-confirm-320.png` })
    await confirm.getByRole('button', { name: 'No' }).click()
    await confirm.waitFor({ state: 'hidden' })
  })
})

describe('the layout check', () => {
  it('finds a box given a fixed width wider than the phone, and text its box cuts', async () => {
    const page = await app.openInTab('/login-sent?email=ada%40example.com', 320)
    await page.getByText('ada@example.com').waitFor()
    expect(await layoutProblems(page)).toEqual([])

    // Styles set through the page's own objects: the app's policy refuses a <style> tag.
    const restyle = (selector: string, style: Record<string, string>) =>
      page.evaluate(
        ([selector, style]) =>
          Object.assign((document.querySelector(selector) as HTMLElement).style, style),
        [selector, style] as const,
      )
    await restyle('main section', { width: '480px', maxWidth: 'none' })
    const wide = await layoutProblems(page)
    expect(wide[0]).toMatch(/^the page scrolls sideways: \d+ px wide in a 320 px window$/)
    expect(wide.some((line) => /^<p> "We've sent a login link.*runs past/.test(line))).toBe(true)

    await restyle('main section', { width: '', maxWidth: '' })
    await restyle('main strong', {
      display: 'inline-block',
      width: '60px',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    })
    expect(await layoutProblems(page)).toEqual([
      expect.stringMatching(/^<span> "ada@example.com" is cut by its <strong> box$/),
    ])
  })

  it('as the path replays run it, names the phone widths a box 350 px wide breaks, and puts the window back', async () => {
    const page = await app.openInTab('/login-sent?email=ada%40example.com', 390)
    await page.getByText('ada@example.com').waitFor()
    expect(await layoutProblemsOnPhones(page)).toEqual([])
    await page.evaluate(() =>
      Object.assign((document.querySelector('main section') as HTMLElement).style, {
        width: '350px',
        maxWidth: 'none',
      }),
    )
    const found = await layoutProblemsOnPhones(page)
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((line) => line.startsWith('at 320 px: '))).toBe(true)
    expect(found[0]).toMatch(/^at 320 px: the page scrolls sideways/)
    expect(page.viewportSize()?.width).toBe(390)
  })
})
