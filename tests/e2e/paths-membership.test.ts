import { describeBrowserPaths } from '../support/browser-paths'
import { membershipFlowsSplit, staffFlowsSplit, viewsOf } from '../support/flows'

// The model's paths of every membership flow that has browser views (tests/e2e/views/), replayed
// in Chromium on the real app: each state checked on the page, each event made as a person would.
// The public pages' flows, and the staff office's; the member area's are in
// paths-member-area.test.ts, the front desk's in paths-staff-desk.test.ts.
describeBrowserPaths(
  await viewsOf([...membershipFlowsSplit().publicPages, ...staffFlowsSplit().office]),
)
