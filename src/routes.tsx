import { useLayoutEffect } from 'react'
import {
  type Location,
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
} from 'react-router-dom'
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
 * A route whose page's code loads when it is first visited, so the calendar's first load stays
 * small; the HTML the server renders for the page preloads that code (Vite's manifest names it by
 * `page`).
 */
const lazyPage = (
  path: string,
  page: string,
  load: () => Promise<{ default: React.ComponentType }>,
  { browserOnly = false } = {},
) => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
  handle: { page: `src/pages/${page}.tsx`, browserOnly } satisfies RouteHandle,
})

function Root() {
  return (
    <>
      <SessionExpiredBanner />
      <Outlet />
      <KeepFirstScroll read />
      <ScrollRestoration getKey={scrollKey} />
      <KeepFirstScroll />
    </>
  )
}

/**
 * Where a page's scroll position is kept. A page loaded as a new document (a link from outside,
 * `location.assign` after a booking) has no key of its own: React Router calls every such entry
 * 'default', and would put this page where the last such page was left (the registered page
 * opened 430 px down). Such a page is known by its address instead.
 */
const scrollKey = ({ key, pathname, search }: Location) =>
  key === 'default' ? pathname + search : key

/**
 * On a slow phone people scroll the server's page before the app takes it over; React Router's
 * scroll restoration would then throw them back to the top (it knows no position for a page it
 * did not open). Where they were is read just before its first effect (`read`) and put back just
 * after, before the browser paints. Later screens are the router's: the top, or Back's position.
 */
