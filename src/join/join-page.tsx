import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { joinActors } from '../../machines/join/actors'
import { joinMachine } from '../../machines/join/machine'
import { loginPath } from '../../machines/rules/public-membership'
import { queryReader } from '../../machines/rules/text'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { StatusCard } from '../shared/status-card'
import { readSession } from '../storage'

/**
 * /join-community?community=&communityName=&email=: a signed-in invitee accepts the invite to a
 * community. What it shows depends on the stored login, so the browser renders it.
 */
export default function JoinCommunityPage() {
  const [params] = useSearchParams()
  const [input] = useState(() => {
    const query = queryReader(params)
    return {
      communityId: query('community'),
      communityName: query('communityName'),
      email: query('email'),
      signedIn: readSession() !== null,
    }
  })
  const navigate = useNavigate()
  const actorRef = useActorRef(
    joinMachine.provide({
      actors: joinActors(api),
      actions: {
        navigateToMenu: () => navigate('/menu', { replace: true }),
        navigateToLogin: (_, { email }) => navigate(loginPath(email)),
        logError: (_, { error }) => console.warn('Could not join the community', error),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  return <JoinView actorRef={actorRef} />
}

const strong = css({ color: 'fg.default', fontWeight: 'semibold' })

export function JoinView({ actorRef }: { actorRef: ActorRefFrom<typeof joinMachine> }) {
  const { communityName, email, error } = useSelector(actorRef, (s) => s.context)
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.hasTag('error'))
  const needsLogin = useSelector(actorRef, (s) => s.matches('needsLogin') || s.matches('leaving'))
  const joined = useSelector(actorRef, (s) => s.matches('success'))
  const community = communityName || 'a community'

  if (failed) {
    return (
      <>
        <title>Invite · Sixteen</title>
        <StatusCard
          tone="error"
          title={error ?? 'Invalid invite'}
          actions={
            <Link to="/" className={button({ size: 'lg' })}>
              Go Back Home
            </Link>
          }
        >
          <p>
            Ask the person who invited you to send the invite again, or write to us if it keeps
            happening.
          </p>
        </StatusCard>
      </>
    )
  }
  if (needsLogin) {
    return (
      <>
        <title>Log in to join · Sixteen</title>
        <StatusCard
          tone="info"
          eyebrow="Community invite"
          title="Log in to accept"
          busy
          actions={
            <Link to={loginPath(email)} className={button({ size: 'lg' })}>
              Log in now
            </Link>
          }
        >
          <p>
            You need to be logged in{email ? ' as ' : ''}
            {email && <span className={strong}>{email}</span>} to join{' '}
            <span className={strong}>{community}</span>. Taking you to the login page…
          </p>
        </StatusCard>
      </>
    )
  }
  if (joined) {
    return (
      <>
        <title>Welcome · Sixteen</title>
        <StatusCard tone="success" title={`You've joined ${community}`} busy>
          <p>Opening your menu…</p>
        </StatusCard>
      </>
    )
  }
  return (
    <>
      <title>{`Join ${community} · Sixteen`}</title>
      <StatusCard
        tone="info"
        eyebrow="Community invite"
        title={`Join ${community}`}
        busy={busy}
        actions={
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => actorRef.send({ type: 'invite.accepted' })}
              className={button({ size: 'lg' })}
            >
              {busy ? 'Processing' : 'Accept Invite'}
            </button>
            <Link to="/" className={button({ size: 'lg', variant: 'ghost' })} aria-disabled={busy}>
              Maybe later
            </Link>
          </>
        }
      >
        <p>
          <span className={strong}>{email || 'You'}</span> {email ? 'has' : 'have'} been invited to
          join <span className={strong}>{community}</span> on Friends of 16. Accept to share the
          community's membership.
        </p>
      </StatusCard>
    </>
  )
}
