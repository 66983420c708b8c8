import { joinViews } from '../../machines/join.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The join model's paths, replayed in Chromium on the real app.
describeBrowserPaths(joinViews)
