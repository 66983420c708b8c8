import { PLANS } from '../../machines/rules/membership'
import { staffAccount } from '../http/auth'
import type { Handler, HandlerDeps } from '../http/operations'
import { extendMembership as extend, searchMembers as findMembers } from './staff-members'

/** The membership plans: the same constants the app shows and the payment is priced from. */
export function membershipsHandlers(deps: HandlerDeps) {
  const { db, now } = deps
  const searchMembers: Handler<'searchMembers'> = async (request) => {
    return { members: await findMembers(db, request.query.q ?? '', now()) }
  }

  const extendMembership: Handler<'extendMembership'> = async (request) => {
    const staff = staffAccount(request)
    const { until, reason } = request.body
    return extend({ db, actor: staff, now: now() }, request.params.memberId, until, reason)
  }

  const listPlans: Handler<'listPlans'> = async () => ({
    status: 'success' as const,
    data: PLANS.map((plan) => ({
      id: plan.id,
      amountDollar: plan.amountDollar,
      amountNaira: plan.amountNaira,
      period: plan.period,
      numberOfMembers: plan.numberOfMembers as 4 | 6 | 8 | null,
    })),
  })

  return { listPlans, searchMembers, extendMembership }
}
