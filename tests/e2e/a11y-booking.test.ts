import { axeEveryScreen, heading, openDialog, type Screen } from '../support/a11y'
import { RISO_REGISTERED_PATH } from '../support/bookings'

// The booking area's routes (spec/booking-area.md), and the states in which a panel is open.

const bookedCoworking =
  '/booked-coworking?email=amaka%40example.com&name=Amaka+Obi&day=2026-11-25&time=10am+-+10pm&type=spot&phone=0803+555+0177'
const bookedPrintStudio =
  '/booked-printstudio?email=bola%40example.com&name=Bola%20Ade&day=2026-11-25&type=print-studio&phone=0809%20111%202222&time=2pm%20-%206pm'

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
  'event staff closed for booking': {
    path: '/event/supper-club',
    show: async (page) => {
      await page.getByRole('button', { name: 'Booking closed', exact: true }).waitFor()
    },
  },
  'event, RSVP panel open after the cut-off': {
    path: '/event/rooftop-jazz',
    show: async (page) => {
      await heading('Rooftop Jazz')(page)
      await openDialog('Buy Ticket', /./)(page)
      await page.getByText('This ticket cannot be cancelled', { exact: false }).waitFor()
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
    show: async (page) => {
      await page.getByText('Free for you').waitFor()
      await openDialog('Book', 'Book now')(page)
      const dialog = page.getByRole('dialog', { name: 'Book now' })
      await dialog.locator('label').filter({ hasText: 'Today' }).first().click()
      await dialog.locator('label').filter({ hasText: '8th Floor' }).first().click()
      await dialog.getByRole('button', { name: 'Book', exact: true }).click()
      await page.getByRole('alertdialog').getByText('Booking successful!').waitFor()
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
  // The door and the ticket it scans.
  'event registered, with its ticket': {
    path: '/event/poetry-and-palm-wine/registered?name=Ngozi%20Eze-Nwachukwu&date=2026-11-26&time=4pm%20-%208pm&ticket=c6c485fcc3d74352bb478e915279eea3',
    show: async (page) => {
      await page.getByRole('img', { name: /QR code$/ }).waitFor()
    },
  },
  'profile bookings, a ticket open': {
    path: '/profile/bookings',
    member: true,
    show: async (page) => {
      await page
        .getByRole('button', { name: /Rooftop Jazz/ })
        .first()
        .click()
      await page.getByRole('img', { name: 'Ticket for Rooftop Jazz: QR code' }).waitFor()
    },
  },
  'staff today': {
    path: '/staff',
    staff: true,
    show: async (page) => {
      await heading('Today')(page)
      await page.getByRole('region', { name: 'Sessions' }).getByRole('listitem').first().waitFor()
    },
  },
  'staff audit log': { path: '/staff/audit', staff: true, show: heading('Audit log') },
  'staff applications, the queue': {
    path: '/staff/applications',
    staff: true,
    show: async (page) => {
      await heading('Applications')(page)
      await page.getByRole('link', { name: /Obinna Eze/ }).waitFor()
    },
  },
  'staff events': {
    path: '/staff/events',
    staff: true,
    show: async (page) => {
      await heading('Events')(page)
      await page.getByRole('link', { name: /Rooftop Jazz/ }).waitFor()
    },
  },
  'staff new event, saved with nothing in it': {
    path: '/staff/events/new',
    staff: true,
    show: async (page) => {
      await heading('New event')(page)
      await page.getByRole('button', { name: 'Create the event' }).click()
      await page.getByText('Give the event a title.').waitFor()
    },
  },
  'staff members, an extension with nothing written': {
    path: '/staff/members',
    staff: true,
    show: async (page) => {
      await heading('Members')(page)
      const kemi = page.getByRole('listitem').filter({ hasText: 'kemi@example.com' })
      await kemi.getByRole('button', { name: 'Extend', exact: true }).click()
      await page
        .getByRole('form', { name: 'Extension' })
        .getByRole('button', { name: 'Extend' })
        .click()
      await page.getByText('Choose the new last day and write the reason.').waitFor()
    },
  },
  'staff payments, a refund with no reason yet': {
    path: '/staff/payments',
    staff: true,
    show: async (page) => {
      await heading('Payments')(page)
      await page.getByRole('button', { name: 'Refund', exact: true }).first().click()
      await page.getByRole('button', { name: 'Yes, refund' }).click()
      await page.getByText('Write the reason for the refund: the payer reads it.').waitFor()
    },
  },
  'staff application, declining with a note': {
    path: '/staff/applications',
    staff: true,
    show: async (page) => {
      await page.getByRole('link', { name: /Obinna Eze/ }).click()
      await heading('Obinna Eze')(page)
      await page.getByRole('button', { name: 'Decline', exact: true }).click()
      await page
        .getByLabel('Note for the applicant (optional)')
        .fill('Please apply again in March.')
    },
  },
  'staff check-in, an unknown ticket': {
    path: '/staff/check-in',
    staff: true,
    show: async (page) => {
      await heading('Check-in')(page)
      await page.getByLabel('Ticket code').fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ')
      await page.getByRole('button', { name: 'Check in', exact: true }).click()
      await page.getByText('Unknown ticket', { exact: true }).waitFor()
    },
  },
  'staff spaces, a new studio item saved with nothing in it': {
    path: '/staff/spaces',
    staff: true,
    show: async (page) => {
      await heading('Spaces and studio items')(page)
      await page.getByRole('button', { name: 'Add a studio item' }).click()
      await page
        .getByRole('form', { name: 'New studio item' })
        .getByRole('button', { name: 'Add a studio item' })
        .click()
      await page.getByText('Write its name, as people will see it.').waitFor()
    },
  },
  "staff bookings, the day's list": {
    path: '/staff/bookings',
    staff: true,
    show: async (page) => {
      await heading('Bookings')(page)
      await page.getByRole('region', { name: 'Bookings found' }).getByRole('link').first().waitFor()
    },
  },
  'staff booking, opened from the list': {
    path: '/staff/bookings',
    staff: true,
    show: async (page) => {
      await page
        .getByRole('link', { name: /Ada Okafor/ })
        .first()
        .click()
      await heading('Ada Okafor')(page)
      await page
        .getByText(/checked in/i)
        .first()
        .waitFor()
    },
  },
}

axeEveryScreen(screens)
