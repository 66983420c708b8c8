import type { SnapshotFrom } from 'xstate'
import type { components } from '../../openapi/client'
import { eventAction } from '../rules/events'
import type { eventDetailMachine } from './machine'

/** What the page says after Share, for a few seconds: nothing after the device's own sheet. */
export function shareNote(snapshot: SnapshotFrom<typeof eventDetailMachine>): string | null {
  if (snapshot.matches({ shown: { share: 'copied' } })) return 'Link copied'
  if (snapshot.matches({ shown: { share: 'notCopied' } })) {
    return 'We could not copy the link. Copy it from the address bar.'
  }
  return null
}

/**
 * 'Join the waitlist' is offered under a sold-out event that keeps one, once the app knows who
 * is looking (the form fills their details).
 */
export function isWaitlistOffered(
  event: components['schemas']['Event'],
  viewer: { isMember: boolean; known: boolean },
  now: Date,
): boolean {
  return viewer.known && event.Waitlist === true && eventAction(event, viewer, now) === 'soldOut'
}
