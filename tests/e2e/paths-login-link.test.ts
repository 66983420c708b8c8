import { loginLinkViews } from '../../machines/login-link.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The login-link model's paths, replayed in Chromium on the real app.
describeBrowserPaths(loginLinkViews)
