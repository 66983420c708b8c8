import { letter, type OutgoingMail } from '../mail/outbox'

// The e-mail of a refund staff made (POST /staff/payments/{paymentId}/refund), in the voice of
// the app's own refund e-mail (server/payments/settle.ts): what, how much, the reason as staff
// wrote it, and where the money is. A card refund is on its way, never said to have arrived
// (docs/decisions/017); a wallet refund is in the wallet already.

export interface RefundMail {
  to: string
  /** The payer's name, where the app knows it. */
  name: string | null
  /** What was paid for, as the staff's payment list says it. */
  what: string
  /** The amount, formatted: '₦8,000.00'. */
  amount: string
  reason: string
}

/** A card payment refunded in full through the refund queue. */
export function cardRefundMail(mail: RefundMail & { reference: string }): OutgoingMail {
  return letter({
    to: mail.to,
    subject: `Your payment of ${mail.amount} is being refunded`,
    name: mail.name,
    body: [
      `We are refunding your card payment of ${mail.amount} for ${mail.what}.`,
      '',
      mail.reason,
      '',
      'The full amount is going back to the card you paid with. The refund is on its way: your bank may take a few working days to show it.',
      '',
      `Payment reference: ${mail.reference}`,
      '',
    ],
  })
}

/** A wallet payment credited back to its wallet, which the e-mail gives the new balance of. */
export function walletRefundMail(
  mail: RefundMail & {
    /** The wallet's balance right after the refund, formatted. */
    balance: string
    /** A community wallet's community; null for the payer's own wallet. */
    community: string | null
    site: string
  },
): OutgoingMail {
  const wallet = mail.community ? `the wallet of ${mail.community}` : 'your wallet'
  return letter({
    to: mail.to,
    subject: `${mail.amount} is back in ${wallet}`,
    name: mail.name,
    body: [
      `We have refunded your wallet payment of ${mail.amount} for ${mail.what}.`,
      '',
      mail.reason,
      '',
      `The full amount is back in ${wallet} now: its balance is ${mail.balance}.`,
      '',
      `Your wallet: ${mail.site}/profile/wallet`,
      '',
    ],
  })
}
