import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { Plan } from '../rules/membership'

export const plansActors = (api: Api) => ({
  loadPlans: fromPromise<Plan[]>(async ({ signal }) => {
    const body = await expectData(api.GET('/plans', { signal }))
    return body.data
  }),
})
