import { applicationViews } from '../../machines/application.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The individual application's model paths, replayed in Chromium on the real app.
describeBrowserPaths(applicationViews)
