import { requireAccount } from '../http/auth'
import type { Handler, HandlerDeps } from '../http/operations'
import { cancelOwnBooking, managedBookingOf } from './cancel'

// A person cancels their own booking (decision 029): signed in, or by the link of its receipt.

export function cancellationHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
  /**
   * One of the signed-in person's bookings, cancelled until its cut-off, its money sent back the
   * way it came (server/cancellation/cancel.ts). A card refund is tried right after the commit, by
   * this instance's refund worker (as a staff refund is), and retried by it after that.
   */
  const cancelBooking: Handler<'cancelBooking'> = async (request) => {
    const account = requireAccount(request)
    const { answer, refundPaymentId } = await cancelOwnBooking(db, {
      account,
      bookingId: request.params.bookingId,
      now: now(),
      site: publicUrl,
    })
    if (refundPaymentId) await request.server.refunds?.sendNow(refundPaymentId)
    mailer?.kick()
    return answer
  }

  /**
   * The booking of a receipt's 'Manage your booking' link, read without an account: the code is
   * the booking's own secret. Whether it can be cancelled now, until when, and the money's way.
   */
  const getManagedBooking: Handler<'getManagedBooking'> = async (request) =>
    managedBookingOf(db, request.params.code, now())

  /** The booking of a receipt's link, cancelled as cancelBooking cancels: by its code. */
  const cancelManagedBooking: Handler<'cancelManagedBooking'> = async (request) => {
    const { answer, refundPaymentId } = await cancelOwnBooking(db, {
      code: request.params.code,
      now: now(),
      site: publicUrl,
    })
    if (refundPaymentId) await request.server.refunds?.sendNow(refundPaymentId)
    mailer?.kick()
    return answer
  }

  return { cancelBooking, getManagedBooking, cancelManagedBooking }
}
