import { paymentsListViews } from '../../machines/payments-list.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The payments list's model paths for Ada (has paid) and Femi (never has), replayed in Chromium on the real app.
describeBrowserPaths(paymentsListViews)
