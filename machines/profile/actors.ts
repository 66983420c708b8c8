import { fromPromise } from 'xstate'
import { type Api, ApiError, type components, expectData } from '../../openapi/client'
import type { MemberProfile } from './machine'

type Community = components['schemas']['Community']

/**
 * The person's first community, or null when they have none. A failure other than a dead
 * token (the communities call may not answer yet) counts as none: the profile still shows.
 */
export async function firstCommunity(api: Api, signal?: AbortSignal): Promise<Community | null> {
  try {
    const body = await expectData(api.GET('/communities', { signal }))
    return body.data[0] ?? null
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error
    console.warn('Could not read the communities', error)
    return null
  }
}

export const profileActors = (api: Api) => ({
  loadProfile: fromPromise<MemberProfile>(async ({ signal }) => {
    const [profile, community] = await Promise.all([
      expectData(api.GET('/accounts/profile', { signal })),
      firstCommunity(api, signal),
    ])
    return { account: profile.account, community }
  }),
})
