import type { SnapshotFrom } from 'xstate'
import type { eventDetailMachine } from './machine'

/** What the page says after Share, for a few seconds: nothing after the device's own sheet. */
export function shareNote(snapshot: SnapshotFrom<typeof eventDetailMachine>): string | null {
  if (snapshot.matches({ shown: { share: 'copied' } })) return 'Link copied'
  if (snapshot.matches({ shown: { share: 'notCopied' } })) {
    return 'We could not copy the link. Copy it from the address bar.'
  }
  return null
}
