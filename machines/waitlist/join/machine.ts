import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../../openapi/client'
import { logCallError } from '../../calls/booking'
import { keepOutput } from '../../calls/call-state'
import { loadCallActions } from '../../calls/member'
import { callStub } from '../../calls/stub'
import { refusalWords } from '../../calls/words'
import { onFirstUse } from '../../on-first-use'
import type { BookingDetails, DetailField } from '../../rules/booking-fields'
import { rsvpDays } from '../../rules/rsvp'
import { joinBlockers } from './selectors'

type Event = components['schemas']['Event']
export type WaitlistEntry = components['schemas']['WaitlistEntry']
type WaitlistJoin = components['schemas']['WaitlistJoin']

export interface WaitlistJoinInput {
  event: Event
  /** The stored details of whoever is looking (a signed-in person's, or a guest's remembered). */
  details: BookingDetails
  now: Date
  /** The token of the entry this phone joined for this event, kept from before (a reload). */
  keptToken?: string | null
}

export interface WaitlistJoinContext {
  event: Event
  days: string[]
  day: string | null
  slot: string | null
  details: BookingDetails
  /** The fields the person has left (a phone is judged once left). */
  left: DetailField[]
  entry: WaitlistEntry | null
  keptToken: string | null
  /** The server's refusal in its words ('There are places left…'), or a lost connection. */
  problem: string | null
}

/** A kept entry's token the server does not know. */
const isUnknownEntry = (error: unknown) => error instanceof ApiError && error.status === 404

/** The kept entry, forgotten: it is no longer in the line. */
const forgetEntry = {
  type: 'keepEntry',
  params: ({ context }: { context: WaitlistJoinContext }) => ({
    eventId: context.event.ID,
    token: null,
  }),
} as const

const NOT_REACHED =
  "We couldn't reach the server, so you're not on the waitlist yet. Check the connection, then try again."

/**
 * 'Join the waitlist', where a sold-out event says 'Sold out': the day (and slot) to wait for,
 * a name, an e-mail and a phone, checked as they are typed; joined once however often the answer
 * is lost (Idempotency-Key); then where they stand in line, and that an e-mail will come, with
 * the focus on it (the form it replaces was taller: the page would show what lies below). The
 * entry is kept on the phone, so the page, opened again, says they are waiting (asking the server
 * where they stand now); an entry no longer waiting nor offered is forgotten.
 */
export const waitlistJoinMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as WaitlistJoinInput,
      context: {} as WaitlistJoinContext,
      events: {} as
        | { type: 'join.opened' }
        | { type: 'join.closed' }
        | { type: 'day.chosen'; day: string }
        | { type: 'slot.chosen'; slot: string }
        | { type: 'field.changed'; field: DetailField; value: string }
        | { type: 'field.left'; field: DetailField }
        | { type: 'join.submitted' },
      tags: {} as 'busy',
    },
    actors: {
      joinWaitlist: callStub<WaitlistEntry, { eventId: string; body: WaitlistJoin }>(
        'joinWaitlist',
      ),
      loadEntry: callStub<WaitlistEntry, { token: string }>('loadEntry'),
    },
    actions: {
      ...loadCallActions,
      /** Keeps the entry's token on the phone, for this event. */
      keepEntry: (_: unknown, _params: { eventId: string; token: string | null }) => {},
      /** Moves the focus (and so the page) to where they stand, once it shows. */
      focusJoined: () => {},
    },
    guards: {
      canJoin: ({ context }) => joinBlockers(context).length === 0,
      hasKeptToken: ({ context }) => context.keptToken !== null,
      isStillInLine: (_, params: { status: WaitlistEntry['status'] }) =>
        params.status === 'waiting' || params.status === 'offered',
    },
  }).createMachine({
    id: 'waitlistJoin',
    context: ({ input }) => {
      const days = rsvpDays(input.event, input.now)
      return {
        event: input.event,
        days,
        // One day, or one slot: nothing to choose.
        day: days.length === 1 ? (days[0] ?? null) : null,
        slot: input.event.TimeSlots.length === 1 ? (input.event.TimeSlots[0] ?? null) : null,
        details: input.details,
        left: [],
        entry: null,
        keptToken: input.keptToken ?? null,
        problem: null,
      }
    },
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'hasKeptToken', target: 'recalling' }, { target: 'closed' }],
      },
      // Joined from this phone before: where they stand now. Gone from the line (booked, left,
      // expired) or not found: the entry is forgotten and the waitlist offered again.
      recalling: {
        invoke: {
          id: 'loadEntry',
          src: 'loadEntry',
          input: ({ context }) => ({ token: context.keptToken ?? '' }),
          onDone: [
            {
              guard: { type: 'isStillInLine', params: ({ event }) => event.output },
              target: 'joined',
              actions: keepOutput('entry'),
            },
            { target: 'closed', actions: forgetEntry },
          ],
          // Not found (404): forgotten; no answer (offline): kept, for the next visit to ask.
          onError: {
            target: 'closed',
            actions: [
              logCallError,
              {
                type: 'keepEntry',
                params: ({ context, event }) => ({
                  eventId: context.event.ID,
                  token: isUnknownEntry(event.error) ? null : context.keptToken,
                }),
              },
            ],
          },
        },
      },
      closed: { on: { 'join.opened': 'editing' } },
      editing: {
        on: {
          'join.closed': 'closed',
          'day.chosen': { actions: assign({ day: ({ event }) => event.day, problem: null }) },
          'slot.chosen': { actions: assign({ slot: ({ event }) => event.slot, problem: null }) },
          'field.changed': {
            actions: assign({
              details: ({ context, event }) => ({ ...context.details, [event.field]: event.value }),
              problem: null,
            }),
          },
          'field.left': {
            actions: assign({
              left: ({ context, event }) =>
                context.left.includes(event.field) ? context.left : [...context.left, event.field],
            }),
          },
          'join.submitted': { guard: 'canJoin', target: 'joining' },
        },
      },
      joining: {
        tags: ['busy'],
        invoke: {
          id: 'joinWaitlist',
          src: 'joinWaitlist',
          input: ({ context }) => ({
            eventId: context.event.ID,
            body: {
              date: context.day ?? '',
              timeSlot: context.slot,
              name: context.details.name.trim(),
              email: context.details.email.trim(),
              phone: context.details.phone.trim(),
            },
          }),
          onDone: {
            target: 'joined',
            actions: [
              keepOutput('entry'),
              {
                type: 'keepEntry',
                params: ({ context, event }) => ({
                  eventId: context.event.ID,
                  token: event.output.token,
                }),
              },
              'focusJoined',
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              logCallError,
              assign({
                problem: ({ event }) =>
                  event.error instanceof ApiError && event.error.status < 500
                    ? refusalWords(event.error)
                    : NOT_REACHED,
              }),
            ],
          },
        },
      },
      joined: { on: { 'join.closed': 'closed' } },
    },
  }),
)
