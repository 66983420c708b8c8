import { paymentReturnViews } from '../../machines/payment-return.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The payment-return model's paths, replayed in Chromium on the real app.
describeBrowserPaths(paymentReturnViews)
