import { setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

/**
 * Shared by every flow: a 401 on an authenticated call shows 'Login session has expired',
 * then after 3 s storage is cleared and the person goes to /login.
 */
export const sessionExpiryMachine = onFirstUse(() =>
  setup({
    types: {
      events: {} as { type: 'session.expired' },
      tags: {} as 'expired',
    },
    actions: {
      clearStorage: () => {},
      /** The page goes up to the banner: it is leaving anyway. */
      scrollToBanner: () => {},
      navigateToLogin: () => {},
    },
    delays: { sessionExpiredRedirect: 3000 },
  }).createMachine({
    id: 'sessionExpiry',
    initial: 'active',
    states: {
      active: { on: { 'session.expired': 'expired' } },
      expired: {
        tags: ['expired'],
        entry: 'scrollToBanner',
        after: {
          sessionExpiredRedirect: {
            target: 'active',
            actions: ['clearStorage', 'navigateToLogin'],
          },
        },
      },
    },
  }),
)
