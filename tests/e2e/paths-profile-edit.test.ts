import { profileEditViews } from '../../machines/profile-edit.views'
import { describeBrowserPaths } from '../support/browser-paths'

// Ada's profile editing model paths (details, picture, refusals, an ended session), replayed in Chromium.
describeBrowserPaths(profileEditViews)
