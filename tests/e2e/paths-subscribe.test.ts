import { subscribeViews } from '../../machines/subscribe.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The subscribe model's paths, replayed in Chromium on the real app.
describeBrowserPaths(subscribeViews)
