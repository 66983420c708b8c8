import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { PlanOption } from './machine'

export const planChoiceActors = (api: Api) => ({
  loadPlans: fromPromise<PlanOption[]>(
    async ({ signal }) => (await expectData(api.GET('/plans', { signal }))).data,
  ),
})
