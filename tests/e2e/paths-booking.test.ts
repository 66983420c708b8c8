import { bookingFlows } from '../../machines/flows'
import { describeBrowserPaths } from '../support/browser-paths'
import { viewsOf } from '../support/flows'

// The model's paths of every booking flow that has browser views (tests/e2e/views/), replayed
// in Chromium on the real app: each state checked on the page, each event made as a person would.
describeBrowserPaths(await viewsOf(Object.keys(bookingFlows) as (keyof typeof bookingFlows)[]))
