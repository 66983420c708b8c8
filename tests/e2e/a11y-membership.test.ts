import { axeEveryScreen, heading, type Screen } from '../support/a11y'

// The membership area's routes (spec/membership.md), and the states in which a panel is open.

const screens: Record<string, Screen> = {
  membership: {
    path: '/membership',
    show: async (page) => {
      await heading('Friends of 16')(page)
      await page.getByText('$150', { exact: true }).waitFor()
    },
  },
  'membership, apply chooser open': {
    path: '/membership',
    show: async (page) => {
      await heading('Friends of 16')(page)
      await page.getByRole('button', { name: 'Apply', exact: true }).first().click()
      await page.getByRole('dialog', { name: 'Apply for membership' }).waitFor()
    },
  },
  memberships: { path: '/memberships', show: heading('Friends of 16') },
  'membership about': { path: '/membership/about', show: heading('About Friends of 16') },
  'membership program': {
    path: '/membership-program',
    show: async (page) => {
      await heading('Friends of 16')(page)
      await page.getByLabel('Email Address').fill('tolu@')
      await page.getByText('Please enter a valid email address.').waitFor()
    },
  },
  'application received': {
    path: '/membership/application/received?email=amaka%40example.com',
    show: heading('All done'),
  },
  login: { path: '/login', show: heading('Log in') },
  'login, e-mail locked': { path: '/login?email=ada%40example.com', show: heading('Log in') },
  'login sent': { path: '/login-sent?email=ada%40example.com', show: heading('Check your inbox') },
  'verify without a token': { path: '/verify', show: heading('Invalid Login Token') },
  'join community': {
    path: '/join-community?community=00000000-0000-4000-8000-00000000c001&communityName=Lagos%20Print%20Collective%20of%20Yaba%2C%20Surulere%20and%20Ikoyi%20Creatives&email=ada%40example.com',
    member: true,
    show: heading('Join Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'),
  },
  'join community without a community': {
    path: '/join-community?email=ada%40example.com',
    member: true,
    show: heading('Invalid Community ID'),
  },
  invite: { path: '/invite/WELCOME16', show: heading('Welcome, Chioma') },
  'invite, used': { path: '/invite/USED16', show: heading('This invite code has been used') },
  'invite, unknown': { path: '/invite/ABC123', show: heading('This invite code is not valid') },
  'profile bookings': { path: '/profile/bookings', member: true, show: heading(/./) },
  // Ada's one coming booking is tonight, past its cut-off: the row says so instead of offering
  // Cancel (axe reads the question in tests/e2e/booking-cancel.test.ts).
  'profile bookings, a booking past its cut-off': {
    path: '/profile/bookings',
    member: true,
    show: async (page) => {
      await page
        .getByRole('button', { name: /Rooftop Jazz/ })
        .first()
        .click()
      await page
        .getByText(/^Cancellations closed at /)
        .first()
        .waitFor()
    },
  },
}

// The membership and member screens, each by its page heading ('member': Ada, an active member,
// is signed in; /profile/edit-community sends an active member to /menu, so it is not listed).
const titled: [string, string, boolean][] = [
  ['/membership/application', 'Apply for membership', false],
  ['/membership/community-application', 'Community application', false],
  [
    '/member-signup?community=00000000-0000-4000-8000-00000000c001&name=Lagos%20Print%20Collective%20of%20Yaba%2C%20Surulere%20and%20Ikoyi%20Creatives&email=bisi%40example.com',
    'Complete your profile',
    false,
  ],
  ['/profile', 'Profile', true],
  ['/profile/info', 'Profile details', true],
  ['/profile/edit', 'Edit profile', true],
  ['/profile/payment', 'Choose your plan', true],
  ['/profile/payment/confirm', 'Confirm payment', true],
  ['/profile/payments', 'Payments', true],
  ['/profile/wallet', 'Wallet', true],
  ['/profile/community', 'Community', true],
  ['/tour', 'Welcome tour', true],
  ['/bye-laws', 'Welcome to Friends of 16', true],
]
for (const [path, title, member] of titled) {
  screens[path] = { path, member, show: heading(title) }
}

axeEveryScreen(screens)
