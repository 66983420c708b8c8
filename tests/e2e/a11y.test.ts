import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { RISO_REGISTERED_PATH } from '../support/bookings'
import { appInBrowser, WIDTHS } from '../support/browser'

// A Tuesday, 10:00 in Lagos, as in the other browser tests.
const NOW = new Date('2026-11-24T09:00:00Z')

const app = appInBrowser(NOW)

type Width = keyof typeof WIDTHS

/** A screen to check: where it is, whether a member must be signed in, and how to reach it. */
interface Screen {
  path: string
  member?: boolean
  /** Waits until the screen is on show (and opens a panel, for the open-panel states). */
  show: (page: Page, width: Width) => Promise<void>
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).first().waitFor()

/** Clicks the button (in <main> when `inMain`) and waits for its dialog to finish opening. */
const openDialog =
  (button: string, dialog: string | RegExp = button, inMain = false) =>
  async (page: Page) => {
    const from = inMain ? page.getByRole('main') : page
    await from.getByRole('button', { name: button, exact: true }).click()
    await page.getByRole('dialog', { name: dialog }).waitFor()
    await page.waitForTimeout(400)
  }

const bookedCoworking =
  '/booked-coworking?email=amaka%40example.com&name=Amaka+Obi&day=2026-11-25&time=10am+-+10pm&type=spot&phone=0803+555+0177'
const bookedPrintStudio =
  '/booked-printstudio?email=bola%40example.com&name=Bola%20Ade&day=2026-11-25&type=print-studio&phone=0809%20111%202222&time=2pm%20-%206pm'

/** Every route of src/routes.tsx, and the states in which a panel is open. */
const screens: Record<string, Screen> = {
  calendar: { path: '/', show: heading(/./) },
  event: { path: '/event/risograph-workshop', show: heading('Risograph Workshop') },
  'event, RSVP panel open': {
    path: '/event/risograph-workshop',
    show: async (page) => {
      await heading('Risograph Workshop')(page)
      await openDialog('Buy Ticket', /./)(page)
    },
  },
  'event, RSVP panel open for a member': {
    path: '/event/risograph-workshop',
    member: true,
    show: async (page) => {
      await page.getByText("Friend's special price").first().waitFor()
      await openDialog('Buy Ticket', /./)(page)
    },
  },
  'event that does not exist': {
    path: '/event/no-such-event',
    show: heading('This event does not exist'),
  },
  'event registered': { path: RISO_REGISTERED_PATH, show: heading('Risograph Workshop') },
  menu: { path: '/menu', show: (page) => page.getByRole('navigation', { name: 'Menu' }).waitFor() },
  'menu, contact panel open': {
    path: '/menu',
    show: async (page) => {
      await page.getByRole('navigation', { name: 'Menu' }).getByText('Contact us').click()
      await page.getByRole('dialog', { name: 'Contact us' }).waitFor()
      await page.waitForTimeout(400)
    },
  },
  about: { path: '/about', show: heading(/./) },
  statecharts: {
    path: '/statecharts',
    show: async (page) => {
      await heading(/./)(page)
      await page.locator('[data-flow] svg g[data-state]').first().waitFor()
    },
  },
  'co-working': { path: '/co-working', show: heading('Book a spot') },
  'co-working, booking panel open': {
    path: '/co-working',
    show: async (page) => {
      await heading('Book a spot')(page)
      await openDialog('Book', 'Book now')(page)
    },
  },
  'co-working, booking panel open for a member': {
    path: '/co-working',
    member: true,
    show: async (page) => {
      await page.getByText('Free for you').waitFor()
      await openDialog('Book', 'Book now')(page)
    },
  },
  'co-working, success overlay after a member books': {
    path: '/co-working',
    member: true,
    show: async (page, width) => {
      await page.getByText('Free for you').waitFor()
      await openDialog('Book', 'Book now')(page)
      const dialog = page.getByRole('dialog', { name: 'Book now' })
      // One booking a day each: the phone books today, the desktop tomorrow.
      const day = width === 'phone' ? 'Today' : 'Tomorrow'
      await dialog.locator('label').filter({ hasText: day }).first().click()
      await dialog.locator('label').filter({ hasText: '8th Floor' }).first().click()
      await dialog.getByRole('button', { name: 'Book', exact: true }).click()
      await page.getByRole('alertdialog').getByText('Booking successful!').waitFor()
      await page.waitForTimeout(400)
    },
  },
  'print studio': { path: '/print-studio', show: heading('Print Studio') },
  'print studio, booking panel open': {
    path: '/print-studio',
    show: async (page) => {
      await heading('Print Studio')(page)
      await openDialog('Book', 'Book the print studio', true)(page)
    },
  },
  'booked co-working': { path: bookedCoworking, show: heading('Your co-working spot') },
  'booked co-working, book-again panel open': {
    path: bookedCoworking,
    show: async (page) => {
      await heading('Your co-working spot')(page)
      await openDialog('Book again')(page)
    },
  },
  'booked co-working, support panel open': {
    path: bookedCoworking,
    show: async (page) => {
      await heading('Your co-working spot')(page)
      await openDialog("I didn't get a receipt")(page)
    },
  },
  'booked print studio': { path: bookedPrintStudio, show: heading(/./) },
  'booked print studio, book-again panel open': {
    path: bookedPrintStudio,
    show: async (page) => {
      await heading(/./)(page)
      await openDialog('Book again')(page)
    },
  },
  'not found': { path: '/no-such-page', show: heading('Page Not Found') },
  'profile bookings': { path: '/profile/bookings', member: true, show: heading(/./) },
}

