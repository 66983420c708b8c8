import { fromPromise } from 'xstate'
import { type Api, expectData } from '../openapi/client'

export const viewerActors = (api: Api) => ({
  loadProfile: fromPromise(
    async ({ signal }) => (await expectData(api.GET('/accounts/profile', { signal }))).account,
  ),
})
