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
const lazyPage = (
  page: string,
  load: () => Promise<{ default: React.ComponentType }>,
  { browserOnly = false } = {},
) => ({
  lazy: async () => ({ Component: (await load()).default }),
  handle: { page: `src/pages/${page}.tsx`, browserOnly } satisfies RouteHandle,
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
      {
        path: '/membership-program',
        ...lazyPage('membership-program-page', () => import('./pages/membership-program-page')),
      },
      {
        path: '/membership',
        ...lazyPage('membership-page', () => import('./pages/membership-page')),
      },
      {
        path: '/membership/application',
        ...lazyPage('application-page', () => import('./pages/application-page')),
      },
      {
        path: '/membership/community-application',
        ...lazyPage(
          'community-application-page',
          () => import('./pages/community-application-page'),
        ),
      },
      { path: '/memberships', element: <Navigate to="/membership" replace /> },
      {
        path: '/membership/about',
        ...lazyPage('membership-about-page', () => import('./pages/membership-about-page')),
      },
      {
        path: '/membership/application/received',
        // What it shows depends on the stored login: the browser renders it.
        ...lazyPage(
          'application-received-page',
          () => import('./pages/application-received-page'),
          {
            browserOnly: true,
          },
        ),
      },
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
      { path: '/login', ...lazyPage('login-page', () => import('./pages/login-page')) },
      { path: '/verify', ...lazyPage('verify-page', () => import('./pages/verify-page')) },
      {
        path: '/join-community',
        // What it shows depends on the stored login: the browser renders it.
        ...lazyPage('join-community-page', () => import('./pages/join-community-page'), {
          browserOnly: true,
        }),
      },
      {
        path: '/member-signup',
        ...lazyPage('member-signup-page', () => import('./pages/member-signup-page')),
      },
      { path: '/invite/:code', ...lazyPage('invite-page', () => import('./pages/invite-page')) },
      {
        path: '/login-sent',
        ...lazyPage('login-sent-page', () => import('./pages/login-sent-page')),
      },
      // Named by both documents and described by neither: the menu is the one place it can mean.
      { path: '/menu/:id', element: <Navigate to="/menu" replace /> },
      {
        element: <ProtectedRoute />,
        handle: { browserOnly: true } satisfies RouteHandle,
        children: [
          { path: '/profile', ...lazyPage('profile-page', () => import('./pages/profile-page')) },
          {
            path: '/profile/info',
            ...lazyPage('profile-info-page', () => import('./pages/profile-info-page')),
          },
          {
            path: '/profile/edit',
            ...lazyPage('profile-edit-page', () => import('./pages/profile-edit-page')),
          },
          { path: '/profile/payment', ...lazyPage('plan-page', () => import('./pages/plan-page')) },
          {
            path: '/profile/payment/confirm',
            ...lazyPage('plan-confirm-page', () => import('./pages/plan-confirm-page')),
          },
          {
            path: '/profile/edit-community',
            ...lazyPage('edit-community-page', () => import('./pages/edit-community-page')),
          },
          {
            path: '/profile/bookings',
            ...lazyPage('profile-bookings-page', () => import('./pages/profile-bookings-page')),
          },
          {
            path: '/profile/payments',
            ...lazyPage('profile-payments-page', () => import('./pages/profile-payments-page')),
          },
          {
            path: '/profile/wallet',
            ...lazyPage('profile-wallet-page', () => import('./pages/profile-wallet-page')),
          },
          {
            path: '/profile/community',
            ...lazyPage('profile-community-page', () => import('./pages/profile-community-page')),
          },
          { path: '/tour', ...lazyPage('tour-page', () => import('./pages/tour-page')) },
          {
            path: '/bye-laws',
            ...lazyPage('bye-laws-page', () => import('./pages/bye-laws-page')),
          },
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
