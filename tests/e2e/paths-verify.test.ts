import { verifyViews } from '../../machines/verify.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The verify model's paths, replayed in Chromium on the real app.
describeBrowserPaths(verifyViews)
