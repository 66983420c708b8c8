import { formatTime } from '../../rules/dates'
import { verdictView } from '../selectors'
import type { DoorList, DoorQueueContext, SyncReport } from './machine'

// What the door shows of its phone: how fresh its list is, how many scans wait, and the scans the
// server answered otherwise once they were sent.

/** 'List of 10:42am, 143 tickets'; null when the phone has no list yet. */
export function listLine(list: DoorList | null): string | null {
  if (!list) return null
  const count = list.tickets.length
  return `List of ${formatTime(list.takenAt)}, ${count} ${count === 1 ? 'ticket' : 'tickets'}`
}

/** While the phone reads its first list. */
export const READING_LIST = 'Reading the list of tickets…'

/** Where no list could be read yet: the door decides only with the server. */
export const NO_LIST =
  'No ticket list on this phone yet: without a connection the door can’t decide.'

/** Where the server refused the list (the session ended): the staff log in again. */
export const REFUSED_LIST = 'Log in again to read the list of tickets and send this phone’s scans.'

/** The scans decided on the phone that wait to be sent. */
export const toSend = (context: Pick<DoorQueueContext, 'scans'>) =>
  context.scans.filter((scan) => scan.queued).length

/** '3 scans to send'; null when none waits. */
export function toSendLine(count: number): string | null {
  if (count === 0) return null
  return `${count} ${count === 1 ? 'scan' : 'scans'} to send`
}

export interface ReportView {
  headline: string
  detail: string
  name: string | null
}

/** A guest the phone let in whom the server, once told, answered otherwise. */
export function reportView({ check, door }: SyncReport): ReportView {
  const name = check.ticket?.name ?? null
  if (check.result === 'already' && check.checkedInAt) {
    const where = door
      ? ` on another door (${door})`
      : check.checkedInBy
        ? ` by ${check.checkedInBy}`
        : ''
    return {
      headline: 'Admitted twice',
      detail: `First at ${formatTime(check.checkedInAt)}${where}.`,
      name,
    }
  }
  return {
    headline: 'Refused after sync',
    detail:
      `${verdictView(check).detail ?? ''} The phone had let them in without a connection.`.trim(),
    name,
  }
}
