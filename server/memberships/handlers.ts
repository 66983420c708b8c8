import { PLANS } from '../../machines/rules/membership'
import type { Handler } from '../http/operations'

/** The membership plans: the same constants the app shows and the payment is priced from. */
export function plansService(): { listPlans: Handler<'listPlans'> } {
  return {
    async listPlans() {
      return {
        status: 'success' as const,
        data: PLANS.map((plan) => ({
          id: plan.id,
          amountDollar: plan.amountDollar,
          amountNaira: plan.amountNaira,
          period: plan.period,
          numberOfMembers: plan.numberOfMembers as 4 | 6 | 8 | null,
        })),
      }
    },
  }
}
