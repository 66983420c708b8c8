import { plansViews } from '../../machines/plans.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The plans model's paths, replayed in Chromium on the real app.
describeBrowserPaths(plansViews)
