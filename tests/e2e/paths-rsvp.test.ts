import { rsvpViews } from '../../machines/rsvp.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The RSVP model's paths for a guest, free and paid by card, replayed in Chromium on the real app.
describeBrowserPaths(rsvpViews)
