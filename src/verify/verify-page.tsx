import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { verifyActors } from '../../machines/verify/actors'
import { verifyMachine } from '../../machines/verify/machine'
import { button } from '../../styled-system/recipes'
import { api, viewer } from '../api'
import { showLiveFlow } from '../live-flows'
import { StatusCard } from '../shared/status-card'
import { storage } from '../storage'

/** The page's actors, made once: a token is spent once however often the page mounts. */
const actors = verifyActors(api)

/** /verify?token=: the magic link's page; only its script spends the token. */
export default function VerifyPage() {
  const [params] = useSearchParams()
  const [token] = useState(() => params.get('token'))
  const navigate = useNavigate()
  const actorRef = useActorRef(
    verifyMachine.provide({
      actors,
      actions: {
        clearStorage: () => storage.clearSession(),
        storeLogin: (_, { token, user }) => {
          storage.set('authToken', token)
          storage.set('userID', user.id)
          storage.set('userEmail', user.email)
          storage.set('userName', user.name)
          if (user.phoneNumber) storage.set('userNumber', user.phoneNumber)
          viewer.send({ type: 'viewer.signedIn' })
        },
        navigateToStaff: () => navigate('/staff', { replace: true }),
        navigateToMenu: () => navigate('/menu', { replace: true }),
        navigateToByeLaws: () => navigate('/bye-laws', { replace: true }),
        logError: (_, { error }) => console.warn('Could not verify the login link', error),
      },
    }),
    { input: { token }, inspect: showLiveFlow },
  )
  return <VerifyView actorRef={actorRef} />
}

export function VerifyView({ actorRef }: { actorRef: ActorRefFrom<typeof verifyMachine> }) {
  const failed = useSelector(actorRef, (s) => s.hasTag('error'))
  const error = useSelector(actorRef, (s) => s.context.error)
  const signedIn = useSelector(actorRef, (s) => s.context.login !== null)
  if (failed) {
    return (
      <>
        <title>Login failed · Sixteen</title>
        <StatusCard
          tone="error"
          title={error ?? 'Invalid Login Token'}
          actions={
            <Link to="/login" className={button({ size: 'lg' })}>
              Log In
            </Link>
          }
        >
          <p>
            Login links work once and expire after 15 minutes. Ask for a new one and open the latest
            e-mail.
          </p>
        </StatusCard>
      </>
    )
  }
  return (
    <>
      <title>Logging you in · Sixteen</title>
      <StatusCard
        tone={signedIn ? 'success' : 'waiting'}
        title={signedIn ? "You're in" : 'Logging you in…'}
        busy
      >
        <p>{signedIn ? 'Opening your membership…' : 'Checking your login link.'}</p>
      </StatusCard>
    </>
  )
}
