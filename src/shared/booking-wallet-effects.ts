import type { WalletIds } from '../../machines/checkout/wallets'
import { storage } from '../storage'

/**
 * The browser's side of the wallets' read, the same for every booking flow: the ids are kept in
 * storage (the spec's `wallet` and `communityWallet`). A dead session on the read is said out loud
 * by the API client ('GET /wallets' is one of its SESSION_ENDING_CALLS), as a payment's 401 is.
 */
export const bookingWalletEffects = {
  rememberWallets: (_: unknown, ids: WalletIds) => storage.rememberWallets(ids),
}
