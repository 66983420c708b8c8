import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { staffPaymentsActors } from '../../machines/staff-payments/actors'
import { type StaffPayment, staffPaymentsMachine } from '../../machines/staff-payments/machine'
import {
  amountOf,
  BLANK_REASON,
  listLead,
  paymentLine,
  REASON_MAX_LENGTH,
  reasonRoom,
  refundedMessage,
  refundLine,
  STATUS_LABELS,
} from '../../machines/staff-payments/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { useStaffStates } from '../member-flow'
import { DoneLine, onSubmitted } from '../shared/form-fields'
import { LoadNotice } from '../shared/member-page'
import {
  NotReached,
  ReasonField,
  RowTitle,
  StaffPage,
  StaffResults,
  StaffSearch,
  SubmitOrCancel,
  staffCard,
  staffColumn,
  staffFlowPage,
} from '../shared/staff-page'

/** /staff/payments: find a payment, and refund it with a reason the payer reads. */
export default staffFlowPage(
  staffPaymentsMachine,
  staffPaymentsActors,
  'Could not load or refund the payments',
  StaffPaymentsView,
  'error',
)

type PaymentsRef = ActorRefFrom<typeof staffPaymentsMachine>

const STATUS_TONES: Record<StaffPayment['status'], 'paid' | 'free' | 'neutral' | 'danger'> = {
  paid: 'free',
  pending: 'neutral',
  failed: 'danger',
  refunding: 'paid',
  refunded: 'paid',
}

export function StaffPaymentsView({ actorRef }: { actorRef: PaymentsRef }) {
  const { forbidden, ready } = useStaffStates(actorRef)
  const { query, payments } = useSelector(actorRef, (s) => s.context)
  return (
    <StaffPage
      title="Payments"
      forbidden={forbidden}
      lead="Find a payment by its reference, or the payer's e-mail or name. Refund it with a reason the payer reads."
    >
      <StaffSearch actorRef={actorRef} name="Find payments" label="Reference, e-mail or name" />
      <StaffResults
        actorRef={actorRef}
        label="Payments found"
        what="the payments"
        retried="payments.retried"
        rows={ready ? payments : null}
        lead={(count) => listLead(query, count)}
        row={(payment) => <PaymentRow key={payment.id} actorRef={actorRef} payment={payment} />}
      />
    </StaffPage>
  )
}

function PaymentRow({ actorRef, payment }: { actorRef: PaymentsRef; payment: StaffPayment }) {
  const chosen = useSelector(actorRef, (s) => s.context.chosen === payment.id)
  const browsing = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'browsing' }) || s.matches({ ready: 'refunded' }),
  )
  const refunded = useSelector(actorRef, (s) => chosen && s.matches({ ready: 'refunded' }))
  const refund = refundLine(payment)
  return (
    <li className={staffCard}>
      <RowTitle name={payment.what}>
        <p className={css({ fontWeight: 'semibold', flexShrink: 0, whiteSpace: 'nowrap' })}>
          {amountOf(payment)}
        </p>
      </RowTitle>
      <div className={grid({ fontSize: 'sm', gap: '0.5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <p>{[payment.name, payment.email].filter(Boolean).join(' · ')}</p>
        <p className={css({ color: 'fg.muted' })}>{paymentLine(payment)}</p>
      </div>
      <div className={flex({ align: 'center', justify: 'space-between', gap: '3', wrap: 'wrap' })}>
        <span className={badge({ tone: STATUS_TONES[payment.status] })}>
          {STATUS_LABELS[payment.status]}
        </span>
        {payment.refundable && browsing && (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'md' })}
            onClick={() => actorRef.send({ type: 'refund.started', id: payment.id })}
          >
            Refund
          </button>
        )}
      </div>
      {refund && !refunded && <p className={css({ fontSize: 'sm' })}>{refund}</p>}
      {refunded && <DoneLine>{refundedMessage(payment)}</DoneLine>}
      {chosen && <RefundPanel actorRef={actorRef} payment={payment} />}
    </li>
  )
}

/** The refund of the chosen payment: its reason, then the call, a refusal or a failure. */
function RefundPanel({ actorRef, payment }: { actorRef: PaymentsRef; payment: StaffPayment }) {
  const state = useSelector(actorRef, (s) => s)
  const send = actorRef.send
  const { reason, blankReason, refusal } = state.context
  const writing =
    state.matches({ ready: 'reasoning' }) ||
    state.matches({ ready: 'refunding' }) ||
    state.matches({ ready: 'refundFailed' })
  const busy = state.hasTag('busy')
  if (state.matches({ ready: 'refused' })) {
    return (
      <div role="alert" className={staffColumn}>
        <p className={css({ fontWeight: 'semibold' })}>{refusal}</p>
        <button
          type="button"
          className={button({ variant: 'outline', size: 'md' })}
          onClick={() => send({ type: 'refund.cancelled' })}
        >
          Read the payments again
        </button>
      </div>
    )
  }
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the refund" />
  if (!writing) return null
  const where = payment.method === 'wallet' ? 'the wallet it came from' : 'the card'
  return (
    <form
      aria-label="Refund"
      noValidate
      className={cx(staffColumn, css({ borderTopWidth: '1px', borderColor: 'sand.200', pt: '3' }))}
      onSubmit={onSubmitted(() =>
        send({
          type: state.matches({ ready: 'refundFailed' }) ? 'refund.retried' : 'refund.confirmed',
        }),
      )}
    >
      <p className={css({ fontWeight: 'semibold' })}>
        Refund {amountOf(payment)} to {where}?
      </p>
      <ReasonField
        label="Reason, for the payer"
        value={reason}
        maxLength={REASON_MAX_LENGTH}
        room={reasonRoom(reason)}
        busy={busy}
        error={blankReason ? BLANK_REASON : null}
        onChange={(typed) => send({ type: 'reason.changed', reason: typed })}
      />
      {state.matches({ ready: 'refundFailed' }) && (
        <NotReached nothingWas="refunded" then="refund" />
      )}
      <SubmitOrCancel
        label="Yes, refund"
        busyLabel="Refunding…"
        busy={busy}
        onCancel={() => send({ type: 'refund.cancelled' })}
      />
    </form>
  )
}
