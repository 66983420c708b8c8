import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'

type Account = components['schemas']['Account']

export const viewerActors = (api: Api) => ({
  loadProfile: fromPromise<Account>(
    async ({ signal }) => (await expectData(api.GET('/accounts/profile', { signal }))).account,
  ),
})
