import { coworkingViews } from '../../machines/coworking.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The co-working model's paths for a signed-in member, replayed in Chromium on the real app.
describeBrowserPaths(coworkingViews)
