import { useLayoutEffect } from 'react'
import {
  type Location,
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
} from 'react-router-dom'
import { CalendarPage } from './calendar/calendar-page'
import { SessionExpiredBanner } from './session-expiry/session-expired-banner'
import { ProtectedRoute } from './shared/protected-route'

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
  /** The page's module under src/ ('venues/venues-page'): Vite's manifest names its code so. */
  page: string,
  load: () => Promise<{ default: React.ComponentType }>,
  { browserOnly = false } = {},
) => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
  handle: { page: `src/${page}.tsx`, browserOnly } satisfies RouteHandle,
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
        lazy: async () => ({
          Component: (await import('./event-detail/event-detail-page')).EventPage,
        }),
        handle: { page: 'src/event-detail/event-detail-page.tsx' } satisfies RouteHandle,
      },
      lazyPage('/menu', 'venues/venues-page', () => import('./venues/venues-page')),
      lazyPage('/about', 'pages/about-page', () => import('./pages/about-page')),
      // The statechart viewer: the server answers 404 unless it is switched on (server/http/statecharts.ts).
      lazyPage(
        '/statecharts',
        'statecharts/statecharts-page',
        () => import('./statecharts/statecharts-page'),
      ),
      lazyPage(
        '/event/:id/registered',
        'confirmation/event-registered-page',
        () => import('./confirmation/event-registered-page'),
      ),
      lazyPage(
        '/membership-program',
        'subscribe/subscribe-page',
        () => import('./subscribe/subscribe-page'),
      ),
      lazyPage('/membership', 'plans/plans-page', () => import('./plans/plans-page')),
      lazyPage(
        '/membership/application',
        'application/application-page',
        () => import('./application/application-page'),
      ),
      lazyPage(
        '/membership/community-application',
        'community-application/community-application-page',
        () => import('./community-application/community-application-page'),
      ),
      { path: '/memberships', element: <Navigate to="/membership" replace /> },
      lazyPage(
        '/membership/about',
        'pages/membership-about-page',
        () => import('./pages/membership-about-page'),
      ),
      lazyPage(
        '/membership/application/received',
        'application/application-received-page',
        () => import('./application/application-received-page'),
        { browserOnly: true },
      ),
      lazyPage(
        '/co-working',
        'coworking/coworking-page',
        () => import('./coworking/coworking-page'),
      ),
      lazyPage(
        '/print-studio',
        'print-studio/print-studio-page',
        () => import('./print-studio/print-studio-page'),
      ),
      lazyPage(
        '/booked-coworking',
        'confirmation/booked-coworking-page',
        () => import('./confirmation/booked-coworking-page'),
      ),
      lazyPage(
        '/booked-printstudio',
        'confirmation/booked-printstudio-page',
        () => import('./confirmation/booked-printstudio-page'),
      ),
      lazyPage('/login', 'login-link/login-page', () => import('./login-link/login-page')),
      lazyPage('/verify', 'verify/verify-page', () => import('./verify/verify-page')),
      lazyPage('/join-community', 'join/join-page', () => import('./join/join-page'), {
        browserOnly: true,
      }),
      lazyPage(
        '/member-signup',
        'member-signup/member-signup-page',
        () => import('./member-signup/member-signup-page'),
      ),
      lazyPage('/invite/:code', 'invite/invite-page', () => import('./invite/invite-page')),
      lazyPage(
        '/login-sent',
        'login-link/login-sent-page',
        () => import('./login-link/login-sent-page'),
      ),
      // The links of e-mails, for people with or without an account: each carries its own secret.
      lazyPage(
        '/waitlist/:token',
        'waitlist/waitlist-offer-page',
        () => import('./waitlist/waitlist-offer-page'),
        {
          browserOnly: true,
        },
      ),
      lazyPage(
        '/manage/:code',
        'manage-booking/manage-booking-page',
        () => import('./manage-booking/manage-booking-page'),
        {
          browserOnly: true,
        },
      ),
      lazyPage(
        '/confirm/:code',
        'ticket-request/ticket-request-page',
        () => import('./ticket-request/ticket-request-page'),
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
          lazyPage('/profile', 'profile/profile-page', () => import('./profile/profile-page')),
          lazyPage(
            '/profile/info',
            'profile/profile-info-page',
            () => import('./profile/profile-info-page'),
          ),
          lazyPage(
            '/profile/edit',
            'profile-edit/profile-edit-page',
            () => import('./profile-edit/profile-edit-page'),
          ),
          lazyPage(
            '/profile/payment',
            'plan-choice/plan-choice-page',
            () => import('./plan-choice/plan-choice-page'),
          ),
          lazyPage(
            '/profile/payment/confirm',
            'plan-payment/plan-payment-page',
            () => import('./plan-payment/plan-payment-page'),
          ),
          lazyPage(
            '/profile/edit-community',
            'community-size/community-size-page',
            () => import('./community-size/community-size-page'),
          ),
          lazyPage(
            '/profile/bookings',
            'bookings-list/bookings-list-page',
            () => import('./bookings-list/bookings-list-page'),
          ),
          lazyPage(
            '/profile/payments',
            'payments-list/payments-list-page',
            () => import('./payments-list/payments-list-page'),
          ),
          lazyPage('/profile/wallet', 'wallet/wallet-page', () => import('./wallet/wallet-page')),
          lazyPage(
            '/profile/community',
            'community-members/community-members-page',
            () => import('./community-members/community-members-page'),
          ),
          lazyPage('/tour', 'tour/tour-page', () => import('./tour/tour-page')),
          lazyPage('/bye-laws', 'pages/bye-laws-page', () => import('./pages/bye-laws-page')),
          // The front desk: the server answers its calls for staff only (403 for anyone else).
          lazyPage(
            '/staff',
            'staff-day/staff-day-page',
            () => import('./staff-day/staff-day-page'),
          ),
          lazyPage(
            '/staff/check-in',
            'check-in/check-in-page',
            () => import('./check-in/check-in-page'),
          ),
          lazyPage(
            '/staff/applications',
            'staff-applications/staff-applications-page',
            () => import('./staff-applications/staff-applications-page'),
          ),
          lazyPage(
            '/staff/applications/:applicationId',
            'application-review/application-review-page',
            () => import('./application-review/application-review-page'),
          ),
          lazyPage(
            '/staff/payments',
            'staff-payments/staff-payments-page',
            () => import('./staff-payments/staff-payments-page'),
          ),
          lazyPage(
            '/staff/events',
            'staff-events/staff-events-page',
            () => import('./staff-events/staff-events-page'),
          ),
          lazyPage(
            '/staff/events/:eventId',
            'event-editor/event-editor-page',
            () => import('./event-editor/event-editor-page'),
          ),
          lazyPage(
            '/staff/members',
            'staff-members/staff-members-page',
            () => import('./staff-members/staff-members-page'),
          ),
          lazyPage(
            '/staff/spaces',
            'staff-spaces/staff-spaces-page',
            () => import('./staff-spaces/staff-spaces-page'),
          ),
          lazyPage(
            '/staff/bookings',
            'staff-bookings/staff-bookings-page',
            () => import('./staff-bookings/staff-bookings-page'),
          ),
          lazyPage(
            '/staff/bookings/:bookingId',
            'staff-booking/staff-booking-page',
            () => import('./staff-booking/staff-booking-page'),
          ),
          lazyPage(
            '/staff/audit',
            'staff-audit/staff-audit-page',
            () => import('./staff-audit/staff-audit-page'),
          ),
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
