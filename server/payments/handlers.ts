import { randomUUID } from 'node:crypto'
import { addMinutes } from 'date-fns'
import { and, desc, eq, isNull, or } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formatPrice } from '../../machines/rules/money'
import { prepareBooking, takePlace } from '../bookings/book'
import { releaseHeldBookings } from '../bookings/holds'
import { HOLD_MINUTES, quoteBooking } from '../bookings/quote'
import type { Db, Tx } from '../db/client'
import { type NewPayment, type Payment as PaymentRow, payments, refunds } from '../db/schema'
import { optionalAccount, requireAccount, staffAccount } from '../http/auth'
import { badRequest, forbidden, notFound, unauthorized } from '../http/http-error'
import type { Handler, HandlerDeps, Services } from '../http/operations'
import { type MembershipPayload, planPriceText, quoteMembership } from '../memberships/plan-payment'
import { quoteTopUp, TOPUP_REFUSALS, type TopUpPayload } from '../wallets/topup'
import type { BookingPayload, PaymentItem } from './payload'
import {
  callbackAddress,
  isBookingInput,
  isMembershipPurchase,
  isTopUp,
  newReference,
  toPayment,
} from './payment-bodies'
import { type InitializeInput, providerUnavailable } from './provider'
import { settlePayment } from './settle'
import { refundPayment as refund, searchPayments as search } from './staff-payments'
import { bookedTitle } from './what'

/** Card payments: initiation (with a held place), settlement on return and by webhook, history. */
export function paymentsHandlers(
  deps: HandlerDeps,
): Pick<
  Services,
  | 'initiatePayment'
  | 'verifyPayment'
  | 'paymentWebhook'
  | 'listPayments'
  | 'searchPayments'
  | 'refundPayment'
