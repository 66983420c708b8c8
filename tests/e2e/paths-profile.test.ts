import { profileViews } from '../../machines/profile.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The profile's model paths for Ada, Zainab (a community's creator) and an ended session, replayed in Chromium.
describeBrowserPaths(profileViews)
