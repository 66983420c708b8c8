// Apart from the rest of the membership rules: the app's first screen (the viewer) needs only
// this, and the plans, banners and periods load with the pages that show them.

/** The subscription status that marks an active member. */
export const ACTIVE = 'Active'

/** Whether a subscription (or community) status makes someone an active member. */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status === ACTIVE
}
