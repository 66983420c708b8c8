import { dayInFull, whenInFull } from '../../machines/rules/dates'
import { letter, type OutgoingMail } from '../mail/outbox'

// The e-mails of the waitlist of a sold-out day (issue 27): joining it, and a place offered. Both
// link to the entry's own page, `${site}/waitlist/${token}`, where the person sees where they
// stand, books the place offered, or leaves the waitlist.

/** What the entry waits for, as people read it: 'Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm'. */
export function waitlistWhat(event: string, day: string, timeSlot: string | null): string {
  return [event, dayInFull(day), timeSlot].filter(Boolean).join(', ')
}

/** The entry's page: where they stand, the offer with its button, 'Leave the waitlist'. */
export const entryLink = (site: string, token: string) => `${site}/waitlist/${token}`

export interface WaitlistMail {
  to: string
  name: string
  /** waitlistWhat's text. */
  what: string
  /** The site's address, without a trailing slash. */
  site: string
  token: string
}

/** Sent when a person joins: they are in line, and how to see where they stand or leave. */
export function joinedMail(mail: WaitlistMail & { offerHours: number }): OutgoingMail {
  return letter({
    to: mail.to,
    subject: `You're on the waitlist for ${mail.what}`,
    name: mail.name,
    body: [
      `You're on the waitlist for ${mail.what}.`,
      '',
      `When a place frees up, the first person waiting is offered it by e-mail, and it is held for them for ${mail.offerHours} hour${mail.offerHours === 1 ? '' : 's'}.`,
      '',
      `See where you stand, or leave the waitlist: ${entryLink(mail.site, mail.token)}`,
      '',
    ],
  })
}

/** Sent when a place is offered: it is held for them until `until`, then goes to the next. */
export function offerMail(mail: WaitlistMail & { until: Date }): OutgoingMail {
  // As the entry's page says it (offerEndsLine), so the e-mail and the page agree.
  const when = whenInFull(mail.until)
  return letter({
    to: mail.to,
    subject: `A place is yours: ${mail.what}`,
    name: mail.name,
    body: [
      // The link alone on its line: a full stop after it is kept by some mail apps as part of it.
      `A place at ${mail.what} is yours until ${when}. After that it goes to the next person waiting.`,
      '',
      `Book it here: ${entryLink(mail.site, mail.token)}`,
      '',
      `Book it with this e-mail address (${mail.to}): the place is held for it.`,
      '',
    ],
  })
}

/** Sent when an offer ran out before it was booked: the place went on to the next person. */
export function offerEndedMail(mail: WaitlistMail): OutgoingMail {
  return letter({
    to: mail.to,
    subject: `Your offer for ${mail.what} has ended`,
    name: mail.name,
    body: [
      `The place we held for you at ${mail.what} was not booked in time, so it went to the next person waiting.`,
      '',
      `If it is still full and you would like to wait again, you can join the waitlist again from the event: ${entryLink(mail.site, mail.token)}`,
      '',
    ],
  })
}
