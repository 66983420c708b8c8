import { calendarModel } from './calendar.model'
import { carouselModel } from './carousel.model'
import { eventDetailModel } from './event-detail.model'
import type { FlowModel } from './model'
import { sessionExpiryModel } from './session-expiry.model'
import { venuesModel } from './venues.model'
import { viewerModel } from './viewer.model'

/**
 * The catalogue of every flow machine. The model tests, `npm run paths` and the statechart
 * viewer all read it: a new machine is covered by adding its model here.
 */
export const catalogue: FlowModel[] = [
  calendarModel,
  eventDetailModel,
  viewerModel,
  sessionExpiryModel,
  venuesModel,
  carouselModel,
]
