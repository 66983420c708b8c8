import { lagosDay, toInstant } from './dates'
import { formatNaira } from './money'

/** When an event runs: ISO 8601 instants, as the events call returns them. */
export interface EventTiming {
  StartDate: string
  EndDate: string
}

/** The event fields that decide its action, badge and price (Price, FriendsPrice: whole naira). */
export interface EventForAction extends EventTiming {
  RSVP: boolean
  /** Staff closed it for booking (not full); absent in an event kept from before it was said. */
  BookingClosed?: boolean
  'Members-only': boolean
  Price: number
  FriendsPrice?: number | null
}

/**
 * The one action an event offers a viewer: closed (it ended), booking closed (by staff), sold
 * out, members only, or open to book.
 */
export type EventAction = 'closed' | 'bookingClosed' | 'soldOut' | 'membersOnly' | 'open'

/** Whether an event is over: now is after its EndDate. */
export function hasEnded(event: EventTiming, now: Date): boolean {
  return now.getTime() > toInstant(event.EndDate).getTime()
}

/**
 * Decides the event's action in the spec's order: ended, then no places (closed by staff, else
 * sold out), then members only.
 */
export function eventAction(
  event: EventForAction,
  viewer: { isMember: boolean },
  now: Date,
): EventAction {
  if (hasEnded(event, now)) return 'closed'
  if (event.RSVP !== true) return event.BookingClosed === true ? 'bookingClosed' : 'soldOut'
  if (event['Members-only'] === true && !viewer.isMember) return 'membersOnly'
  return 'open'
}

/** Whether an event is free (badge 'Free'): only a Price above 0 is 'Paid', 0 or less is free. */
export function isFreeEvent(event: Pick<EventForAction, 'Price'>): boolean {
  return !(event.Price > 0)
}

/** Whether an event is on today in Lagos (today within its days) and has not ended yet. */
export function isHappeningToday(event: EventTiming, now: Date): boolean {
  const today = lagosDay(now)
  return (
    lagosDay(event.StartDate) <= today && today <= lagosDay(event.EndDate) && !hasEnded(event, now)
  )
}

/** The calendar's order: today's events, then upcoming by start, then ended (latest end first). */
export function sortEvents<T extends EventTiming>(events: T[], now: Date): T[] {
  const keyed = events.map((event, index) => ({
    event,
    index,
    group: isHappeningToday(event, now) ? 0 : hasEnded(event, now) ? 2 : 1,
    start: toInstant(event.StartDate).getTime(),
    end: toInstant(event.EndDate).getTime(),
  }))
  keyed.sort(
    (a, b) =>
      a.group - b.group ||
      (a.group === 2 ? b.end - a.end : 0) ||
      a.start - b.start ||
      a.index - b.index,
  )
  return keyed.map((k) => k.event)
}

/** A ticket's cost in whole naira: 0 when free, FriendsPrice for members when set, else Price. */
export function ticketPrice(
  event: Pick<EventForAction, 'Price' | 'FriendsPrice'>,
  isMember: boolean,
): number {
  if (isFreeEvent(event)) return 0
  const friends = event.FriendsPrice
  if (isMember && typeof friends === 'number' && Number.isFinite(friends) && friends >= 0) {
    return friends
  }
  return event.Price
}

/** Whether to show "Friend's special price": a member of a paid event pays other than Price. */
export function showsFriendsPrice(
  event: Pick<EventForAction, 'Price' | 'FriendsPrice'>,
  isMember: boolean,
): boolean {
  return isMember && !isFreeEvent(event) && ticketPrice(event, true) !== event.Price
}

/**
 * Whether this viewer's ticket costs nothing: a free event, or a member's FriendsPrice of 0
 * (free for members). Such a ticket is booked directly, without a payment.
 */
export function isFreeFor(
  event: Pick<EventForAction, 'Price' | 'FriendsPrice'>,
  isMember: boolean,
): boolean {
  return ticketPrice(event, isMember) === 0
}

/** What this viewer's ticket costs, as shown: 'Free' for nothing (never '₦0'), else '₦10,000'. */
export function ticketPriceLabel(
  event: Pick<EventForAction, 'Price' | 'FriendsPrice'>,
  isMember: boolean,
): string {
  const price = ticketPrice(event, isMember)
  return price === 0 ? 'Free' : formatNaira(price)
}

/**
 * The "Friend's special price" beside Price: a FriendsPrice of 0 on a paid event means the
 * ticket is free for members, so it reads 'Free for members', never '₦0'.
 */
export function friendsPriceLabel(event: Pick<EventForAction, 'Price' | 'FriendsPrice'>): string {
  const price = ticketPrice(event, true)
  return price === 0 ? 'Free for members' : formatNaira(price)
}

/** Why an event cannot be booked, as its button says it (the detail page's and the card's). */
const CLOSED_LABELS: Record<Exclude<EventAction, 'open'>, string> = {
  closed: 'Closed',
  bookingClosed: 'Booking closed',
  soldOut: 'Sold out',
  membersOnly: 'Members only',
}

/** The event detail page's action button text. */
export function detailActionLabel(
  action: EventAction,
  event: Pick<EventForAction, 'Price'>,
): string {
  if (action !== 'open') return CLOSED_LABELS[action]
  return isFreeEvent(event) ? 'Get Ticket' : 'Buy Ticket'
}

/** The calendar card's action text; open members-only events say so after 'RSVP'. */
export function cardActionLabel(
  action: EventAction,
  event: Pick<EventForAction, 'Members-only'>,
): string {
  if (action !== 'open') return CLOSED_LABELS[action]
  return event['Members-only'] === true ? 'RSVP - Members only' : 'RSVP'
}

/** The extra fields an event asks for: comma-separated metadata, trimmed, no blanks or repeats. */
export function metadataFields(metadata: string | null | undefined): string[] {
  if (!metadata) return []
  const names = metadata.split(',').map((name) => name.trim())
  return [...new Set(names.filter((name) => name !== ''))]
}

/** What sharing an event shares: its name, where, and the link to its page on `origin`. */
export function shareDataOf(
  event: { ID: string; Name: string; Venue: string },
  origin: string,
  siteName: string,
): { title: string; text: string; url: string } {
  return {
    title: `${event.Name} · ${siteName}`,
    text: `${event.Name} at ${siteName}, ${event.Venue}`,
    url: `${origin.replace(/\/+$/, '')}/event/${encodeURIComponent(event.ID)}`,
  }
}

/** The share action is offered only for open events that are not members-only (spec). */
export function canShare(event: EventForAction, viewer: { isMember: boolean }, now: Date): boolean {
  return eventAction(event, viewer, now) === 'open' && !event['Members-only']
}