let firstScroll = 0
function KeepFirstScroll({ read }: { read?: boolean }) {
  useLayoutEffect(() => {
    if (read) firstScroll = window.scrollY
    else if (firstScroll) window.scrollTo(0, firstScroll)
  }, [read])
  return null
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
      lazyPage('/menu', 'menu-page', () => import('./pages/menu-page')),
      lazyPage('/about', 'about-page', () => import('./pages/about-page')),
      // The statechart viewer: the server answers 404 unless it is switched on (server/http/statecharts.ts).
      lazyPage('/statecharts', 'statecharts-page', () => import('./pages/statecharts-page')),
      lazyPage(
        '/event/:id/registered',
        'event-registered-page',
        () => import('./pages/event-registered-page'),
      ),
      lazyPage(
        '/membership-program',
        'membership-program-page',
        () => import('./pages/membership-program-page'),
      ),
      lazyPage('/membership', 'membership-page', () => import('./pages/membership-page')),
      lazyPage(
        '/membership/application',
        'application-page',
        () => import('./pages/application-page'),
      ),
      lazyPage(
        '/membership/community-application',
        'community-application-page',
        () => import('./pages/community-application-page'),
      ),
      { path: '/memberships', element: <Navigate to="/membership" replace /> },
      lazyPage(
        '/membership/about',
        'membership-about-page',
        () => import('./pages/membership-about-page'),
      ),
      lazyPage(
        '/membership/application/received',
        'application-received-page',
        () => import('./pages/application-received-page'),
        { browserOnly: true },
      ),
      lazyPage('/co-working', 'coworking-page', () => import('./pages/coworking-page')),
      lazyPage('/print-studio', 'print-studio-page', () => import('./pages/print-studio-page')),
      lazyPage(
        '/booked-coworking',
        'booked-coworking-page',
        () => import('./pages/booked-coworking-page'),
      ),
      lazyPage(
        '/booked-printstudio',
        'booked-printstudio-page',
        () => import('./pages/booked-printstudio-page'),
      ),
      lazyPage('/login', 'login-page', () => import('./pages/login-page')),
      lazyPage('/verify', 'verify-page', () => import('./pages/verify-page')),
      lazyPage(
        '/join-community',
        'join-community-page',
        () => import('./pages/join-community-page'),
        { browserOnly: true },
      ),
      lazyPage('/member-signup', 'member-signup-page', () => import('./pages/member-signup-page')),
      lazyPage('/invite/:code', 'invite-page', () => import('./pages/invite-page')),
      lazyPage('/login-sent', 'login-sent-page', () => import('./pages/login-sent-page')),
      // The links of e-mails, for people with or without an account: each carries its own secret.
      lazyPage('/waitlist/:token', 'waitlist-page', () => import('./pages/waitlist-page'), {
        browserOnly: true,
      }),
      lazyPage(
        '/manage/:code',
        'manage-booking-page',
        () => import('./pages/manage-booking-page'),
        {
          browserOnly: true,
        },
      ),
      lazyPage(
        '/confirm/:code',
        'ticket-request-page',
        () => import('./pages/ticket-request-page'),
        {
          browserOnly: true,
        },
      ),
      // Named by both documents and described by neither: the menu is the one place it can mean.
      { path: '/menu/:id', element: <Navigate to="/menu" replace /> },
      {
        element: <ProtectedRoute />,
        handle: { browserOnly: true } satisfies RouteHandle,
        children: [
          lazyPage('/profile', 'profile-page', () => import('./pages/profile-page')),
          lazyPage('/profile/info', 'profile-info-page', () => import('./pages/profile-info-page')),
          lazyPage('/profile/edit', 'profile-edit-page', () => import('./pages/profile-edit-page')),
          lazyPage('/profile/payment', 'plan-page', () => import('./pages/plan-page')),
          lazyPage(
            '/profile/payment/confirm',
            'plan-confirm-page',
            () => import('./pages/plan-confirm-page'),
          ),
          lazyPage(
            '/profile/edit-community',
            'edit-community-page',
            () => import('./pages/edit-community-page'),
          ),
          lazyPage(
            '/profile/bookings',
            'profile-bookings-page',
            () => import('./pages/profile-bookings-page'),
          ),
          lazyPage(
            '/profile/payments',
            'profile-payments-page',
            () => import('./pages/profile-payments-page'),
          ),
          lazyPage(
            '/profile/wallet',
            'profile-wallet-page',
            () => import('./pages/profile-wallet-page'),
          ),
          lazyPage(
            '/profile/community',
            'profile-community-page',
            () => import('./pages/profile-community-page'),
          ),
          lazyPage('/tour', 'tour-page', () => import('./pages/tour-page')),
          lazyPage('/bye-laws', 'bye-laws-page', () => import('./pages/bye-laws-page')),
          // The front desk: the server answers its calls for staff only (403 for anyone else).
          lazyPage('/staff', 'staff-page', () => import('./pages/staff-page')),
          lazyPage(
            '/staff/check-in',
            'staff-check-in-page',
            () => import('./pages/staff-check-in-page'),
          ),
          lazyPage(
            '/staff/applications',
            'staff-applications-page',
            () => import('./pages/staff-applications-page'),
          ),
          lazyPage(
            '/staff/applications/:applicationId',
            'application-review-page',
            () => import('./pages/application-review-page'),
          ),
          lazyPage(
            '/staff/payments',
            'staff-payments-page',
            () => import('./pages/staff-payments-page'),
          ),
          lazyPage('/staff/events', 'staff-events-page', () => import('./pages/staff-events-page')),
          lazyPage(
            '/staff/events/:eventId',
            'event-editor-page',
            () => import('./pages/event-editor-page'),
          ),
          lazyPage(
            '/staff/members',
            'staff-members-page',
            () => import('./pages/staff-members-page'),
          ),
          lazyPage('/staff/spaces', 'staff-spaces-page', () => import('./pages/staff-spaces-page')),
          lazyPage(
            '/staff/bookings',
            'staff-bookings-page',
            () => import('./pages/staff-bookings-page'),
          ),
          lazyPage(
            '/staff/bookings/:bookingId',
            'staff-booking-page',
            () => import('./pages/staff-booking-page'),
          ),
          lazyPage('/staff/audit', 'staff-audit-page', () => import('./pages/staff-audit-page')),
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
