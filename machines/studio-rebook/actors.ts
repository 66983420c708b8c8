import type { Api } from '../../openapi/client'
import { checkoutWithCalls } from '../checkout/actors'
import { loadStudioOptions } from '../print-studio/actors'

/** The same calls as the print-studio page: the studio's days and item, then the checkout. */
export const studioRebookActors = (api: Api) => ({
  loadStudio: loadStudioOptions(api),
  checkout: checkoutWithCalls(api),
})
