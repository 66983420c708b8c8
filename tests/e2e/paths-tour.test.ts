import { tourViews } from '../../machines/tour.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The welcome tour's model paths, forward, back, Skip and Finish, replayed in Chromium on the real app.
describeBrowserPaths(tourViews)
