import { planPaymentViews } from '../../machines/plan-payment.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The plan payment's model paths for Tunde, up to the sandbox checkout or the server's refusal, in Chromium.
describeBrowserPaths(planPaymentViews)
