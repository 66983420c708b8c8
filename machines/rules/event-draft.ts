import { isValidDay } from './dates'
import { parseSlot } from './slots'

// An event as staff write it at /staff/events (the contract's EventDraft), and the form's text of
// it: what the form holds while staff type (every number as typed), what it sends, and what it
// must say before sending. The server checks the same things (server/events/staff-events.ts).

/** The contract's EventDraft (the calls that send it check the two stay alike). */
export interface EventDraft {
  title: string
  about: string
  startDay: string
  endDay: string
  startTime: string
  endTime: string
  slots: string[]
  venue: string
  address: string
  price: number
  friendsPrice: number | null
  capacity: number
  membersOnly: boolean
  rsvp: boolean
  url: string | null
  extraQuestions: string | null
  /** Hours before the booked slot starts when cancellations close; 24 when a new event leaves it out. */
  cancelCutoffHours?: number
  /** Hours a place offered from the waitlist is held; 12 when a new event leaves it out. */
  waitlistOfferHours?: number
}

/** Cancellations close this many hours before the booked slot starts (at most 30 days). */
export const CANCEL_CUTOFF_HOURS = { usual: 24, least: 0, most: 720 } as const
/** A place offered from the waitlist is held this many hours (at most a week). */
export const WAITLIST_OFFER_HOURS = { usual: 12, least: 1, most: 168 } as const

/** The editor's fields as typed: text, and two switches. */
export interface EventForm {
  title: string
  about: string
  startDay: string
  startTime: string
  endDay: string
  endTime: string
  /** Time slots separated by commas: '4pm - 8pm, 8pm - 11pm'. */
  slots: string
  venue: string
  address: string
  price: string
  /** Blank: members pay the price. */
  friendsPrice: string
  capacity: string
  membersOnly: boolean
  rsvp: boolean
  url: string
  extraQuestions: string
  /** Hours before the booked slot starts when cancellations close. */
  cancelCutoffHours: string
  /** Hours a place offered from the waitlist is held. */
  waitlistOfferHours: string
}

export type EventFormField = keyof EventForm
export type EventFormText = {
  [K in EventFormField]: EventForm[K] extends string ? K : never
}[EventFormField]

/** Where events are unless staff say otherwise. */
export const HOTEL_ADDRESS = '16 Akin Olugbade Street, Victoria Island, Lagos'

/** A new event's form: at the hotel, open for booking, free, for everyone. */
export const emptyEventForm = (): EventForm => ({
  title: '',
  about: '',
  startDay: '',
  startTime: '',
  endDay: '',
  endTime: '',
  slots: '',
  venue: '',
  address: HOTEL_ADDRESS,
  price: '0',
  friendsPrice: '',
  capacity: '',
  membersOnly: false,
  rsvp: true,
  url: '',
  extraQuestions: '',
  cancelCutoffHours: String(CANCEL_CUTOFF_HOURS.usual),
  waitlistOfferHours: String(WAITLIST_OFFER_HOURS.usual),
})

/** The form of an event as it is. */
export function formOf(draft: EventDraft): EventForm {
  return {
    title: draft.title,
    about: draft.about,
    startDay: draft.startDay,
    startTime: draft.startTime,
    endDay: draft.endDay,
    endTime: draft.endTime,
    slots: draft.slots.join(', '),
    venue: draft.venue,
    address: draft.address,
    price: String(draft.price),
    friendsPrice: draft.friendsPrice === null ? '' : String(draft.friendsPrice),
    capacity: String(draft.capacity),
    membersOnly: draft.membersOnly,
    rsvp: draft.rsvp,
    url: draft.url ?? '',
    extraQuestions: draft.extraQuestions ?? '',
    cancelCutoffHours: String(draft.cancelCutoffHours ?? CANCEL_CUTOFF_HOURS.usual),
    waitlistOfferHours: String(draft.waitlistOfferHours ?? WAITLIST_OFFER_HOURS.usual),
  }
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
const WHOLE = /^\d{1,9}$/

/** The slots typed, one per comma. */
export const slotsOf = (text: string) =>
  text
    .split(',')
    .map((slot) => slot.trim())
    .filter(Boolean)

/** A whole number of naira or places as typed ('10,000' too); null when it is not one. */
function wholeOf(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '')
  return WHOLE.test(digits) ? Number(digits) : null
}

