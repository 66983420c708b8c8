import { useActorRef, useSelector } from '@xstate/react'
import type { ComponentType, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { paymentReturnActors } from '../../machines/payment-return/actors'
import { AUTOMATIC_CHECKS, paymentReturnMachine } from '../../machines/payment-return/machine'
import { notPaidWords, type PaidFor } from '../../machines/payment-return/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button, disc } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { ChatIcon, LineIcon, MailIcon } from '../shared/line-icons'
import { RetryButton } from '../shared/retry-button'
import { SiteHeader } from '../shared/site-header'
import { mailLink, whatsappLink } from '../site'

/** The provider's reference in the address: `?reference=`, or Paystack's `?trxref=`. */
function referenceIn(search: string): string | null {
  const params = new URLSearchParams(search)
  return params.get('reference') || params.get('trxref') || null
}

/** The same address without the provider's parameters, so a reload does not verify again. */
function withoutReference(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('reference')
  params.delete('trxref')
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/**
 * Wraps a page the card provider returns to. With no reference in the address, or once the
 * payment is confirmed, it shows the page; otherwise it settles the payment first and shows the
 * outcome in full (declined, refunded, still pending, or not reachable), so no one is left guessing.
 */
export function PaymentReturn({
  children,
  back = { to: '/', label: 'Back to the calendar' },
  paidFor = 'booking',
}: {
  children: ReactNode
  /** Where 'a way back' goes when the payment did not go through. */
  back?: { to: string; label: string }
  /** What the payment was for: what stayed as it was, when nothing was paid. */
  paidFor?: PaidFor
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const actorRef = useActorRef(
    paymentReturnMachine.provide({
      actors: paymentReturnActors(api),
      actions: {
        clearReference: () =>
          navigate(
            {
              pathname: location.pathname,
              search: withoutReference(location.search),
              hash: location.hash,
            },
            { replace: true, state: location.state },
          ),
        logError: (_, { error }) => console.warn('Could not verify the payment', error),
      },
    }),
    { input: { reference: referenceIn(location.search) }, inspect: showLiveFlow },
  )
  const settled = useSelector(actorRef, (s) => s.matches('none') || s.matches('confirmed'))
  // A way back to the same page without the reference leaves the outcome behind.
  if (settled || referenceIn(location.search) === null) return <>{children}</>
  return <PaymentReturnView actorRef={actorRef} back={back} paidFor={paidFor} />
}

/** A page a card payment comes back to (`?reference=`): the payment is settled, then `Screen` shows. */
export const afterPayment = (
  back: { to: string; label: string },
  Screen: ComponentType,
  paidFor?: PaidFor,
) =>
  function PaidPage() {
    return (
      <PaymentReturn back={back} paidFor={paidFor}>
        <Screen />
      </PaymentReturn>
    )
  }

export function PaymentReturnView({
  actorRef,
  back,
  paidFor,
}: {
  actorRef: ActorRefFrom<typeof paymentReturnMachine>
  back: { to: string; label: string }
  paidFor: PaidFor
}) {
  const state = useSelector(actorRef, (s) => s)
  const reference = state.context.reference ?? ''
  const backLink = (
    <Link to={back.to} className={button({ size: 'lg' })}>
      {back.label}
    </Link>
  )

  // A re-check of a pending payment keeps its screen, the button saying what happens.
  const rechecking = state.hasTag('busy') && state.context.outcome?.status === 'pending'

  if (state.hasTag('busy') && !rechecking) {
    return (
      <Screen title="Confirming your payment…">
        <div aria-hidden className={spinner} />
        <h1 className={heading}>Confirming your payment…</h1>
        <p className={text}>
          This usually takes a few seconds. Please keep this page open; we'll show your booking as
          soon as your bank confirms.
        </p>
      </Screen>
    )
  }

  if (state.matches('declined')) {
    const words = notPaidWords(state.context.outcome, paidFor)
    return (
      <Screen title={words.heading}>
        <Mark tone="danger" icon="cross" />
        <h1 className={heading}>{words.heading}</h1>
        <p className={text}>{words.text}</p>
        <p className={hint}>{words.hint}</p>
        <Actions>
          {backLink}
          {back.to !== '/' && (
            <Link to="/" className={button({ variant: 'ghost', size: 'lg' })}>
              Browse the calendar
            </Link>
          )}
        </Actions>
      </Screen>
    )
  }

  if (state.matches('refunded')) {
    return (
      <Screen title="Sold out, payment refunded">
        <Mark tone="clay" icon="refund" />
        <h1 className={heading}>Sold out while you paid</h1>
        <p className={text}>
          The last place was taken while your payment was being confirmed, so no booking was made.
          Your money is on its way back to your card, and we've e-mailed you the details.
        </p>
        <p className={hint}>Refunds usually show on your statement within 5 to 10 working days.</p>
        <Actions>{backLink}</Actions>
        <Reference value={reference} />
      </Screen>
    )
  }

  if (state.matches('pending') || rechecking) {
    const automatic = state.context.autoChecks < AUTOMATIC_CHECKS
    return (
      <Screen title="Still confirming your payment">
        <Mark tone="warning" icon="clock" />
        <h1 className={heading}>Still confirming your payment</h1>
        <p className={text}>
          Your bank has not confirmed the payment yet. This can take a minute.
          {automatic ? " We'll check again in a few seconds." : ''}
        </p>
        <p className={hint}>
          Your place is held for 15 minutes. If the payment goes through, your booking is made and
          your receipt is e-mailed to you.
        </p>
        <Actions>
          <button
            type="button"
            className={button({ size: 'lg' })}
            aria-disabled={rechecking}
            aria-busy={rechecking}
            onClick={() => actorRef.send({ type: 'payment.rechecked' })}
          >
            {rechecking ? 'Checking…' : 'Check again'}
          </button>
        </Actions>
        <Help reference={reference} />
      </Screen>
    )
  }

  if (state.matches('unknown')) {
    return (
      <Screen title="Payment not found">
        <Mark tone="neutral" icon="search" />
        <h1 className={heading}>We couldn't find this payment</h1>
        <p className={text}>
          The payment reference in this address is not one we know, so there is nothing to confirm.
          If money left your account, contact us and we'll sort it out.
        </p>
        <Actions>{backLink}</Actions>
        <Help reference={reference} />
      </Screen>
    )
  }

  // failed: the verification itself could not be done.
  return (
    <Screen title="Could not confirm your payment">
      <Mark tone="neutral" icon="offline" />
      <h1 className={heading}>We couldn't confirm your payment yet</h1>
      <p className={text}>
        We couldn't reach our payment service just now. Nothing is lost: if your payment went
        through, your booking is kept and your receipt will be e-mailed to you.
      </p>
      <Actions>
        <RetryButton onRetry={() => actorRef.send({ type: 'payment.retried' })} />
      </Actions>
      <Help reference={reference} />
    </Screen>
  )
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <title>{`${title} · Sixteen`}</title>
      <SiteHeader />
      <main
        className={css({
          minH: 'calc(100dvh - 56px)',
          display: 'grid',
          placeItems: 'center',
          px: '5',
          py: { base: '10', md: '16' },
        })}
      >
        <section
          aria-live="polite"
          className={flex({
            direction: 'column',
            align: 'center',
            w: 'full',
            maxW: '28rem',
            textAlign: 'center',
            animation: 'fadeIn 0.3s ease-out',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          })}
        >
          {children}
        </section>
      </main>
    </>
  )
}

const heading = css({ textStyle: 'display.status', textWrap: 'balance', mt: '6' })

const text = css({ mt: '3', fontSize: 'md', lineHeight: 'relaxed', color: 'fg.muted' })
const hint = css({ mt: '3', fontSize: 'sm', lineHeight: 'relaxed', color: 'fg.subtle' })

const spinner = css({
  w: '14',
  h: '14',
  borderRadius: 'full',
  borderWidth: '3px',
  borderColor: 'sand.200',
  borderTopColor: 'clay.600',
  animation: 'spin 0.9s linear infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'spin 2.4s linear infinite' },
})

const marks = {
  danger: css({ bg: 'berry.50', color: 'berry.600' }),
  warning: css({ bg: 'sun.50', color: 'sun.600' }),
  clay: css({ bg: 'clay.50', color: 'clay.700' }),
  neutral: css({ bg: 'sand.100', color: 'ink.700' }),
}

const icons = {
  cross: 'M8 8l8 8M16 8l-8 8',
  refund: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
  clock: 'M12 7v5l3 2M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z',
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM20 20l-4-4',
  offline:
    'M12 8v5M12 16.5v.01M10.3 3.9L2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
}

function Mark({ tone, icon }: { tone: keyof typeof marks; icon: keyof typeof icons }) {
  return (
    <span aria-hidden className={cx(cx(disc({ size: '16' }), css({})), marks[tone])}>
      <LineIcon size={28} bold>
        <path d={icons[icon]} />
      </LineIcon>
    </span>
  )
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <div
      className={flex({
        direction: 'column',
        align: 'stretch',
        mt: '8',
        w: 'full',
        gap: '3',
        sm: { w: 'auto', alignItems: 'center' },
      })}
    >
      {children}
    </div>
  )
}

function Reference({ value }: { value: string }) {
  if (!value) return null
  return (
    <p className={css({ mt: '6', fontSize: 'xs', color: 'fg.subtle' })}>
      Payment reference{' '}
      <span className={css({ fontFamily: 'mono', color: 'fg.muted', userSelect: 'all' })}>
        {value}
      </span>
    </p>
  )
}

/** Contact with the reference already written, for when the outcome is unclear. */
function Help({ reference }: { reference: string }) {
  const message = `Hello Sixteen, I paid for a booking but it has not been confirmed. My payment reference is ${reference}.`
  return (
    <div className={css({ mt: '8', pt: '6', w: 'full', layerStyle: 'ruled' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Need a hand? We answer 10am to 10pm.
      </p>
      <div className={flex({ justify: 'center', wrap: 'wrap', mt: '3', gap: '2' })}>
        <a
          href={whatsappLink(message)}
          target="_blank"
          rel="noreferrer"
          className={button({ variant: 'ghost', size: 'md' })}
        >
          <ChatIcon size={18} />
          WhatsApp us
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>
        </a>
        <a
          href={mailLink('Payment not confirmed', message)}
          className={button({ variant: 'ghost', size: 'md' })}
        >
          <MailIcon size={18} />
          E-mail us
        </a>
      </div>
      <Reference value={reference} />
    </div>
  )
}
