import { inviteViews } from '../../machines/invite.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The invite model's paths, replayed in Chromium on the real app.
describeBrowserPaths(inviteViews)
