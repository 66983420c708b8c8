import type { components } from '../../openapi/schema'

/** A staff member's role (the contract's `StaffRole`). */
export type StaffRole = components['schemas']['StaffRole']

/**
 * From the narrowest to the widest: each role may do all that the roles before it may (the
 * door: the day and check-in; the desk: also bookings, applications and spaces; the manager:
 * also events, members, payments, refunds and the audit log; the owner: also the staff).
 */
export const STAFF_ROLES = [
  'door',
  'desk',
  'manager',
  'owner',
] as const satisfies readonly StaffRole[]

/** Whether a staff member of `role` (null: not staff) may use what needs `needed`. */
export function roleAllows(role: StaffRole | null | undefined, needed: StaffRole): boolean {
  if (!role) return false
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed)
}

/**
 * The least role each of the staff's pages under /staff needs: its operations' in the contract
 * (tests/unit/staff-roles.test.ts checks they agree). The day and check-in need 'door'.
 */
export const STAFF_TOOL_ROLES = {
  '/staff/bookings': 'desk',
  '/staff/applications': 'desk',
  '/staff/spaces': 'desk',
  '/staff/events': 'manager',
  '/staff/members': 'manager',
  '/staff/payments': 'manager',
  '/staff/audit': 'manager',
} as const satisfies Record<string, StaffRole>

export type StaffTool = keyof typeof STAFF_TOOL_ROLES

/** `role` when it is one, else null: what a command line or a stored value says. */
export function staffRoleOf(value: unknown): StaffRole | null {
  return STAFF_ROLES.find((role) => role === value) ?? null
}
