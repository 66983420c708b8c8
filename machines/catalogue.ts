import { applicationMachine } from './application.machine'
import { bookingsListMachine } from './bookings-list.machine'
import { calendarMachine } from './calendar.machine'
import { carouselMachine } from './carousel.machine'
import { communityApplicationMachine } from './community-application.machine'
import { communityMembersMachine } from './community-members.machine'
import { communitySizeMachine } from './community-size.machine'
import { confirmationMachine } from './confirmation.machine'
import { coworkingMachine } from './coworking.machine'
import { eventDetailMachine } from './event-detail.machine'
import { inviteMachine } from './invite.machine'
import { joinMachine } from './join.machine'
import { loginLinkMachine } from './login-link.machine'
import { memberSignupMachine } from './member-signup.machine'
import { paymentReturnMachine } from './payment-return.machine'
import { paymentsListMachine } from './payments-list.machine'
import { planChoiceMachine } from './plan-choice.machine'
import { planPaymentMachine } from './plan-payment.machine'
import { plansMachine } from './plans.machine'
import { printStudioMachine } from './print-studio.machine'
import { profileMachine } from './profile.machine'
import { profileEditMachine } from './profile-edit.machine'
import { rsvpMachine } from './rsvp.machine'
import { sessionExpiryMachine } from './session-expiry.machine'
import { studioRebookMachine } from './studio-rebook.machine'
import { subscribeMachine } from './subscribe.machine'
import { topUpMachine } from './top-up.machine'
import { tourMachine } from './tour.machine'
import { venuesMachine } from './venues.machine'
import { verifyMachine } from './verify.machine'
import { viewerMachine } from './viewer.machine'
import { walletMachine } from './wallet.machine'

/**
 * Every flow machine, without the models' test inputs: what the statechart viewer draws. The
 * models in `index.ts` walk the same machines, in the same order (a unit test keeps them alike).
 */
export const flowMachines = [
  calendarMachine,
  eventDetailMachine,
  viewerMachine,
  sessionExpiryMachine,
  venuesMachine,
  carouselMachine,
  rsvpMachine,
  coworkingMachine,
  confirmationMachine,
  paymentReturnMachine,
  bookingsListMachine,
  printStudioMachine,
  studioRebookMachine,
  plansMachine,
  subscribeMachine,
  loginLinkMachine,
  verifyMachine,
  inviteMachine,
  joinMachine,
  applicationMachine,
  communityApplicationMachine,
  memberSignupMachine,
  profileMachine,
  profileEditMachine,
  paymentsListMachine,
  planChoiceMachine,
  planPaymentMachine,
  communitySizeMachine,
  tourMachine,
  walletMachine,
  topUpMachine,
  communityMembersMachine,
] as const
