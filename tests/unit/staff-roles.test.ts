import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  roleAllows,
  STAFF_ROLES,
  STAFF_TOOL_ROLES,
  type StaffTool,
} from '../../machines/rules/staff-roles'
import { opensTool } from '../../machines/staff-day/selectors'

// The staff's roles (docs/decisions/049): each opens what the narrower ones do, and the console
// offers a role the pages whose calls the server lets it make.

interface Operation {
  operationId?: string
  security?: Record<string, string[]>[]
}
const contract = parse(readFileSync(new URL('../../openapi/hotel.yaml', import.meta.url), 'utf8'))
const staffRoleOf = (operationId: string): string | undefined => {
  for (const item of Object.values(contract.paths as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(item)) {
      if (operation.operationId === operationId) return operation.security?.[0]?.staff?.[0]
    }
  }
  throw new Error(`No operation ${operationId}`)
}

/** The call each page makes first, to show its list. */
const FIRST_CALL: Record<StaffTool, string> = {
  '/staff/bookings': 'searchBookings',
  '/staff/applications': 'listApplications',
  '/staff/spaces': 'listStaffSpaces',
  '/staff/events': 'listStaffEvents',
  '/staff/members': 'searchMembers',
  '/staff/payments': 'searchPayments',
  '/staff/audit': 'listAuditLog',
}

describe('staff roles', () => {
  it('each opens what the narrower roles open, and nobody without one opens anything', () => {
    expect(
      STAFF_ROLES.map((role) => STAFF_ROLES.filter((other) => roleAllows(role, other))),
    ).toEqual([
      ['door'],
      ['door', 'desk'],
      ['door', 'desk', 'manager'],
      ['door', 'desk', 'manager', 'owner'],
    ])
    expect(STAFF_ROLES.some((role) => roleAllows(null, role))).toBe(false)
  })

  it.each(Object.entries(FIRST_CALL))(
    '%s needs the role its list call needs in the contract (%s)',
    (tool, operationId) => {
      expect(STAFF_TOOL_ROLES[tool as StaffTool]).toBe(staffRoleOf(operationId))
    },
  )

  it('the door and check-in need the door role: the door opens them and no other tool', () => {
    expect([staffRoleOf('getStaffDay'), staffRoleOf('checkInTicket')]).toEqual(['door', 'door'])
    const day = { date: '2026-11-24', sessions: [] }
    const open = (role: (typeof STAFF_ROLES)[number]) =>
      (Object.keys(STAFF_TOOL_ROLES) as StaffTool[]).filter((tool) =>
        opensTool({ ...day, role }, tool),
      )
    expect(open('door')).toEqual([])
    expect(open('desk')).toEqual(['/staff/bookings', '/staff/applications', '/staff/spaces'])
    expect(open('manager')).toHaveLength(7)
    expect(opensTool(null, '/staff/bookings')).toBe(false)
  })
})
