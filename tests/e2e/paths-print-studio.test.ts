import { printStudioViews } from '../../machines/print-studio.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The print studio model's paths for a signed-in member, replayed in Chromium on the real app.
describeBrowserPaths(printStudioViews)
