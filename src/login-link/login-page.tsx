import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { loginLinkActors } from '../../machines/login-link/actors'
import { loginLinkMachine } from '../../machines/login-link/machine'
import { emailErrorOf } from '../../machines/login-link/selectors'
import { loginSentPath, queryEmail } from '../../machines/rules/public-membership'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button, column } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { Banner } from '../shared/banner'
import { EmailField } from '../shared/email-field'
import { onSubmitted } from '../shared/form-fields'
import { SiteHeader } from '../shared/site-header'
import { SITE } from '../site'

/** /login: a magic login link by e-mail; `?email=` prefills the field and locks it. */
export default function LoginPage() {
  const [params] = useSearchParams()
  const [email] = useState(() => queryEmail(params.get('email')))
  const navigate = useNavigate()
  const actorRef = useActorRef(
    loginLinkMachine.provide({
      actors: loginLinkActors(api),
      actions: {
        navigateToSent: (_, { email }) => navigate(loginSentPath(email)),
        logError: (_, { error }) => console.warn('Could not send the login link', error),
      },
    }),
    { input: { email }, inspect: showLiveFlow },
  )
  return <LoginView actorRef={actorRef} />
}

export function LoginView({ actorRef }: { actorRef: ActorRefFrom<typeof loginLinkMachine> }) {
  const email = useSelector(actorRef, (s) => s.context.email)
  const locked = useSelector(actorRef, (s) => s.context.locked)
  const error = useSelector(actorRef, (s) => s.context.error)
  const emailMessage = useSelector(actorRef, (s) => emailErrorOf(s.context))
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const canSend = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>Log in · Sixteen</title>
      <SiteHeader />
      <main
        className={cx(
          column({ width: 'md' }),
          css({ px: { base: '5', md: '0' }, py: { base: '10', md: '20' } }),
        )}
      >
        <p className={css({ textStyle: 'eyebrow', mb: '3' })}>{SITE.programme}</p>
        <h1 className={css({ textStyle: 'display.page' })}>Log in</h1>
        <p className={css({ color: 'fg.muted', mt: '3', lineHeight: '1.6' })}>
          Enter the e-mail address of your membership and we'll send you a link that logs you in. No
          password needed.
        </p>
        <form
          noValidate
          onSubmit={onSubmitted(() => actorRef.send({ type: 'form.submitted' }))}
          className={css({ display: 'grid', gap: '5', mt: '8' })}
        >
          <EmailField
            value={email}
            error={emailMessage}
            onChange={(value) => actorRef.send({ type: 'email.changed', value })}
            locked={locked}
            lockedHint="We will send the link to this address."
            disabled={busy}
          />
          {error && <Banner tone="danger">{error}</Banner>}
          <button
            type="submit"
            disabled={!canSend}
            aria-describedby={!canSend && !busy ? 'send-hint' : undefined}
            className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
          >
            {busy ? 'Please wait' : 'Send Login Link'}
          </button>
          {!canSend && !busy && (
            <p id="send-hint" className={css({ srOnly: true })}>
              Enter a valid e-mail address to send the link.
            </p>
          )}
        </form>
        <div
          className={grid({
            mt: '10',
            pt: '6',
            layerStyle: 'ruled',
            gap: '2',
            textStyle: 'note',
          })}
        >
          {locked && (
            <p>
              Not your address?{' '}
              <Link to="/login" className={linkStyle}>
                Log in with another e-mail
              </Link>
            </p>
          )}
          <p>
            Not a Friend of 16 yet?{' '}
            <Link to="/membership" className={linkStyle}>
              Apply for membership
            </Link>
          </p>
        </div>
      </main>
    </div>
  )
}

const linkStyle = css({ color: 'clay.700', textStyle: 'link', _hover: { color: 'clay.800' } })
