import { memberSignupViews } from '../../machines/member-signup.views'
import { describeBrowserPaths } from '../support/browser-paths'

// Member signup's model paths, replayed in Chromium on the real app.
describeBrowserPaths(memberSignupViews)
