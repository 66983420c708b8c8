import type { Mailer } from './dispatcher'

/** The sender of e-mail when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Sixteen <hello@sixteen.ng>'

/** What a service that queues e-mail needs besides the database and the clock. */
export interface MailDeps {
  /** Where people reach the site: PUBLIC_URL's origin, never a request's Host. */
  publicUrl: string
  /** The SMTP dispatcher to kick after a commit; null keeps mail in the outbox. */
  mailer: Mailer | null
}