/** The placeholders of later releases: each shows its title as the page heading. */
const comingSoon: [string, string, boolean][] = [
  ['/membership-program', 'Friends of 16', false],
  ['/membership', 'Friends of 16', false],
  ['/memberships', 'Friends of 16', false],
  ['/membership/application', 'Apply for membership', false],
  ['/membership/community-application', 'Community application', false],
  ['/membership/about', 'About the programme', false],
  ['/membership/application/received', 'All done', false],
  ['/login', 'Log in', false],
  ['/verify', 'Logging you in', false],
  ['/join-community', 'Join the community', false],
  ['/member-signup', 'Complete your profile', false],
  ['/invite/ABC123', 'Your invite', false],
  ['/login-sent', 'Check your e-mail', false],
  ['/menu/drinks', 'Menu', false],
  ['/profile', 'Profile', true],
  ['/profile/info', 'Profile details', true],
  ['/profile/edit', 'Edit profile', true],
  ['/profile/payment', 'Membership plan', true],
  ['/profile/payment/confirm', 'Confirm payment', true],
  ['/profile/edit-community', 'Community size', true],
  ['/profile/payments', 'Payments', true],
  ['/profile/wallet', 'Wallet', true],
  ['/profile/community', 'Community', true],
  ['/tour', 'Welcome tour', true],
  ['/bye-laws', 'Bye-laws', true],
]
for (const [path, title, member] of comingSoon) {
  screens[`${path} (coming soon)`] = { path, member, show: heading(title) }
}

/** The serious and critical violations axe finds on the page, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
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

/** One window per width, for a guest and for Ada (an active member), shared by the tests. */
const windows = new Map<string, BrowserContext>()
beforeAll(async () => {
  for (const width of Object.keys(WIDTHS) as Width[]) {
    windows.set(`guest ${width}`, await app.newContext(WIDTHS[width]))
    windows.set(`member ${width}`, (await app.signIn('ada@example.com', WIDTHS[width])).context)
  }
})

describe('axe-core finds no serious or critical violation at phone and desktop width', () => {
  it.each(Object.entries(screens))('%s', async (_name, screen) => {
    const found = await Promise.all(
      (Object.keys(WIDTHS) as Width[]).map(async (width) => {
        const context = windows.get(`${screen.member ? 'member' : 'guest'} ${width}`)
        if (!context) throw new Error(`No ${width} window`)
        const page = await context.newPage()
        await page.goto(app.url + screen.path)
        await screen.show(page, width)
        const lines = await seriousViolations(page)
        await page.close()
        return lines.map((line) => `${width}: ${line}`)
      }),
    )
    expect(found.flat()).toEqual([])
  })
})
