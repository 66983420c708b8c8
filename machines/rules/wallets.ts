import { formatMinor } from './money'

// Paying for a booking from a wallet: which wallets a person is offered, and whether one can pay
// a price. The event panel, co-working and the print studio use these same rules.

/** Where a person sees, sets up and tops up their wallet. */
export const WALLET_PATH = '/profile/wallet'

/** What GET /wallets answers (its data): the person's own wallet and their communities'. */
export interface LoadedWallets {
  userWallet: { id: string; Balance: number } | null
  communityWallets: { id: string; Balance: number }[]
}

/** A wallet a booking may be paid from: its id and its balance in kobo. */
export interface WalletChoice {
  id: string
  balance: number
}

/** The wallets offered: the person's own, and their community's (null when there is none). */
export interface WalletChoices {
  personal: WalletChoice | null
  community: WalletChoice | null
}

/**
 * The wallets a booking is offered: the person's own, and the first of their communities'
 * (every member of a community with a wallet, its creator too), as /profile/wallet shows them.
 */
export function walletChoices(loaded: LoadedWallets): WalletChoices {
  const own = loaded.userWallet
  const shared = loaded.communityWallets[0]
  return {
    personal: own ? { id: own.id, balance: own.Balance } : null,
    community: shared ? { id: shared.id, balance: shared.Balance } : null,
  }
}

/** Whether a balance covers a price, both in kobo. */
export function canAfford(balanceKobo: number, priceKobo: number): boolean {
  return balanceKobo >= priceKobo
}

/** What a balance lacks for a price, in kobo (0 when it covers it). */
export function shortfall(balanceKobo: number, priceKobo: number): number {
  return Math.max(0, priceKobo - balanceKobo)
}

/** A balance as the wallet buttons show it: 'Balance ₦25,000.00'. */
export function balanceText(balanceKobo: number): string {
  return `Balance ${formatMinor(balanceKobo, 'NGN')}`
}