/** What is wrong with the form, by field, in the words the form shows; empty when it can be sent. */
export function eventFormProblems(form: EventForm): Partial<Record<EventFormField, string>> {
  const problems: Partial<Record<EventFormField, string>> = {}
  if (!/[a-z0-9]/i.test(form.title)) problems.title = 'Give the event a title.'
  if (!isValidDay(form.startDay)) problems.startDay = 'Choose the first day.'
  if (!CLOCK.test(form.startTime)) problems.startTime = 'Choose when it starts.'
  if (!isValidDay(form.endDay)) problems.endDay = 'Choose the last day.'
  if (!CLOCK.test(form.endTime)) problems.endTime = 'Choose when it ends.'
  if (
    !problems.startDay &&
    !problems.endDay &&
    !problems.startTime &&
    !problems.endTime &&
    `${form.endDay}T${form.endTime}` <= `${form.startDay}T${form.startTime}`
  ) {
    problems.endTime = 'The event ends before it starts.'
  }
  const badSlot = slotsOf(form.slots).find((slot) => !parseSlot(slot))
  if (badSlot) problems.slots = `'${badSlot}' is not a time range such as '4pm - 8pm'.`
  if (!form.venue.trim()) problems.venue = 'Say where in the hotel it is.'
  if (!form.address.trim()) problems.address = 'Give the address.'
  const price = wholeOf(form.price)
  if (price === null) problems.price = 'Write the price in whole naira (0 for free).'
  if (form.friendsPrice.trim()) {
    const friends = wholeOf(form.friendsPrice)
    if (friends === null) problems.friendsPrice = "Write the friends' price in whole naira."
    else if (price !== null && friends > price) {
      problems.friendsPrice = "The friends' price is more than the price."
    }
  }
  if (wholeOf(form.capacity) === null) problems.capacity = 'Write how many places each day has.'
  const cutoff = wholeOf(form.cancelCutoffHours)
  if (cutoff === null) {
    problems.cancelCutoffHours =
      'Write how many hours before it starts cancellations close (0: until it starts).'
  } else if (cutoff > CANCEL_CUTOFF_HOURS.most) {
    problems.cancelCutoffHours = `Cancellations can close at most ${CANCEL_CUTOFF_HOURS.most} hours (30 days) before it starts.`
  }
  const offer = wholeOf(form.waitlistOfferHours)
  if (offer === null) {
    problems.waitlistOfferHours = 'Write how many hours an offered place is held.'
  } else if (offer < WAITLIST_OFFER_HOURS.least) {
    problems.waitlistOfferHours = 'Hold an offered place for at least 1 hour.'
  } else if (offer > WAITLIST_OFFER_HOURS.most) {
    problems.waitlistOfferHours = `Hold an offered place for at most ${WAITLIST_OFFER_HOURS.most} hours (a week).`
  }
  if (form.url.trim() && !/^https?:\/\/\S+$/i.test(form.url.trim())) {
    problems.url = 'Write a web address starting with https://.'
  }
  return problems
}

/** The draft the form sends; only called when it has no problems. */
export function draftOf(form: EventForm): EventDraft {
  const blank = (text: string) => (text.trim() ? text.trim() : null)
  const friends = form.friendsPrice.trim() ? wholeOf(form.friendsPrice) : null
  return {
    title: form.title.trim(),
    about: form.about.trim(),
    startDay: form.startDay,
    startTime: form.startTime,
    endDay: form.endDay,
    endTime: form.endTime,
    slots: slotsOf(form.slots),
    venue: form.venue.trim(),
    address: form.address.trim(),
    price: wholeOf(form.price) ?? 0,
    friendsPrice: friends,
    capacity: wholeOf(form.capacity) ?? 0,
    membersOnly: form.membersOnly,
    rsvp: form.rsvp,
    url: blank(form.url),
    extraQuestions: blank(form.extraQuestions),
    cancelCutoffHours: wholeOf(form.cancelCutoffHours) ?? CANCEL_CUTOFF_HOURS.usual,
    waitlistOfferHours: wholeOf(form.waitlistOfferHours) ?? WAITLIST_OFFER_HOURS.usual,
  }
}
