import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { checkInActors } from '../../machines/check-in/actors'
import { type CheckIn, checkInMachine } from '../../machines/check-in/machine'
import {
  CAMERA_UNAVAILABLE,
  guestsLine,
  SCANNER_UNLOADED,
  type Tone,
  ticketDay,
  verdictView,
} from '../../machines/check-in/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useMemberFlow } from '../member-flow'
import { Field, onSubmitted, textInput } from '../shared/form-fields'
import { LoadNotice } from '../shared/member-page'
import { RetryButton } from '../shared/retry-button'
import { StaffPage } from '../shared/staff-page'
import { DoorCamera } from './door-camera'

/** /staff/check-in: the door. A ticket's code is scanned (or typed) and checked in once. */
export default function StaffCheckInPage() {
  const actorRef = useMemberFlow(
    checkInMachine,
    checkInActors(api),
    'Could not check the ticket in',
    { level: 'error' },
  )
  // Back online: a check-in that could not be sent goes again (the flow decides).
  useEffect(() => {
    const online = () => actorRef.send({ type: 'network.restored' })
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [actorRef])
  return <CheckInView actorRef={actorRef} />
}

const TONES: Record<Tone, string> = {
  green: css({ bg: 'palm.600', color: 'white' }),
  red: css({ bg: 'berry.600', color: 'white' }),
  yellow: css({ bg: 'sun.300', color: 'ink.900' }),
}

export function CheckInView({ actorRef }: { actorRef: ActorRefFrom<typeof checkInMachine> }) {
  const state = useSelector(actorRef, (s) => s)
  const inputId = useId()
  const errorId = useId()
  const input = useRef<HTMLInputElement>(null)
  const checking = state.hasTag('busy')
  const { problem, verdict } = state.context
  const camera = state.value.camera

  return (
    <StaffPage
      title="Check-in"
      forbidden={state.hasTag('forbidden')}
      lead="Scan a guest's ticket, or type its code."
    >
      {/* The answer first: on a small phone it is the first screen, the camera below it. */}
      <section
        aria-label="Answer"
        aria-live="polite"
        className={css({ '&:not(:empty)': { mb: '4' } })}
      >
        {state.matches({ door: 'failed' }) && (
          <div role="alert" className={css({ layerStyle: 'card', px: '5', py: '5' })}>
            <p className={css({ fontWeight: 'semibold' })}>We couldn't reach the server</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
              The ticket is not checked in yet. It is sent again when the connection returns, or try
              again now.
            </p>
            <div className={css({ mt: '3' })}>
              <RetryButton onRetry={() => actorRef.send({ type: 'check-in.retried' })} />
            </div>
          </div>
        )}
        {state.hasTag('expired') && <LoadNotice kind="expired" what="the check-in" />}
        {state.matches({ door: 'answered' }) && verdict && (
          <Verdict
            verdict={verdict}
            onNext={() => {
              if (input.current) input.current.value = ''
              input.current?.focus()
              actorRef.send({ type: 'verdict.dismissed' })
            }}
          />
        )}
      </section>
      <section aria-label="Scanner" className={css({ display: 'grid', gap: '3' })}>
        <DoorCamera
          on={camera === 'starting' || camera === 'scanning'}
          onReady={() => actorRef.send({ type: 'camera.started' })}
          onRefused={() => actorRef.send({ type: 'camera.refused' })}
          onUnloaded={() => actorRef.send({ type: 'camera.unloaded' })}
          onCode={(code) => actorRef.send({ type: 'code.scanned', code })}
        />
        {(camera === 'unavailable' || camera === 'unloaded') && (
          <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
            {camera === 'unloaded' ? SCANNER_UNLOADED : CAMERA_UNAVAILABLE}
          </p>
        )}
        {camera === 'scanning' ? (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'lg' })}
            onClick={() => actorRef.send({ type: 'camera.closed' })}
          >
            Stop the camera
          </button>
        ) : (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'lg' })}
            disabled={camera === 'starting'}
            onClick={() => actorRef.send({ type: 'camera.opened' })}
          >
            {camera === 'starting' ? 'Starting the camera…' : 'Scan with the camera'}
          </button>
        )}
      </section>
      <form
        aria-label="Ticket"
        noValidate
        onSubmit={onSubmitted(() =>
          actorRef.send({ type: 'code.submitted', code: input.current?.value ?? '' }),
        )}
        className={css({ display: 'grid', gap: '3', mt: '6' })}
      >
        <Field label="Ticket code" htmlFor={inputId}>
          <input
            ref={input}
            id={inputId}
            name="code"
            className={textInput}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="K7QM-93XD-2HFR-8NWB"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
          />
          {problem && (
            <p id={errorId} className={css({ color: 'berry.600', fontSize: 'sm' })}>
              {problem}
            </p>
          )}
        </Field>
        <button
          type="submit"
          className={button({ size: 'lg' })}
          disabled={checking}
          aria-busy={checking || undefined}
        >
          {checking ? 'Checking…' : 'Check in'}
        </button>
      </form>
    </StaffPage>
  )
}

function Verdict({ verdict, onNext }: { verdict: CheckIn; onNext: () => void }) {
  const view = verdictView(verdict)
  const ticket = verdict.ticket
  const guests = ticket ? guestsLine(ticket) : ''
  return (
    <div
      role="status"
      data-tone={view.tone}
      className={cx(
        TONES[view.tone],
        css({
          borderRadius: 'l3',
          px: { base: '4', md: '6' },
          py: { base: '4', md: '6' },
          display: 'grid',
          gap: { base: '2', md: '3' },
          overflowWrap: 'anywhere',
        }),
      )}
    >
      <p className={css({ textStyle: 'display.statement', lineHeight: '1.1' })}>{view.headline}</p>
      {ticket && (
        <div className={css({ display: 'grid', gap: '0.5' })}>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold' })}>
            {ticket.name}
          </p>
          <p>
            {ticket.what}
            {ticket.timeSlot ? ` · ${ticket.timeSlot}` : ''}
            {ticket.venue && ticket.venue !== ticket.what ? ` · ${ticket.venue}` : ''}
          </p>
          {view.showDay && <p>{ticketDay(ticket)}</p>}
          {guests && <p>{guests}</p>}
        </div>
      )}
      {view.detail && <p className={css({ fontWeight: 'medium' })}>{view.detail}</p>}
      <div className={flex({ mt: '1' })}>
        <button
          type="button"
          onClick={onNext}
          className={cx(
            button({ variant: 'outline', size: 'md' }),
            css({ bg: 'white', color: 'ink.900', borderColor: 'white' }),
          )}
        >
          Next guest
        </button>
      </div>
    </div>
  )
}
