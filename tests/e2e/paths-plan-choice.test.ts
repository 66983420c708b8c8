import { planChoiceViews } from '../../machines/plan-choice.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The plan list's model paths for Tunde (lapsed), with a dropped connection and Try again, replayed in Chromium.
describeBrowserPaths(planChoiceViews)
