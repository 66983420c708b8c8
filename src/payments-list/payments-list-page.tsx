import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { paymentsListActors } from '../../machines/payments-list/actors'
import { paymentsListMachine } from '../../machines/payments-list/machine'
import {
  PAYMENT_STATE_LABELS,
  type PaymentState,
  paymentState,
  refundNote,
} from '../../machines/payments-list/selectors'
import { formatMinor } from '../../machines/rules/money'
import { paidByLabel, paymentMoment } from '../../machines/rules/profile'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { card, LoadStatus, MemberPage } from '../shared/member-page'
import { storage } from '../storage'

/** /profile/payments: the signed-in person's payments, latest first. */
export default function ProfilePaymentsPage() {
  const [userId] = useState(() => storage.get('userID') ?? '')
  const actorRef = useMemberFlow(
    paymentsListMachine,
    paymentsListActors(api),
    'Could not load the payments',
    { input: { userId } },
  )
  return <PaymentsView actorRef={actorRef} />
}

const TONE: Record<PaymentState, 'free' | 'neutral' | 'danger' | 'paid'> = {
  paid: 'free',
  pending: 'neutral',
  failed: 'danger',
  abandoned: 'neutral',
  refundPending: 'neutral',
  refunded: 'paid',
}

export function PaymentsView({ actorRef }: { actorRef: ActorRefFrom<typeof paymentsListMachine> }) {
  const load = useLoadStates(actorRef)
  const ready = useSelector(actorRef, (s) => s.matches('ready'))
  const payments = useSelector(actorRef, (s) => s.context.payments)

  return (
    <MemberPage
      title="Payments"
      back="/profile"
      lead="Your membership payments, top-ups and card bookings."
    >
      <section aria-label="Payments" aria-busy={load.loading}>
        <LoadStatus
          {...load}
          what="your payments"
          onRetry={() => actorRef.send({ type: 'payments.retried' })}
        />
        {ready && payments.length === 0 && (
          <div
            className={`${card} ${css({ px: '5', py: '8', textAlign: 'center', display: 'grid', gap: '2', justifyItems: 'center' })}`}
          >
            <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>No payments yet</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '24rem' })}>
              When you pay for your membership or top up your wallet, the receipt shows here.
            </p>
            <Link to="/profile/payment" className={button({ size: 'md', variant: 'outline' })}>
              See membership plans
            </Link>
          </div>
        )}
        {ready && payments.length > 0 && (
          <ul className={css({ listStyle: 'none', display: 'grid', gap: '3' })}>
            {payments.map((payment) => {
              const state = paymentState(payment)
              const note = refundNote(payment)
              return (
                <li
                  key={payment.id}
                  className={`${card} ${css({ px: { base: '4', md: '5' }, py: '4' })}`}
                >
                  <div className={flex({ align: 'baseline', justify: 'space-between', gap: '3' })}>
                    <span className={css({ fontFamily: 'display', fontSize: '2xl' })}>
                      {formatMinor(payment.Amount, payment.Currency)}
                    </span>
                    <span className={badge({ tone: TONE[state] })}>
                      {PAYMENT_STATE_LABELS[state]}
                    </span>
                  </div>
                  <p className={css({ fontWeight: 'semibold', mt: '1', overflowWrap: 'anywhere' })}>
                    {payment.For}
                  </p>
                  {note && (
                    <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '2' })}>{note}</p>
                  )}
                  <dl
                    className={css({
                      display: 'grid',
                      gridTemplateColumns: {
                        base: 'repeat(2, minmax(0, 1fr))',
                        md: 'repeat(4, minmax(0, auto))',
                      },
                      gap: '3',
                      mt: '3',
                    })}
                  >
                    <Fact label="Paid by" value={paidByLabel(payment.Channel)} />
                    <Fact label="Created at" value={paymentMoment(payment['Created at'])} />
                    <Fact label="Currency" value={payment.Currency} />
                    <Fact label="Reference" value={payment.Reference} mono />
                  </dl>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </MemberPage>
  )
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={css({ minW: '0' })}>
      <dt className={css({ textStyle: 'smallCaps' })}>{label}</dt>
      <dd
        className={
          mono
            ? css({ fontFamily: 'mono', fontSize: 'sm', mt: '0.5', overflowWrap: 'anywhere' })
            : css({ fontSize: 'sm', mt: '0.5' })
        }
      >
        {value}
      </dd>
    </div>
  )
}
