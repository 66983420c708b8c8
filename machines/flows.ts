import { appUpdateMachine } from './app-update/machine'
import { applicantFormMachine } from './applicant-form/machine'
import { applicationMachine } from './application/machine'
import { applicationReviewMachine } from './application-review/machine'
import { bookingCancelMachine } from './booking-cancel/machine'
import { bookingsListMachine } from './bookings-list/machine'
import { calendarMachine } from './calendar/machine'
import { carouselMachine } from './carousel/machine'
import { checkInMachine } from './check-in/machine'
import { checkInQueueMachine } from './check-in/queue/machine'
import { checkoutMachine } from './checkout/machine'
import { communityApplicationMachine } from './community-application/machine'
import { communityMembersMachine } from './community-members/machine'
import { communitySizeMachine } from './community-size/machine'
import { confirmationMachine } from './confirmation/machine'
import { coworkingMachine } from './coworking/machine'
import { downloadMachine } from './download/machine'
import { eventDetailMachine } from './event-detail/machine'
import { eventEditorMachine } from './event-editor/machine'
import { inviteMachine } from './invite/machine'
import { joinMachine } from './join/machine'
import { loginLinkMachine } from './login-link/machine'
import { manageBookingMachine } from './manage-booking/machine'
import { memberSignupMachine } from './member-signup/machine'
import { paymentReturnMachine } from './payment-return/machine'
import { paymentsListMachine } from './payments-list/machine'
import { planChoiceMachine } from './plan-choice/machine'
import { planPaymentMachine } from './plan-payment/machine'
import { plansMachine } from './plans/machine'
import { printStudioMachine } from './print-studio/machine'
import { profileMachine } from './profile/machine'
import { profileEditMachine } from './profile-edit/machine'
import { rsvpMachine } from './rsvp/machine'
import { sessionExpiryMachine } from './session-expiry/machine'
import { staffApplicationsMachine } from './staff-applications/machine'
import { staffAuditMachine } from './staff-audit/machine'
import { staffBookingMachine } from './staff-booking/machine'
import { staffBookingsMachine } from './staff-bookings/machine'
import { staffDayMachine } from './staff-day/machine'
import { staffEventsMachine } from './staff-events/machine'
import { staffMembersMachine } from './staff-members/machine'
import { staffPaymentsMachine } from './staff-payments/machine'
import { staffSpacesMachine } from './staff-spaces/machine'
import { studioRebookMachine } from './studio-rebook/machine'
import { subscribeMachine } from './subscribe/machine'
import { ticketRequestMachine } from './ticket-request/machine'
import { topUpMachine } from './top-up/machine'
import { tourMachine } from './tour/machine'
import { venuesMachine } from './venues/machine'
import { verifyMachine } from './verify/machine'
import { viewerMachine } from './viewer/machine'
import { waitlistJoinMachine } from './waitlist/join/machine'
import { waitlistOfferMachine } from './waitlist/offer/machine'
import { walletMachine } from './wallet/machine'

/**
 * Every flow of the app, named by its folder under machines/ (machine.ts, actors.ts, model.ts and,
 * where a view needs derived values, selectors.ts); a flow of two machines names each by its
 * subfolder ('waitlist/join'). This is the one list: the statechart viewer
 * draws these machines, and the model tests, `npm run paths` and the browser replays find each
 * flow's model (and its views in tests/e2e/views/) by its name. A new flow is its folder and a
 * line here; a test fails when either is missing.
 *
 * Grouped as the two spec documents are: the booking area, then the membership programme.
 */
export const bookingFlows = {
  calendar: calendarMachine,
  'event-detail': eventDetailMachine,
  viewer: viewerMachine,
  'session-expiry': sessionExpiryMachine,
  'app-update': appUpdateMachine,
  venues: venuesMachine,
  carousel: carouselMachine,
  rsvp: rsvpMachine,
  coworking: coworkingMachine,
  checkout: checkoutMachine,
  confirmation: confirmationMachine,
  'payment-return': paymentReturnMachine,
  'bookings-list': bookingsListMachine,
  'booking-cancel': bookingCancelMachine,
  'manage-booking': manageBookingMachine,
  'ticket-request': ticketRequestMachine,
  // One folder, two machines: the form on a sold-out event's page, the page of its e-mails.
  'waitlist/join': waitlistJoinMachine,
  'waitlist/offer': waitlistOfferMachine,
  'print-studio': printStudioMachine,
  'studio-rebook': studioRebookMachine,
} as const

export const membershipFlows = {
  plans: plansMachine,
  subscribe: subscribeMachine,
  'login-link': loginLinkMachine,
  verify: verifyMachine,
  invite: inviteMachine,
  join: joinMachine,
  application: applicationMachine,
  'community-application': communityApplicationMachine,
  'member-signup': memberSignupMachine,
  'applicant-form': applicantFormMachine,
  profile: profileMachine,
  'profile-edit': profileEditMachine,
  'payments-list': paymentsListMachine,
  'plan-choice': planChoiceMachine,
  'plan-payment': planPaymentMachine,
  'community-size': communitySizeMachine,
  tour: tourMachine,
  wallet: walletMachine,
  'top-up': topUpMachine,
  'community-members': communityMembersMachine,
} as const

/** The house's own screens, for staff (/staff). */
export const staffFlows = {
  'staff-day': staffDayMachine,
  'check-in': checkInMachine,
  // The door's phone beside it: the list it keeps and the scans it sends later.
  'check-in/queue': checkInQueueMachine,
  'staff-applications': staffApplicationsMachine,
  'application-review': applicationReviewMachine,
  'staff-payments': staffPaymentsMachine,
  'staff-events': staffEventsMachine,
  'event-editor': eventEditorMachine,
  download: downloadMachine,
  'staff-members': staffMembersMachine,
  'staff-spaces': staffSpacesMachine,
  'staff-bookings': staffBookingsMachine,
  'staff-booking': staffBookingMachine,
  'staff-audit': staffAuditMachine,
} as const

export const flows = { ...bookingFlows, ...membershipFlows, ...staffFlows }

export type FlowName = keyof typeof flows

/** The machines in the list's order, for the viewer. */
export const flowMachines = Object.values(flows)
