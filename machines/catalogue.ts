import { bookingsListMachine } from './bookings-list.machine'
import { calendarMachine } from './calendar.machine'
import { carouselMachine } from './carousel.machine'
import { confirmationMachine } from './confirmation.machine'
import { coworkingMachine } from './coworking.machine'
import { eventDetailMachine } from './event-detail.machine'
import { paymentReturnMachine } from './payment-return.machine'
import { printStudioMachine } from './print-studio.machine'
import { rsvpMachine } from './rsvp.machine'
import { sessionExpiryMachine } from './session-expiry.machine'
import { studioRebookMachine } from './studio-rebook.machine'
import { venuesMachine } from './venues.machine'
import { viewerMachine } from './viewer.machine'

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
] as const
