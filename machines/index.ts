import { bookingsListModel } from './bookings-list.model'
import { calendarModel } from './calendar.model'
import { carouselModel } from './carousel.model'
import { confirmationModel } from './confirmation.model'
import { coworkingModel } from './coworking.model'
import { eventDetailModel } from './event-detail.model'
import type { FlowModel } from './model'
import { paymentReturnModel } from './payment-return.model'
import { printStudioModel } from './print-studio.model'
import { rsvpModel } from './rsvp.model'
import { sessionExpiryModel } from './session-expiry.model'
import { studioRebookModel } from './studio-rebook.model'
import { venuesModel } from './venues.model'
import { viewerModel } from './viewer.model'

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
]
