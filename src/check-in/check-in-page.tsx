import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { checkInActors } from '../../machines/check-in/actors'
import { type CheckIn, checkInMachine } from '../../machines/check-in/machine'
import type { DecidedBy, PartyAtDoor } from '../../machines/check-in/offline'
import { checkInQueueActors } from '../../machines/check-in/queue/actors'
import {
  checkInQueueMachine,
  type DoorQueueContext,
  type KeptDoor,
} from '../../machines/check-in/queue/machine'
import {
  CAMERA_UNAVAILABLE,
  countView,
  decidedNote,
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
import { storage } from '../storage'
import { DoorCamera } from './door-camera'
import { DoorPhone } from './door-phone'

/**
 * /staff/check-in: the door. A ticket's code is scanned (or typed) and checked in once; without
 * an answer the phone decides from the list it keeps, and sends its scans later.
 */
export default function StaffCheckInPage() {
  const [input] = useState(() => {
    const userId = storage.get('userID') ?? ''
    const firstName = storage.get('userName')?.trim().split(/\s+/)[0]
    return {
      userId,
      door: firstName ? `${firstName}'s phone` : 'A door phone',
      kept: storage.readKeptDoor(userId),
    }
  })
  const actorRef = useMemberFlow(
    checkInMachine,
    {
      ...checkInActors(api),
      doorQueue: checkInQueueMachine.provide({
        actors: checkInQueueActors(api),
        actions: { keep: (_: unknown, kept: KeptDoor) => storage.keepDoor(input.userId, kept) },
      }),
    },
    'Could not check the ticket in',
    { level: 'error', input: { door: input.door, kept: input.kept } },
  )
  // Back online: a check-in that could not be sent goes again, and so do the queued scans; the
  // page shown again reads the list again (the flows decide).
  useEffect(() => {
    const queue = () => actorRef.getSnapshot().children.doorQueue
    const online = () => {
      actorRef.send({ type: 'network.restored' })
      queue()?.send({ type: 'network.restored' })
    }
    const shown = () => {
      if (document.visibilityState === 'visible') queue()?.send({ type: 'list.outdated' })
    }
    window.addEventListener('online', online)
    document.addEventListener('visibilitychange', shown)
    return () => {
      window.removeEventListener('online', online)
      document.removeEventListener('visibilitychange', shown)
    }
  }, [actorRef])
  return <CheckInView actorRef={actorRef} />
}

/** A scan's own id and moment, made where it happens: sent again, it is applied once. */
const stamp = () => ({ nonce: crypto.randomUUID(), at: new Date().toISOString() })

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
  const { problem, verdict, decidedBy, party } = state.context
  const camera = state.value.camera
  const queue = state.children.doorQueue
  const queued = useSelector(
    queue,
    (s) =>
      (s?.context as DoorQueueContext | undefined)?.scans.some(
        (scan) => scan.nonce === state.context.nonce && scan.queued,
      ) ?? false,
  )

  return (
    <StaffPage
      title="Check-in"
      forbidden={state.hasTag('forbidden')}
      lead="Scan a guest's ticket, or type its code."
    >
      {queue && <DoorPhone actorRef={queue} />}
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
        {state.matches({ door: 'counting' }) && party && (
          <PartyCount
            party={party}
            onChosen={(places) => actorRef.send({ type: 'places.chosen', places })}
            onCancelled={() => {
              if (input.current) input.current.value = ''
              actorRef.send({ type: 'count.cancelled' })
            }}
          />
        )}
        {state.matches({ door: 'answered' }) && verdict && (
          <Verdict
            verdict={verdict}
            decidedBy={decidedBy}
            queued={queued}
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
          onCode={(code) => actorRef.send({ type: 'code.scanned', code, ...stamp() })}
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
          actorRef.send({ type: 'code.submitted', code: input.current?.value ?? '', ...stamp() }),
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

/**
 * Before a party comes in: how many of them are here now, the question and the whole party's
 * answer first (on a small phone's first screen), then who the ticket is for.
 */
function PartyCount({
  party,
  onChosen,
  onCancelled,
}: {
  party: PartyAtDoor
  onChosen: (places: number) => void
  onCancelled: () => void
}) {
  const detailId = useId()
  const view = countView(party)
  const { ticket } = party
  const guests = guestsLine(ticket)
  return (
    <div
      className={css({
        layerStyle: 'card',
        px: { base: '4', md: '6' },
        py: { base: '4', md: '6' },
        overflowWrap: 'anywhere',
      })}
    >
      <fieldset className={css({ border: '0', p: '0', m: '0', minW: '0' })}>
        <legend
          className={css({
            p: '0',
            fontSize: { base: 'xl', md: '2xl' },
            fontWeight: 'semibold',
            lineHeight: '1.2',
          })}
        >
          {view.question}
        </legend>
        <p id={detailId} className={css({ mt: '1' })}>
          <span className={css({ fontWeight: 'semibold' })}>{ticket.name}</span>
          {` · ${view.detail}`}
        </p>
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(3.25rem, 1fr))',
            gap: '2',
            mt: '3',
          })}
        >
          {view.choices.map((choice, index) => (
            <button
              key={choice.places}
              type="button"
              aria-describedby={index === 0 ? detailId : undefined}
              // The whole party first, wide: what the door answers most.
              className={cx(
                button({ variant: index === 0 ? 'solid' : 'outline', size: 'lg' }),
                index === 0 ? css({ gridColumn: '1 / -1' }) : undefined,
              )}
              onClick={() => onChosen(choice.places)}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={css({ color: 'fg.muted', fontSize: 'sm', mt: '3', display: 'grid' })}>
        <p>
          {ticket.what}
          {ticket.timeSlot ? ` · ${ticket.timeSlot}` : ''}
        </p>
        {guests && <p>{guests}</p>}
      </div>
      <div className={css({ mt: '2' })}>
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'md' })}
          onClick={onCancelled}
        >
          Not now
        </button>
      </div>
    </div>
  )
}

function Verdict({
  verdict,
  decidedBy,
  queued,
  onNext,
}: {
  verdict: CheckIn
  decidedBy: DecidedBy
  /** Its scan waits in the phone's queue. */
  queued: boolean
  onNext: () => void
}) {
  const view = verdictView(verdict, decidedBy)
  const decided = decidedNote(verdict, decidedBy, queued)
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
      {decided && (
        <p
          data-decided="phone"
          className={css({
            justifySelf: 'start',
            bg: 'white',
            color: 'ink.900',
            borderRadius: 'full',
            px: '3',
            py: '0.5',
            fontSize: 'sm',
            fontWeight: 'semibold',
          })}
        >
          {decided.mark}
        </p>
      )}
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
      {decided && <p className={css({ fontSize: 'sm' })}>{decided.line}</p>}
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
