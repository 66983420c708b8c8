import { shortDate } from '../rules/dates'
import type { ApplicationsShown, StaffApplication } from './machine'

// What the staff screens show of an application: its kind and status in words, when it came and
// was decided, and what the decision did.

export const KIND_LABELS: Record<StaffApplication['kind'], string> = {
  individual: 'Individual',
  community: 'Community',
}

export const STATUS_LABELS: Record<StaffApplication['status'], string> = {
  pending: 'Waiting',
  approved: 'Approved',
  declined: 'Declined',
}

/** The longest note a refusal's e-mail takes (the contract's limit). */
export const NOTE_MAX_LENGTH = 1000

/** 'Applied Nov 24, 2026'. */
export const appliedLine = (application: Pick<StaffApplication, 'appliedAt'>) =>
  `Applied ${shortDate(application.appliedAt)}`

/** 'Approved Nov 26, 2026'; null while it waits. */
export const decisionLine = (application: Pick<StaffApplication, 'status' | 'decidedAt'>) =>
  application.status === 'pending' || !application.decidedAt
    ? null
    : `${STATUS_LABELS[application.status]} ${shortDate(application.decidedAt)}`

/** What the list says above its rows. */
export function listLead(shown: ApplicationsShown, count: number): string {
  if (shown === 'decided') {
    return count === 0 ? 'Nothing decided yet.' : 'The latest decided first.'
  }
  if (count === 0) return 'Nobody is waiting: every application has been decided.'
  return `${count} waiting for a decision, the oldest first.`
}

/** What the decision just made did, for the person who made it. */
export function decidedMessage(application: StaffApplication): string {
  if (application.status === 'approved') {
    return `Approved. ${application.name} has an account now, and a welcome e-mail with a login link is on its way to ${application.email}.`
  }
  return `Declined. A polite e-mail is on its way to ${application.email}${application.decisionNote ? ', with your note' : ''}.`
}

/** How many characters the note may still take: '940 characters left'. */
export const noteRoom = (note: string) => {
  const left = NOTE_MAX_LENGTH - note.length
  return `${left.toLocaleString('en-GB')} ${left === 1 ? 'character' : 'characters'} left`
}
