import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { dayLabel } from '../../machines/rules/dates'
import { placeLine, standingLine } from '../../machines/rules/waitlist'
import { waitlistJoinActors } from '../../machines/waitlist/join/actors'
import { type WaitlistJoinInput, waitlistJoinMachine } from '../../machines/waitlist/join/machine'
import { joinBlockerText, joinFieldErrors } from '../../machines/waitlist/join/selectors'
import type { components } from '../../openapi/client'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { BookingFailure } from '../shared/booking-panel-parts'
import { ChoiceChips } from '../shared/form-fields'
import { GuestFields } from '../shared/guest-fields'
import { storage } from '../storage'

type Event = components['schemas']['Event']

const box = css({
  mt: '5',
  p: { base: '4', md: '5' },
  borderRadius: 'l3',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'sand.50',
  display: 'grid',
  gap: '4',
  minW: '0',
})

/**
 * Under a sold-out event's 'Sold out': 'Join the waitlist' opens a small form (day, slot, name,
 * e-mail, phone); once joined, where they stand. The rules are the waitlist's join machine's.
 */
export function WaitlistJoin({ event, signedIn }: { event: Event; signedIn: boolean }) {
  const [input] = useState<WaitlistJoinInput>(() => ({
    event,
    details: signedIn
      ? {
          email: storage.get('userEmail') ?? '',
          name: storage.get('userName') ?? '',
          phone: storage.get('userNumber') ?? '',
        }
      : {
          email: storage.get('email') ?? '',
          name: storage.get('name') ?? '',
          phone: storage.get('phone') ?? '',
        },
    now: new Date(),
    keptToken: storage.readWaitlistEntry(event.ID),
  }))
  // Joined: the focus goes to where they stand, once it shows (a reload leaves the focus be).
  const focusWanted = useRef(false)
  const joinedHeading = useCallback((heading: HTMLHeadingElement | null) => {
    if (!heading || !focusWanted.current) return
    focusWanted.current = false
    heading.focus()
  }, [])
  const actorRef = useActorRef(
    waitlistJoinMachine.provide({
      actors: waitlistJoinActors(api),
      actions: {
        logError: (_, { error }) => console.error('Could not join the waitlist', error),
        keepEntry: (_, { eventId, token }) => storage.keepWaitlistEntry(eventId, token),
        focusJoined: () => {
          focusWanted.current = true
        },
      },
    }),
    { input, inspect: showLiveFlow },
  )
  const state = useSelector(actorRef, (s) => s)
  const send = actorRef.send
  const headingId = useId()
  const { context } = state

  // Asking the server where a kept entry stands: nothing to show until it answers.
  if (state.matches('starting') || state.matches('recalling')) return null

  if (state.matches('closed')) {
    return (
      <div className={box}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', lineHeight: 'relaxed' })}>
          Every place is taken. Join the waitlist, and if a place frees up we'll hold it for you and
          e-mail you a link to book it.
        </p>
        <button
          type="button"
          className={button({ variant: 'outline', size: 'md' })}
          onClick={() => send({ type: 'join.opened' })}
        >
          Join the waitlist
        </button>
      </div>
    )
  }

  if (state.matches('joined') && context.entry) {
    const entry = context.entry
    return (
      <section aria-labelledby={headingId} className={box}>
        <h2
          id={headingId}
          ref={joinedHeading}
          tabIndex={-1}
          className={css({ textStyle: 'display.card', _focus: { outline: 'none' } })}
        >
          You're on the waitlist
        </h2>
        <p
          role="status"
          className={css({ fontSize: 'sm', lineHeight: 'relaxed', overflowWrap: 'anywhere' })}
        >
          {entry.status === 'offered' ? (
            standingLine(entry)
          ) : (
            <>
              {entry.position ? `Number ${entry.position} in line for ` : 'For '}
              {placeLine(entry)}. If a place frees up, we'll e-mail {entry.email} with a link to
              book it.
            </>
          )}
        </p>
        <Link
          to={`/waitlist/${entry.token}`}
          className={css({ textStyle: 'link', color: 'accent.default', fontSize: 'sm' })}
        >
          {entry.status === 'offered' ? 'Book the place held for you' : 'See where you stand'}
        </Link>
      </section>
    )
  }

  const busy = state.hasTag('busy')
  const blocker = joinBlockerText(context)
  return (
    <section aria-labelledby={headingId} className={box}>
      <h2 id={headingId} className={css({ textStyle: 'display.card' })}>
        Join the waitlist
      </h2>
      {context.days.length > 1 && (
        <ChoiceChips
          legend="Day"
          name="waitlist-day"
          options={context.days.map((day) => ({ value: day, label: dayLabel(day, input.now) }))}
          chosen={context.day}
          disabled={busy}
          onChoose={(day) => send({ type: 'day.chosen', day })}
        />
      )}
      {event.TimeSlots.length > 1 && (
        <ChoiceChips
          legend="Time"
          name="waitlist-slot"
          options={event.TimeSlots.map((slot) => ({ value: slot, label: slot }))}
          chosen={context.slot}
          disabled={busy}
          onChoose={(slot) => send({ type: 'slot.chosen', slot })}
        />
      )}
      <GuestFields
        {...context.details}
        errors={joinFieldErrors(context)}
        disabled={busy}
        onChange={(field, value) => send({ type: 'field.changed', field, value })}
        onLeave={(field) => send({ type: 'field.left', field })}
      />
      {context.problem && <BookingFailure message={context.problem} reloading={false} />}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <button
          type="button"
          className={button({ variant: 'solid', size: 'md' })}
          disabled={busy || blocker !== null}
          aria-busy={busy || undefined}
          aria-describedby={blocker ? `${headingId}-why` : undefined}
          onClick={() => send({ type: 'join.submitted' })}
        >
          {busy ? 'Joining…' : 'Join the waitlist'}
        </button>
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'md' })}
          disabled={busy}
          onClick={() => send({ type: 'join.closed' })}
        >
          Not now
        </button>
      </div>
      {blocker && (
        <p id={`${headingId}-why`} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {blocker}
        </p>
      )}
    </section>
  )
}
