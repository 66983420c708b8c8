import { applicationModel } from './application.model'
import { bookingsListModel } from './bookings-list.model'
import { calendarModel } from './calendar.model'
import { carouselModel } from './carousel.model'
import { communityApplicationModel } from './community-application.model'
import { communityMembersModel } from './community-members.model'
import { communitySizeModel } from './community-size.model'
import { confirmationModel } from './confirmation.model'
import { coworkingModel } from './coworking.model'
import { eventDetailModel } from './event-detail.model'
import { inviteModel } from './invite.model'
import { joinModel } from './join.model'
import { loginLinkModel } from './login-link.model'
import { memberSignupModel } from './member-signup.model'
import type { FlowModel } from './model'
import { paymentReturnModel } from './payment-return.model'
import { paymentsListModel } from './payments-list.model'
import { planChoiceModel } from './plan-choice.model'
import { planPaymentModel } from './plan-payment.model'
import { plansModel } from './plans.model'
import { printStudioModel } from './print-studio.model'
import { profileModel } from './profile.model'
import { profileEditModel } from './profile-edit.model'
import { rsvpModel } from './rsvp.model'
import { sessionExpiryModel } from './session-expiry.model'
import { studioRebookModel } from './studio-rebook.model'
import { subscribeModel } from './subscribe.model'
import { topUpModel } from './top-up.model'
import { tourModel } from './tour.model'
import { venuesModel } from './venues.model'
import { verifyModel } from './verify.model'
import { viewerModel } from './viewer.model'
import { walletModel } from './wallet.model'

/**
 * The catalogue of every flow machine. The model tests and `npm run paths` read it: a new machine
 * is covered by adding its model here, and drawn by the statechart viewer by adding it to
 * `catalogue.ts` (a unit test keeps the two lists alike).
 */
export const catalogue: FlowModel[] = [
  calendarModel,
  eventDetailModel,
  viewerModel,
  sessionExpiryModel,
  venuesModel,
  carouselModel,
  rsvpModel,
  coworkingModel,
  confirmationModel,
  paymentReturnModel,
  bookingsListModel,
  printStudioModel,
  studioRebookModel,
  plansModel,
  subscribeModel,
  loginLinkModel,
  verifyModel,
  inviteModel,
  joinModel,
  applicationModel,
  communityApplicationModel,
  memberSignupModel,
  profileModel,
  profileEditModel,
  paymentsListModel,
  planChoiceModel,
  planPaymentModel,
  communitySizeModel,
  tourModel,
  walletModel,
  topUpModel,
  communityMembersModel,
]
