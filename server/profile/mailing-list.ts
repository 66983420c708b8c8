import { refuseUnstorableText } from '../bookings/core'
import { mailingList } from '../db/schema'
import type { Handler, ServiceDeps } from '../http/operations'

// The programme's mailing list: one row per address whatever its case; subscribing again is fine.

export function mailingListService({ db }: ServiceDeps) {
  const subscribeToMailingList: Handler<'subscribeToMailingList'> = async (request, reply) => {
    refuseUnstorableText(request.body)
    const email = request.body.email.trim().toLowerCase()
    await db
      .insert(mailingList)
      .values({ email })
      .onConflictDoNothing({ target: mailingList.email })
    reply.code(201)
    return {
      status: 'success',
      message: `Subscribed: ${email} will hear about the programme's launch and news.`,
    }
  }
  return { subscribeToMailingList }
}
