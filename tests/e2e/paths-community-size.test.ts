import { communitySizeViews } from '../../machines/community-size.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The community size model paths (a pending, an active and no community), replayed in Chromium.
describeBrowserPaths(communitySizeViews)
