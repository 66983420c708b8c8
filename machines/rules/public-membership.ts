import { isValidEmail } from './email'
import type { Plan } from './membership'

/** Where an invitee completes the application: the code and their first name ride along. */
export function invitedApplicationPath(code: string, firstName: string): string {
  const query = new URLSearchParams({ code, name: firstName })
  return `/membership/application?${query.toString()}`
}

/** The login page, with the e-mail prefilled (and locked) when one is known. */
export function loginPath(email?: string | null): string {
  const address = email?.trim() ?? ''
  return address ? `/login?${new URLSearchParams({ email: address }).toString()}` : '/login'
}

/** The page that says a login link was sent, naming the address. */
export function loginSentPath(email: string): string {
  return `/login-sent?${new URLSearchParams({ email: email.trim() }).toString()}`
}

/** An e-mail from an address's query worth prefilling: a valid one, trimmed; else null. */
export function queryEmail(value: string | null | undefined): string | null {
  const email = value?.trim() ?? ''
  return isValidEmail(email) ? email : null
}

/** The individual plans first (shortest period first), then the community sizes, smallest first. */
export function splitPlans(plans: readonly Plan[]): { individual: Plan[]; community: Plan[] } {
  const individual = plans.filter((p) => p.numberOfMembers === null)
  const community = plans
    .filter((p) => p.numberOfMembers !== null)
    .sort((a, b) => (a.numberOfMembers ?? 0) - (b.numberOfMembers ?? 0))
  return {
    individual: [...individual].sort((a, b) => a.amountDollar - b.amountDollar),
    community,
  }
}

/** How a plan is named on the rates table: 'Individual' or 'Community of 6'. */
export function planName(plan: Plan): string {
  return plan.numberOfMembers === null ? 'Individual' : `Community of ${plan.numberOfMembers}`
}

/** A plan's period as people say it: '1 year' stays, '24 months' becomes '2 years'. */
export function periodLabel(period: string): string {
  const months = /^\s*(\d+)\s*months?\s*$/i.exec(period)
  const n = months ? Number(months[1]) : Number.NaN
  if (Number.isFinite(n) && n >= 12 && n % 12 === 0) {
    const years = n / 12
    return years === 1 ? '1 year' : `${years} years`
  }
  return period.trim()
}
