import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom'
import { ProtectedRoute } from './components/protected-route'
import { SessionExpiredBanner } from './components/session-expired-banner'
import { CalendarPage } from './pages/calendar-page'

/** What the server needs to know of a route: the source of its lazy page, to preload its code. */
export interface RouteHandle {
  page?: string
  /** What the route shows depends on the stored login: the browser renders it, not the server. */
  browserOnly?: boolean
}

/**
 * Loads a page's code when it is first visited, so the calendar's first load stays small; the
 * HTML the server renders for the page preloads that code (Vite's manifest names it by `page`).
 */
const lazyPage = (page: string, load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  handle: { page: `src/pages/${page}.tsx` } satisfies RouteHandle,
})

/** A screen of a later release: its placeholder page, loaded like any other page. */
const soon = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoonPage } = await import('./pages/coming-soon-page')
    return { element: <ComingSoonPage title={title} /> }
  },
  handle: { page: 'src/pages/coming-soon-page.tsx' } satisfies RouteHandle,
})

function Root() {
  return (
    <>
      <SessionExpiredBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  )
}

/** The route table of both documents. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <CalendarPage /> },
      {
        path: '/event/:id',
        lazy: async () => ({ Component: (await import('./pages/event-page')).EventPage }),
        handle: { page: 'src/pages/event-page.tsx' } satisfies RouteHandle,
      },
      { path: '/menu', ...lazyPage('menu-page', () => import('./pages/menu-page')) },
      { path: '/about', ...lazyPage('about-page', () => import('./pages/about-page')) },
      // The statechart viewer: the server answers 404 unless it is switched on (server/statecharts.ts).
      {
        path: '/statecharts',
        ...lazyPage('statecharts-page', () => import('./pages/statecharts-page')),
      },
      {
        path: '/event/:id/registered',
        ...lazyPage('event-registered-page', () => import('./pages/event-registered-page')),
      },
      soon('/membership-program', 'Friends of 16'),
      soon('/membership', 'Friends of 16'),
      soon('/membership/application', 'Apply for membership'),
      soon('/membership/community-application', 'Community application'),
      { path: '/memberships', element: <Navigate to="/membership" replace /> },
      soon('/membership/about', 'About the programme'),
      soon('/membership/application/received', 'All done'),
      {
        path: '/co-working',
        ...lazyPage('coworking-page', () => import('./pages/coworking-page')),
      },
      {
        path: '/print-studio',
        ...lazyPage('print-studio-page', () => import('./pages/print-studio-page')),
      },
      {
        path: '/booked-coworking',
        ...lazyPage('booked-coworking-page', () => import('./pages/booked-coworking-page')),
      },
      {
        path: '/booked-printstudio',
        ...lazyPage('booked-printstudio-page', () => import('./pages/booked-printstudio-page')),
      },
      soon('/login', 'Log in'),
      soon('/verify', 'Logging you in'),
      soon('/join-community', 'Join the community'),
      soon('/member-signup', 'Complete your profile'),
      soon('/invite/:code', 'Your invite'),
      soon('/login-sent', 'Check your e-mail'),
      soon('/menu/:id', 'Menu'),
      {
        element: <ProtectedRoute />,
        handle: { browserOnly: true } satisfies RouteHandle,
        children: [
          soon('/profile', 'Profile'),
          soon('/profile/info', 'Profile details'),
          soon('/profile/edit', 'Edit profile'),
          soon('/profile/payment', 'Membership plan'),
          soon('/profile/payment/confirm', 'Confirm payment'),
          soon('/profile/edit-community', 'Community size'),
          {
            path: '/profile/bookings',
            ...lazyPage('profile-bookings-page', () => import('./pages/profile-bookings-page')),
          },
          soon('/profile/payments', 'Payments'),
          soon('/profile/wallet', 'Wallet'),
          soon('/profile/community', 'Community'),
          soon('/tour', 'Welcome tour'),
          soon('/bye-laws', 'Bye-laws'),
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }),
        handle: { page: 'src/pages/not-found-page.tsx' } satisfies RouteHandle,
      },
    ],
  },
]
