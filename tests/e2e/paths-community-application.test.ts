import { communityApplicationViews } from '../../machines/community-application.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The community application's model paths, replayed in Chromium on the real app.
describeBrowserPaths(communityApplicationViews)
