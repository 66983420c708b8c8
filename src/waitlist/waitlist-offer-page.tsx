import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { placeLine } from '../../machines/rules/waitlist'
import { waitlistOfferActors } from '../../machines/waitlist/offer/actors'
import {
  type WaitlistOfferInput,
  waitlistOfferMachine,
} from '../../machines/waitlist/offer/machine'
import { offerPageOf, takeLabel } from '../../machines/waitlist/offer/selectors'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { checkoutInBrowser, useCheckout } from '../shared/checkout-in-browser'
import { RetryButton } from '../shared/retry-button'
import { LinkNotFound, StatusCard } from '../shared/status-card'
import { useReloadOnRestore } from '../shared/use-reload-on-restore'
import { useViewer } from '../shared/use-viewer'
import { SITE } from '../site'
import { pageOrigin, storage } from '../storage'

type WaitlistRef = ActorRefFrom<typeof waitlistOfferMachine>

/**
 * /waitlist/:token, where a waitlist entry's e-mails lead: where the person stands, or the place
 * offered to them with one button to book it. Works without an account: the token is the entry's
 * secret.
 */
export default function WaitlistPage() {
  const { token = '' } = useParams()
  const { signedIn, isMember, known } = useViewer()
  // The offer's price is the viewer's: wait until the app knows who is looking.
  if (!known) return <Checking />
  return <WaitlistFlow key={`${signedIn}|${isMember}`} token={token} />
}

function WaitlistFlow({ token }: { token: string }) {
  const { signedIn, isMember } = useViewer()
  const [input] = useState<WaitlistOfferInput>(() => ({
    token,
    viewer: { signedIn, isMember, userId: storage.get('userID') },
    origin: pageOrigin(),
  }))
  const actorRef = useActorRef(
    waitlistOfferMachine.provide({
      actors: {
        ...waitlistOfferActors(api),
        checkout: checkoutInBrowser('The payment for the offered place did not go through'),
      },
      actions: {
        // A full page load, as the RSVP's: the ticket's page.
        navigateToRegistered: (_, { path }) => window.location.assign(path),
        logError: (_, { error }) => console.error('The waitlist call did not go through', error),
      },
    }),
    { input, inspect: showLiveFlow },
  )
  useReloadOnRestore()
  return <WaitlistView actorRef={actorRef} />
}

function Checking() {
  return (
    <>
      <title>{`Your place on the waitlist · ${SITE.name}`}</title>
      <StatusCard tone="waiting" title="Finding your place in line" busy>
        <p>One moment.</p>
      </StatusCard>
    </>
  )
}

const detail = css({ overflowWrap: 'anywhere' })

export function WaitlistView({ actorRef }: { actorRef: WaitlistRef }) {
  const state = useSelector(actorRef, (s) => s)
  const checkout = useCheckout(actorRef)
  const send = actorRef.send
  const { entry, event, problem } = state.context

  if (state.matches('loading')) return <Checking />
  if (state.matches('missing'))
    return <LinkNotFound title="We can't find this waitlist link" from="your e-mail" />
  if (state.matches('failed') || !entry || !event) {
    return (
      <>
        <title>{`Your place on the waitlist · ${SITE.name}`}</title>
        <StatusCard
          tone="error"
          title="We couldn't load your place in line"
          actions={<RetryButton onRetry={() => send({ type: 'entry.retried' })} />}
        >
          <p>Check your connection, then try again. Your place is kept meanwhile.</p>
        </StatusCard>
      </>
    )
  }

  const busy = state.hasTag('busy') || checkout.busy
  const { title, tone, buttons, note } = offerPageOf(state)
  const eventLink = (
    <Link to={`/event/${encodeURIComponent(event.ID)}`} className={css({ textStyle: 'link' })}>
      {entry.eventName}
    </Link>
  )

  const actions =
    buttons === 'leaveQuestion' ? (
      <>
        <button
          type="button"
          className={button({ size: 'lg', variant: 'danger' })}
          onClick={() => send({ type: 'leave.confirmed' })}
        >
          Yes, leave the waitlist
        </button>
        <button
          type="button"
          className={button({ size: 'lg', variant: 'ghost' })}
          onClick={() => send({ type: 'leave.kept' })}
        >
          Stay in line
        </button>
      </>
    ) : buttons === 'offer' || buttons === 'line' ? (
      <>
        {buttons === 'offer' && (
          <button
            type="button"
            className={button({ size: 'lg' })}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => send({ type: 'offer.taken' })}
          >
            {busy ? 'Please wait…' : takeLabel(state.context)}
          </button>
        )}
        <button
          type="button"
          className={button({ size: 'lg', variant: 'ghost' })}
          disabled={busy}
          onClick={() => send({ type: 'leave.started' })}
        >
          Leave the waitlist
        </button>
      </>
    ) : (
      <Link to={`/event/${encodeURIComponent(event.ID)}`} className={button({ size: 'lg' })}>
        See the event
      </Link>
    )

  return (
    <>
      <title>{`${title} · ${SITE.name}`}</title>
      <StatusCard tone={tone} eyebrow="Waitlist" title={title} busy={busy} actions={actions}>
        <p className={detail}>
          {eventLink}, {placeLine(entry)}
        </p>
        <p className={detail}>{note}</p>
        <p className={css({ textStyle: 'note', overflowWrap: 'anywhere' })}>
          For {entry.name}, {entry.email}
        </p>
        {problem && (
          <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
            {problem}
          </p>
        )}
      </StatusCard>
    </>
  )
}