> {
  const { db, now, provider, publicUrl, mailer, refunds: refundWorker } = deps
  const cachedEventRow = deps.reads.eventRow
  const settle = (request: FastifyRequest, reference: string) =>
    settlePayment(
      {
        db,
        provider,
        now,
        publicUrl,
        log: request.log,
        refunds: refundWorker,
        metrics: request.server.metrics,
      },
      reference,
    )

  /** Writes a payment as every initiation starts it: pending, with this server's provider. */
  const insertPendingPayment = async (
    executor: Db | Tx,
    values: Omit<NewPayment, 'status' | 'provider' | 'payload'> & {
      payload: BookingPayload | MembershipPayload | TopUpPayload
    },
  ): Promise<PaymentRow> => {
    const [row] = await executor
      .insert(payments)
      .values({
        ...values,
        status: 'pending',
        provider: provider.name,
        payload: values.payload as unknown as Record<string, unknown>,
      })
      .returning()
    if (!row) throw new Error('initiatePayment: the insert returned no row')
    return row
  }

  /**
   * Opens the provider's checkout for a pending payment and answers 201 with where to pay. When
   * the provider does not answer, nothing was charged: the payment fails and, with
   * `releaseHeldPlaces`, the places held for it go back at once.
   */
  const openCheckout = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: PaymentRow,
    metadata: InitializeInput['metadata'],
    { releaseHeldPlaces = false } = {},
  ) => {
    const { reference } = row
    try {
      const started = await provider.initialize({
        reference,
        email: row.email,
        amountMinor: row.amountMinor,
        currency: row.currency,
        callbackUrl: row.callbackUrl,
        metadata,
      })
      request.server.metrics.payment(row.purpose, 'initiated')
      reply.code(201)
      return {
        status: 'success' as const,
        data: {
          authorization_url: started.authorizationUrl,
          access_code: started.accessCode,
          reference,
        },
      }
    } catch (error) {
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(payments)
          .set({
            status: 'failed',
            finalizedAt: now(),
            outcomeNote: 'The payment provider did not answer: nothing was charged.',
          })
          .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
          .returning({ id: payments.id })
        if (failed && releaseHeldPlaces) await releaseHeldBookings(tx, failed.id)
      })
      request.log.warn({ err: error, reference }, 'payments: the provider did not initialize')
      request.server.metrics.payment(row.purpose, 'unavailable')
      throw providerUnavailable()
    }
  }

  /** A membership plan: priced here from the plan, for the signed-in person only. */
  const initiateMembership: Handler<'initiatePayment'> = async (request, reply) => {
    const { callbackUrl, payment, booking } = request.body
    const account = optionalAccount(request)
    if (!account) throw unauthorized('Please log in to pay for a membership.')
    if (!isMembershipPurchase(booking)) {
      throw badRequest(
        'A membership payment sends booking as { Reference: null, Account: [your id], Plan }.',
      )
    }
    if (payment.Plan === null || payment.Plan !== booking.Plan) {
      throw badRequest('payment.Plan and booking.Plan must name the same plan.')
    }
    const payers = [payment.Account?.[0], booking.Account[0]]
    if (payers.some((payer) => payer !== undefined && payer !== account.id)) {
      throw forbidden('You may only pay as yourself: Account must be your own id.')
    }
    const quote = await quoteMembership(db, account, payment.Plan, payment.Currency)
    if (payment.Amount !== quote.amountMinor) {
      throw badRequest(
        `The price has changed: ${quote.item.title} costs ${planPriceText(quote.plan, quote.currency)}. Please review and try again.`,
      )
    }
    const callback = callbackAddress(callbackUrl, publicUrl)
    const reference = newReference()
    const payload: MembershipPayload = {
      membership: { planId: quote.plan.id, accountId: account.id, communityId: quote.communityId },
      item: quote.item,
    }
    const row = await insertPendingPayment(db, {
      reference,
      accountId: account.id,
      // The membership is the account's: its receipt goes to the account's address.
      email: account.email,
      purpose: 'membership',
      plan: quote.plan.id,
      currency: quote.currency,
      amountMinor: quote.amountMinor,
      payload,
      callbackUrl: callback,
      createdAt: now(),
    })
    return openCheckout(request, reply, row, {
      purpose: 'membership',
      plan: quote.plan.id,
      title: quote.item.title,
    })
  }

  /** A wallet top-up: NGN, at least ₦1,000, into a wallet the signed-in active member may fund. */
  const initiateTopUp: Handler<'initiatePayment'> = async (request, reply) => {
    const account = optionalAccount(request)
    if (!account) throw unauthorized(TOPUP_REFUSALS.login)
    const quote = await quoteTopUp(db, account, request.body)
    const callback = callbackAddress(request.body.callbackUrl, publicUrl)
    const reference = newReference()
    const payload: TopUpPayload = {
      topup: { walletId: quote.wallet.id, accountId: account.id },
      item: quote.item,
    }
    const row = await insertPendingPayment(db, {
      reference,
      accountId: account.id,
      // The receipt goes to the account's own address.
      email: account.email,
      purpose: 'topup',
      plan: 'topup',
      currency: 'NGN',
      amountMinor: quote.amountMinor,
      payload,
      callbackUrl: callback,
      createdAt: now(),
    })
    return openCheckout(request, reply, row, {
      purpose: 'topup',
      walletId: quote.wallet.id,
      title: quote.item.title,
    })
  }

  const searchPayments: Handler<'searchPayments'> = async (request) => {
    return { payments: await search(db, request.query.q ?? '') }
  }

  const refundPayment: Handler<'refundPayment'> = async (request) => {
    const staff = staffAccount(request)
    const payment = await refund(
      { db, refunds: refundWorker },
      {
        id: request.params.paymentId,
        method: request.body.method,
        reason: request.body.reason,
        actor: staff,
        now: now(),
        site: publicUrl,
      },
    )
    mailer?.kick()
    return payment
  }

  return {
    searchPayments,
    refundPayment,
    async initiatePayment(request, reply) {
      const account = optionalAccount(request)
      const { callbackUrl, email, payment, booking } = request.body
      if (isTopUp(payment, booking)) return initiateTopUp(request, reply)
      if (payment.Plan !== null || !isBookingInput(booking)) {
        return initiateMembership(request, reply)
      }
      const payer = payment.Account?.[0]
      if (payer !== undefined && payer !== account?.id) {
        throw forbidden('You may only pay as yourself: Account must be your own id.')
      }
      const at = now()
      const quote = await quoteBooking(db, booking, account, at, cachedEventRow)
      if (quote.amountMinor === 0) throw badRequest('This booking is free: book it without paying.')
      if (payment.Amount !== quote.amountMinor || payment.Currency !== quote.currency) {
        throw badRequest(
          `The price has changed: this booking costs ${formatPrice(quote.amountMinor)}. Please review and try again.`,
        )
      }
      const callback = callbackAddress(callbackUrl, publicUrl)

      const reference = newReference()
      const item: PaymentItem = {
        title: quote.title,
        date: booking.Date,
        timeSlot: quote.timeSlot,
        venue: quote.venue,
        places: quote.places,
      }
      const payload: BookingPayload = { booking, item }
      const row = await db.transaction(async (tx) => {
        const paymentId = randomUUID()
        const held = prepareBooking({
          input: booking,
          quote,
          account,
          paidWith: provider.name,
          paymentReference: reference,
          paymentId,
          holdUntil: addMinutes(at, HOLD_MINUTES),
          now: at,
        })
        const created = await insertPendingPayment(tx, {
          id: paymentId,
          reference,
          accountId: account?.id ?? null,
          email: email.trim().toLowerCase(),
          purpose: 'booking',
          plan: null,
          currency: quote.currency,
          amountMinor: quote.amountMinor,
          payload,
          callbackUrl: callback,
          createdAt: at,
        })
        // The place is held while the person pays, claimed last; 409 'Sold out' rolls the
        // payment back too.
        await takePlace(tx, held)
        return created
      })
      request.server.metrics.booked(booking.Type, 'held')

      return openCheckout(
        request,
        reply,
        row,
        { purpose: 'booking', ...item, booker: booking.Email },
        { releaseHeldPlaces: true },
      )
    },

    async verifyPayment(request) {
      const settled = await settle(request, request.params.reference)
      if (!settled) throw notFound('No payment has this reference.')
      return {
        status: 'success' as const,
        data: { reference: settled.reference, status: settled.status, purpose: settled.purpose },
      }
    },

    async paymentWebhook(request) {
      // The signature was checked before the body was read (payments/webhook.ts).
      const { event, data } = request.body
      if (event !== 'charge.success') {
        return { status: 'success' as const, message: `Nothing to do for ${event}.` }
      }
      // The body only says which payment to look at; the provider says what happened to it.
      const settled = await settle(request, data.reference)
      if (!settled) {
        return { status: 'success' as const, message: 'No payment has this reference.' }
      }
      return { status: 'success' as const, message: `Payment ${settled.status}.` }
    },

    async listPayments(request) {
      const account = requireAccount(request)
      if (request.params.userId !== account.id) {
        throw forbidden('You may only see your own payments.')
      }
      const rows = await db
        .select({ payment: payments, refund: refunds.status, bookedTitle })
        .from(payments)
        .leftJoin(refunds, eq(refunds.paymentId, payments.id))
        .where(
          or(
            eq(payments.accountId, account.id),
            // Paid as a guest with this e-mail before the account existed (or before signing in).
            and(isNull(payments.accountId), eq(payments.email, account.email)),
          ),
        )
        .orderBy(desc(payments.createdAt))
      return {
        status: 'success' as const,
        payments: rows.map((row) => toPayment(row.payment, row.refund, row.bookedTitle)),
      }
    },
  }
}
