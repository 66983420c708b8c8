import { useActorRef, useSelector } from '@xstate/react'
import { Link, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { inviteActors } from '../../machines/invite/actors'
import {
  INVITE_CHECKING,
  INVITE_INVALID,
  INVITE_USED,
  inviteMachine,
} from '../../machines/invite/machine'
import { invitedApplicationPath } from '../../machines/rules/public-membership'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { RetryButton } from '../shared/retry-button'
import { StatusCard } from '../shared/status-card'
import { SITE } from '../site'

/** /invite/{code}: a personal invite to Friends of 16, checked, then taken up. */
export default function InvitePage() {
  const { code = '' } = useParams()
  const actorRef = useActorRef(
    inviteMachine.provide({
      actors: inviteActors(api),
      actions: { logError: (_, { error }) => console.warn('Could not check the invite', error) },
    }),
    { input: { code }, inspect: showLiveFlow },
  )
  return <InviteView actorRef={actorRef} />
}

export function InviteView({ actorRef }: { actorRef: ActorRefFrom<typeof inviteMachine> }) {
  const state = useSelector(actorRef, (s) =>
    s.matches('pending')
      ? 'pending'
      : s.matches('used')
        ? 'used'
        : s.matches('invalid')
          ? 'invalid'
          : s.matches('failed')
            ? 'failed'
            : 'verifying',
  )
  const code = useSelector(actorRef, (s) => s.context.code)
  const firstName = useSelector(actorRef, (s) => s.context.firstName)
  switch (state) {
    case 'verifying':
      return (
        <>
          <title>Your invite · Sixteen</title>
          <StatusCard tone="waiting" title={INVITE_CHECKING} busy>
            <p>One moment while we find your invitation.</p>
          </StatusCard>
        </>
      )
    case 'pending':
      return (
        <>
          <title>You're invited · Sixteen</title>
          <StatusCard
            tone="info"
            eyebrow="You're invited"
            title={firstName ? `Welcome, ${firstName}` : 'Welcome'}
            actions={
              <Link to={invitedApplicationPath(code, firstName)} className={button({ size: 'lg' })}>
                Complete your profile
              </Link>
            }
          >
            <p>
              A friend of the house has invited you to join {SITE.programme}, the members' network
              of {SITE.name}. Complete your profile to take up your place; it takes about five
              minutes.
            </p>
          </StatusCard>
        </>
      )
    case 'used':
      return (
        <>
          <title>Invite used · Sixteen</title>
          <StatusCard
            tone="error"
            title={INVITE_USED}
            actions={
              <>
                <Link to="/login" className={button({ size: 'lg' })}>
                  Log in
                </Link>
                <Link to="/membership" className={button({ size: 'lg', variant: 'ghost' })}>
                  About membership
                </Link>
              </>
            }
          >
            <p>
              Each invite works once. If you completed your profile with it already, log in with the
              e-mail you gave.
            </p>
          </StatusCard>
        </>
      )
    case 'invalid':
      return (
        <>
          <title>Invite not found · Sixteen</title>
          <StatusCard
            tone="error"
            title={INVITE_INVALID}
            actions={
              <Link to="/membership" className={button({ size: 'lg' })}>
                Apply for membership
              </Link>
            }
          >
            <p>
              Check that the address matches the link in your invitation, or write to{' '}
              {SITE.supportEmail}.
            </p>
          </StatusCard>
        </>
      )
    case 'failed':
      return (
        <>
          <title>Your invite · Sixteen</title>
          <StatusCard
            tone="error"
            title="We couldn't check your invite"
            actions={<RetryButton onRetry={() => actorRef.send({ type: 'invite.retried' })} />}
          >
            <p>Check your connection, then try again. Your invite is still waiting for you.</p>
          </StatusCard>
        </>
      )
  }
}
