import { fromPromise } from 'xstate'
import { type Api, ApiError, expectData } from '../../openapi/client'
import { readWallets } from '../checkout/actors'
import { firstCommunity } from '../profile/actors'
import { membershipStatus } from '../rules/profile'
import type { WalletHistories, WalletsLoaded, WalletTransaction } from './machine'

/** One wallet's transactions; any failure but a dead token is an empty list (spec, section 8). */
async function historyOf(
  api: Api,
  walletId: string | null,
  signal?: AbortSignal,
): Promise<WalletTransaction[]> {
  if (!walletId) return []
  try {
    const body = await expectData(
      api.GET('/wallets/history/{walletId}', { params: { path: { walletId } }, signal }),
    )
    return body.data
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error
    console.warn('Could not read the wallet history', error)
    return []
  }
}

export const walletActors = (api: Api) => ({
  loadWallets: fromPromise<WalletsLoaded>(async ({ signal }) => {
    const [wallets, profile, community] = await Promise.all([
      readWallets(api, signal),
      expectData(api.GET('/accounts/profile', { signal })),
      firstCommunity(api, signal),
    ])
    return {
      userWallet: wallets.userWallet,
      communityWallets: wallets.communityWallets,
      status: membershipStatus(profile.account, community),
    }
  }),
  createWallet: fromPromise<WalletsLoaded, { status: string | null }>(async ({ input, signal }) => {
    const body = await expectData(api.POST('/wallets', { signal }))
    return {
      userWallet: body.data.userWallet,
      communityWallets: body.data.communityWallets,
      status: input.status,
    }
  }),
  loadHistories: fromPromise<
    WalletHistories,
    { personalId: string | null; communityId: string | null }
  >(async ({ input, signal }) => {
    const [personal, community] = await Promise.all([
      historyOf(api, input.personalId, signal),
      historyOf(api, input.communityId, signal),
    ])
    return { personal, community }
  }),
})
