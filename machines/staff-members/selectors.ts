import { addDaysToDay, lagosDay, shortDate } from '../rules/dates'
import type { StaffMember } from './machine'

// What /staff/members shows of a member and of an extension.

export const MEMBER_STATUS_LABELS: Record<StaffMember['status'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
}

/** 'Individual · 6 months · ends Apr 30, 2027' (what is known of the membership). */
export function membershipLine(member: StaffMember): string {
  return [member.plan, member.expiry ? `ends ${shortDate(member.expiry)}` : 'no end date']
    .filter(Boolean)
    .join(' · ')
}

/**
 * The first day an extension can run to: the day after the later of today and the day the
 * membership ends now (the date field's `min`; the server refuses earlier ones).
 */
export function firstExtensionDay(member: Pick<StaffMember, 'expiry'>, now: Date): string {
  const today = lagosDay(now)
  const lastDay = member.expiry ? lagosDay(member.expiry) : today
  return addDaysToDay(lastDay > today ? lastDay : today, 1)
}

export const INCOMPLETE_EXTENSION = 'Choose the new last day and write the reason.'

/** What the list says above its rows. */
export function membersLead(query: string, count: number): string {
  if (count === 0) return query ? `No member matches '${query}'.` : 'No members yet.'
  const found = `${count} ${count === 1 ? 'member' : 'members'}`
  return query
    ? `${found} for '${query}', the soonest to end first.`
    : `${found}, the soonest to end first.`
}

/** What an extension just made did. */
export const extendedMessage = (member: StaffMember) =>
  `Extended: ${member.name} is a member until ${member.expiry ? shortDate(member.expiry) : 'further notice'}.`
