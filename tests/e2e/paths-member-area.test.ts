import { describeBrowserPaths } from '../support/browser-paths'
import { membershipFlowsSplit, viewsOf } from '../support/flows'

// The model's paths of the member area's flows that have browser views (tests/e2e/views/), from
// the profile on, replayed in Chromium as in paths-membership.test.ts.
describeBrowserPaths(await viewsOf(membershipFlowsSplit().memberArea))
