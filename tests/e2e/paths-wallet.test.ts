import { walletViews } from '../../machines/wallet.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The wallet page's paths for an active member, a community member and an inactive member,
// replayed in Chromium on the real app.
describeBrowserPaths(walletViews)
