import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom'
import { ProtectedRoute } from './components/protected-route'
import { SessionExpiredBanner } from './components/session-expired-banner'
import { CalendarPage } from './pages/calendar-page'
import { ComingSoonPage } from './pages/coming-soon-page'
import { NotFoundPage } from './pages/not-found-page'

/** Loads a page's code when it is first visited, so the calendar's first load stays small. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
})

const soon = (path: string, title: string): RouteObject => ({
  path,
  element: <ComingSoonPage title={title} />,
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
      },
      { path: '/menu', ...lazyPage(() => import('./pages/menu-page')) },
      { path: '/about', ...lazyPage(() => import('./pages/about-page')) },
      { path: '/event/:id/registered', ...lazyPage(() => import('./pages/event-registered-page')) },
      soon('/membership-program', 'Friends of 16'),
      soon('/membership', 'Friends of 16'),
      soon('/membership/application', 'Apply for membership'),
      soon('/membership/community-application', 'Community application'),
      { path: '/memberships', element: <Navigate to="/membership" replace /> },
      soon('/membership/about', 'About the programme'),
      soon('/membership/application/received', 'All done'),
      { path: '/co-working', ...lazyPage(() => import('./pages/coworking-page')) },
      { path: '/print-studio', ...lazyPage(() => import('./pages/print-studio-page')) },
      { path: '/booked-coworking', ...lazyPage(() => import('./pages/booked-coworking-page')) },
      { path: '/booked-printstudio', ...lazyPage(() => import('./pages/booked-printstudio-page')) },
      soon('/login', 'Log in'),
      soon('/verify', 'Logging you in'),
      soon('/join-community', 'Join the community'),
      soon('/member-signup', 'Complete your profile'),
      soon('/invite/:code', 'Your invite'),
      soon('/login-sent', 'Check your e-mail'),
      soon('/menu/:id', 'Menu'),
      {
        element: <ProtectedRoute />,
        children: [
          soon('/profile', 'Profile'),
          soon('/profile/info', 'Profile details'),
          soon('/profile/edit', 'Edit profile'),
          soon('/profile/payment', 'Membership plan'),
          soon('/profile/payment/confirm', 'Confirm payment'),
          soon('/profile/edit-community', 'Community size'),
          { path: '/profile/bookings', ...lazyPage(() => import('./pages/profile-bookings-page')) },
          soon('/profile/payments', 'Payments'),
          soon('/profile/wallet', 'Wallet'),
          soon('/profile/community', 'Community'),
          soon('/tour', 'Welcome tour'),
          soon('/bye-laws', 'Bye-laws'),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
