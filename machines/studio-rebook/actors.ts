import type { Api } from '../../openapi/client'
import { initiateBookingPayment } from '../checkout/actors'
import { loadStudioOptions } from '../print-studio/actors'

/** The same two calls as the print-studio page: the studio's days and item, then a card payment. */
export const studioRebookActors = (api: Api) => ({
  loadStudio: loadStudioOptions(api),
  initiatePayment: initiateBookingPayment(api),
})
