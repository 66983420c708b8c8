import { letter, type OutgoingMail } from '../mail/outbox'

// The e-mail of a visitor's free ticket asked for (decision 040): its link takes the place.

export interface RequestMail {
  to: string
  name: string
  /** 'Poetry & Palm Wine, Thursday, November 26, 2026, 4pm - 8pm'. */
  what: string
  link: string
}

export function requestMail(mail: RequestMail): OutgoingMail {
  return letter({
    to: mail.to,
    subject: `Open to take your place: ${mail.what}`,
    name: mail.name,
    body: [
      `Many people are asking for ${mail.what}, so we keep its free places for people who open the e-mail we send them.`,
      '',
      // The link alone on its line: a full stop after it is kept by some mail apps as part of it.
      'Take your place here:',
      mail.link,
      '',
      'The place is yours if one is left when you open the link, and your ticket comes by e-mail right after.',
      '',
      "Didn't ask for this? Then you can ignore this e-mail.",
      '',
    ],
  })
}
