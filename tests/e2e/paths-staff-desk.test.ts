import { describeBrowserPaths } from '../support/browser-paths'
import { staffFlowsSplit, viewsOf } from '../support/flows'

// The model's paths of the front desk's flows (the day, the door, events, bookings and spaces),
// replayed in Chromium as in paths-membership.test.ts.
describeBrowserPaths(await viewsOf(staffFlowsSplit().desk))
