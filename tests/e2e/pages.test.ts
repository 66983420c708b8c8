import { describe, expect, it } from 'vitest'
import { animationsDone, appInBrowser, hydrated, SCREENSHOTS, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos, as in the calendar tests.
const NOW = new Date('2026-11-24T09:00:00Z')
const app = appInBrowser(NOW)

describe('the event page', () => {
  it('shows an event opened by its address, from the data the HTML carried', async () => {
    const page = await app.openInTab('/event/risograph-workshop')
    await page.getByRole('heading', { level: 1, name: 'Risograph Workshop' }).waitFor()
    await page.locator('text=₦15,000 >> visible=true').first().waitFor()
    await expect(page.getByRole('button', { name: 'Buy Ticket' }).isEnabled()).resolves.toBe(true)
    await page.locator('text=12pm - 4pm >> visible=true').first().waitFor()
  })

  it.each([
    // The demo's Supper Club is closed for booking by staff (rsvpOpen false), not full.
    ['supper-club', 'Booking closed'],
    ['film-night', 'Closed'],
    ['friends-of-16-brunch', 'Members only'],
  ])('disables the action of %s with the reason %s', async (id, label) => {
    const page = await app.openInTab(`/event/${id}`)
    const action = page.getByRole('button', { name: label, exact: true })
    await action.waitFor()
    await expect(action.isDisabled()).resolves.toBe(true)
  })

  it('offers Get Ticket for a free event and sharing only for open public events', async () => {
    const free = await app.openInTab('/event/poetry-and-palm-wine')
    await free.getByRole('button', { name: 'Get Ticket' }).waitFor()
    await expect(free.getByRole('button', { name: /share/i }).count()).resolves.toBeGreaterThan(0)

    const membersOnly = await app.openInTab('/event/friends-of-16-brunch')
    await membersOnly.getByRole('heading', { level: 1 }).waitFor()
    await expect(membersOnly.getByRole('button', { name: /share/i }).count()).resolves.toBe(0)
  })

  it("copies the link where there is no share sheet (a desktop) and says 'Link copied' for a while", async () => {
    const context = await app.newContext(WIDTHS.desktop)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url })
    try {
      const page = await context.newPage()
      await page.goto(`${app.url}/event/poetry-and-palm-wine`)
      await hydrated(page)
      expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined')
      await page.getByRole('button', { name: 'Share Poetry & Palm Wine' }).click()
      await page.getByRole('status').getByText('Link copied', { exact: true }).waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}event-link-copied-desktop.png` })
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${app.url}/event/poetry-and-palm-wine`,
      )
      // The note goes after 4 s, on the page's clock; Share again says it again.
      await page.clock.fastForward(4000)
      await page.getByText('Link copied').waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Share Poetry & Palm Wine' }).click()
      await page.getByRole('status').getByText('Link copied', { exact: true }).waitFor()
    } finally {
      await context.close()
    }
  })

  it("opens the phone's share sheet where there is one, with the event's name and link, and says nothing more", async () => {
    const context = await app.newContext(WIDTHS.phone)
    try {
      // A phone's Web Share, as Chrome on Android has it: the sheet takes what it is given.
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          value: async (data: ShareData) => {
            ;(window as unknown as { shared: ShareData[] }).shared ??= []
            ;(window as unknown as { shared: ShareData[] }).shared.push(data)
          },
        })
      })
      const page = await context.newPage()
      await page.goto(`${app.url}/event/poetry-and-palm-wine`)
      await hydrated(page)
      await page.getByRole('button', { name: 'Share Poetry & Palm Wine' }).click()
      await page.waitForFunction(() => 'shared' in window)
      expect(
        await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared),
      ).toEqual([
        {
          title: 'Poetry & Palm Wine · Sixteen',
          text: expect.stringMatching(/^Poetry & Palm Wine at Sixteen, /),
          url: `${app.url}/event/poetry-and-palm-wine`,
        },
      ])
      await expect(page.getByText('Link copied').count()).resolves.toBe(0)
    } finally {
      await context.close()
    }
  })

  it('cycles the posters of an event with several, its controls under the poster, not on its lettering', async () => {
    const page = await app.openInTab('/event/open-studio-weekend', WIDTHS.phone)
    const poster = await page
      .getByRole('img', { name: 'Poster for Open Studio Weekend' })
      .boundingBox()
    const pause = await page.getByRole('button', { name: 'Pause the posters' }).boundingBox()
    expect(poster && pause && pause.y >= poster.y + poster.height).toBe(true)
    const visible = () => page.getByRole('img', { name: 'Poster for Open Studio Weekend' })
    const first = await visible().getAttribute('src')
    await page.waitForFunction(
      (src) =>
        document.querySelector('img[alt="Poster for Open Studio Weekend"]')?.getAttribute('src') !==
        src,
      first,
      { timeout: 15_000 }, // the interval, and room for a busy machine
    )
    expect(await visible().getAttribute('src')).not.toBe(first)
  })

  it('says so when the event does not exist', async () => {
    const page = await app.openInTab('/event/no-such-event')
    await page.getByRole('heading', { name: 'This event does not exist' }).waitFor()
  })

  it.each(Object.entries(WIDTHS))(
    'looks right at %s width (screenshot kept)',
    async (name, width) => {
      const page = await app.openInTab('/event/open-studio-weekend', width)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}event-${name}.png` })
    },
  )
})

describe('the visitor menu', () => {
  it('links to every place the menu names', async () => {
    const page = await app.openInTab('/menu')
    const nav = page.getByRole('navigation', { name: 'Menu' })
    await nav.getByRole('link', { name: /Book a spot/ }).waitFor()
    const hrefs = await nav
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(
      expect.arrayContaining(['/co-working', '/print-studio', '/about', '/membership']),
    )
    await expect(page.getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe(
      '/login',
    )
    await expect(
      nav.getByRole('link', { name: /Reservations/ }).getAttribute('target'),
    ).resolves.toBe('_blank')
  })

  it('opens Contact us as a bottom drawer on a phone and a centred modal on a desktop', async () => {
    for (const [name, width] of Object.entries(WIDTHS)) {
      const page = await app.openInTab('/menu', width)
      await page.getByRole('navigation', { name: 'Menu' }).getByText('Contact us').click()
      const dialog = page.getByRole('dialog', { name: 'Contact us' })
      await dialog.waitFor()
      await animationsDone(page) // the opening animation
      const box = await dialog.boundingBox()
      const viewport = page.viewportSize()
      if (!box || !viewport) throw new Error('no layout')
      if (width <= 768) {
        expect(Math.round(box.y + box.height)).toBe(viewport.height) // sits on the bottom edge
        expect(Math.round(box.width)).toBe(viewport.width)
      } else {
        const middle = box.y + box.height / 2
        expect(Math.abs(middle - viewport.height / 2)).toBeLessThan(4)
        expect(box.width).toBeLessThan(viewport.width / 2)
      }
      await expect(
        dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'),
      ).resolves.toMatch(/^https:\/\/wa\.me\/\d+\?text=/)
      await expect(
        dialog.getByRole('link', { name: /Email/ }).getAttribute('href'),
      ).resolves.toMatch(/^mailto:/)
      await page.screenshot({ path: `${SCREENSHOTS}menu-contact-${name}.png` })
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    }
  })

  it.each(Object.entries(WIDTHS))(
    'takes the Calendar link to the calendar, one screen down (%s)',
    async (_name, width) => {
      const page = await app.openInTab('/menu', width)
      await page.getByRole('navigation', { name: 'Menu' }).getByText('Calendar').click()
      await page.waitForURL(`${app.url}/`)
      // Where it comes to rest (still over two frames, once it has moved): one screen down, not
      // short of it nor past it.
      const pastOneScreen = () =>
        page.evaluate(
          () =>
            new Promise<number | null>((resolve) => {
              const y = window.scrollY
              const still = () => y > 0 && window.scrollY === y
              requestAnimationFrame(() =>
                requestAnimationFrame(() => resolve(still() ? y - window.innerHeight : null)),
              )
            }),
        )
      await page.waitForFunction(() => window.scrollY >= window.innerHeight - 2)
      let atRest: number | null = null
      await expect
        .poll(async () => {
          atRest = await pastOneScreen()
          return atRest
        })
        .not.toBeNull()
      expect(Math.abs(atRest ?? Number.NaN)).toBeLessThanOrEqual(2)
    },
  )
})

describe('the about page', () => {
  it('lists what the house offers', async () => {
    const page = await app.openInTab('/about')
    await page.getByRole('heading', { level: 1 }).waitFor()
    for (const item of [
      'Co-working',
      'Hotel accommodation',
      'Curated programming',
      'Internet and printing',
    ]) {
      await expect(page.getByText(item, { exact: true }).isVisible()).resolves.toBe(true)
    }
    for (const [name, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: `${SCREENSHOTS}about-${name}.png` })
    }
  })
})
