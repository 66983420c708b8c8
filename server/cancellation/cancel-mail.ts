import { letter, type OutgoingMail } from '../mail/outbox'

// The e-mail of a booking its booker cancelled (POST /bookings/cancel/{bookingId}): what and
// when, and how the money comes back. A card refund is on its way, never said to have arrived
// (docs/decisions/017); a wallet's is in the wallet already.

/** How the money of a cancelled booking comes back, as the e-mail says it. */
export type MoneyBack =
  | { way: 'card'; amount: string; reference: string | null }
  | {
      way: 'wallet'
      amount: string /** null: the booker's own wallet. */
      community: string | null
    }
  | {
      way: 'none'
      /**
       * free: nothing was paid; unpaid: its card payment had not gone through; refunded: staff
       * had refunded it already.
       */
      why: 'free' | 'unpaid' | 'refunded'
    }

export interface CancelMail {
  to: string
  name: string
  /** What was cancelled and when: 'Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm'. */
  what: string
  money: MoneyBack
  /** The site's address, for the link to their bookings. */
  site: string
  /** Booked signed in: their bookings are at /profile/bookings; a guest has no such page. */
  hasAccount: boolean
}

function moneyLines(money: MoneyBack): string[] {
  switch (money.way) {
    case 'card':
      return [
        `${money.amount} back to your card within 5–10 working days: the refund is on its way, and your bank may take that long to show it.`,
        ...(money.reference ? ['', `Payment reference: ${money.reference}`] : []),
      ]
    case 'wallet':
      return [
        `${money.amount} back in ${money.community ? `the wallet of ${money.community}` : 'your wallet'} now.`,
      ]
    case 'none':
      return [
        {
          free: 'Nothing was paid for it, so there is nothing to refund.',
          unpaid:
            'Its card payment had not gone through, so nothing was charged. Should your bank take the money after all, it comes back to your card in full.',
          refunded: 'Its payment was refunded to you already, so there is nothing more to refund.',
        }[money.why],
      ]
  }
}

/** The booker's confirmation that their booking is cancelled. */
export function cancelMail(mail: CancelMail): OutgoingMail {
  return letter({
    to: mail.to,
    subject: `Cancelled: ${mail.what}`,
    name: mail.name,
    body: [
      `Your booking is cancelled: ${mail.what}.`,
      '',
      ...moneyLines(mail.money),
      '',
      'Your ticket no longer admits anyone.',
      '',
      mail.hasAccount
        ? `Your bookings: ${mail.site}/profile/bookings`
        : `See what's on: ${mail.site}/`,
    ],
  })
}
