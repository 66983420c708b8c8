import { confirmationViews } from '../../machines/confirmation.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The confirmation model's paths, replayed in Chromium on the real app.
describeBrowserPaths(confirmationViews)
