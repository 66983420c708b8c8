import type { FastifyRequest } from 'fastify'
import type { Mailer } from './dispatcher'

/** The sender of e-mail when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Sixteen <hello@sixteen.ng>'

/** What a service that queues e-mail needs besides the database and the clock. */
export interface MailDeps {
  /** Where people reach the site (PUBLIC_URL); null uses the request's own origin. */
  publicUrl: string | null
  /** The SMTP dispatcher to kick after a commit; null keeps mail in the outbox. */
  mailer: Mailer | null
}

/** The site's address for links in e-mail, without a trailing slash. */
export function siteUrl(publicUrl: string | null, request: FastifyRequest): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '')
}
