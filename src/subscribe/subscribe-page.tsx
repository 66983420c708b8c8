import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { subscribeActors } from '../../machines/subscribe/actors'
import { subscribeMachine } from '../../machines/subscribe/machine'
import { emailErrorOf } from '../../machines/subscribe/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button, column, disc } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { Banner } from '../shared/banner'
import { CheckMark } from '../shared/check-mark'
import { EmailField } from '../shared/email-field'
import { onSubmitted } from '../shared/form-fields'
import { BENEFITS } from '../shared/membership-benefits'
import { SiteHeader } from '../shared/site-header'
import { SITE } from '../site'

/** /membership-program: the teaser before the launch, with the mailing list. */
export default function MembershipProgramPage() {
  const actorRef = useActorRef(
    subscribeMachine.provide({
      actors: subscribeActors(api),
      actions: {
        reloadPage: () => window.location.reload(),
        logError: (_, { error }) => console.warn('Could not subscribe', error),
      },
    }),
    { inspect: showLiveFlow },
  )
  return <MembershipProgramView actorRef={actorRef} />
}

export function MembershipProgramView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof subscribeMachine>
}) {
  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>Friends of 16 · Launching in April 2024 · Sixteen</title>
      <SiteHeader />
      <main
        className={cx(
          column(),
          grid({
            py: { base: '10', md: '20' },
            gap: { base: '10', md: '16' },
            gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }),
        )}
      >
        <div>
          <p className={css({ textStyle: 'eyebrow', mb: '3' })}>{SITE.name} presents</p>
          <h1 className={css({ textStyle: 'display.programme' })}>{SITE.programme}</h1>
          <p
            className={css({
              display: 'inline-block',
              mt: '5',
              px: '3',
              py: '1',
              borderRadius: 'full',
              bg: 'clay.50',
              color: 'clay.800',
              fontWeight: 'semibold',
              fontSize: 'sm',
            })}
          >
            Launching in April 2024
          </p>
          <p className={css({ textStyle: 'lead', mt: '5', maxW: 'xl' })}>
            A members' network for creatives, at a family-owned house in Lagos. Here is what Friends
            will get:
          </p>
          <ul className={css({ listStyle: 'none', mt: '6', display: 'grid', gap: '4' })}>
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className={css({ display: 'flex', gap: '3' })}>
                <span
                  className={cx(
                    disc({ size: '7' }),
                    css({ flexShrink: 0, mt: '0.5', bg: 'palm.50', color: 'palm.600' }),
                  )}
                >
                  <CheckMark size={16} strokeWidth={2.4} />
                </span>
                <span>
                  <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                    {benefit.title}
                  </span>
                  <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>
                    {benefit.line}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <MailingList actorRef={actorRef} />
      </main>
    </div>
  )
}

function MailingList({ actorRef }: { actorRef: ActorRefFrom<typeof subscribeMachine> }) {
  const email = useSelector(actorRef, (s) => s.context.email)
  const error = useSelector(actorRef, (s) => s.context.error)
  const emailMessage = useSelector(actorRef, (s) => emailErrorOf(s.context))
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const subscribed = useSelector(actorRef, (s) => s.hasTag('success') || s.matches('reloading'))
  const canSubscribe = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  return (
    <section
      aria-labelledby="mailing-list-heading"
      className={css({
        layerStyle: 'card',
        boxShadow: '0 24px 48px -32px rgba(26, 23, 19, 0.35)',
        p: { base: '6', md: '8' },
        position: { lg: 'sticky' },
        top: { lg: '24' },
      })}
    >
      <h2
        id="mailing-list-heading"
        className={css({ fontFamily: 'display', fontSize: '3xl', lineHeight: 'tight' })}
      >
        Join our mailing list
      </h2>
      <p className={css({ color: 'fg.muted', mt: '2', lineHeight: '1.6' })}>
        Be the first to hear when applications open. One e-mail at launch, no spam.
      </p>
      {subscribed ? (
        <div className={css({ mt: '6' })}>
          <Banner tone="success">
            <CheckMark size={18} strokeWidth={2.4} /> Subscribed
          </Banner>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '3' })}>
            Thank you. We'll write to {email.trim()} when we launch.
          </p>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmitted(() => actorRef.send({ type: 'form.submitted' }))}
          className={css({ display: 'grid', gap: '4', mt: '6' })}
        >
          <EmailField
            value={email}
            error={emailMessage}
            onChange={(value) => actorRef.send({ type: 'email.changed', value })}
            disabled={busy}
          />
          {error && <Banner tone="danger">{error}</Banner>}
          <button
            type="submit"
            disabled={!canSubscribe}
            className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
          >
            {busy ? 'Please wait' : 'Subscribe'}
          </button>
        </form>
      )}
    </section>
  )
}
