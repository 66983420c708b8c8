import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../../openapi/client'
import { type BookingPayment, isStatus, logCallError } from '../../calls/booking'
import { failedOnError, loadCallActions, missingOrFailed } from '../../calls/member'
import { sessionGuards } from '../../calls/session'
import { callStub } from '../../calls/stub'
import { refusalWords } from '../../calls/words'
import { checkoutGuards, checkoutMachine, checkoutOutcomes } from '../../checkout/machine'
import { onFirstUse } from '../../on-first-use'
import { isFreeForOffer, offerBooking, offerPayment, registeredPathOfOffer } from './selectors'

export type WaitlistEntry = components['schemas']['WaitlistEntry']
type Event = components['schemas']['Event']
type Booking = components['schemas']['Booking']
type BookingInput = components['schemas']['BookingInput']

export interface WaitlistOfferInput {
  /** The entry's secret, from the link of its e-mails. */
  token: string
  /** Whoever opened the link: a signed-in member pays the members' price. */
  viewer: { signedIn: boolean; isMember: boolean; userId: string | null }
  /** The site's origin, for the address a card payment comes back to. */
  origin: string
}

export interface WaitlistOfferContext extends WaitlistOfferInput {
  entry: WaitlistEntry | null
  event: Event | null
  /** Why the last step did not go through, in people's words. */
  problem: string | null
}

/** The entry and its event, read together. */
export interface LoadedOffer {
  entry: WaitlistEntry
  event: Event
}

/**
 * The read of the offer (the entry and its event), first (`loadOffer`) or again after a refusal
 * (`reloadOffer`): the same call under two names, so each is run under its own (its done event
 * is `xstate.done.actor.<src>`), whose answer shows (`keepOffer`).
 */
const offerRead = <const TSrc extends 'loadOffer' | 'reloadOffer'>(src: TSrc) =>
  ({
    id: src,
    src,
    input: ({ context }: { context: WaitlistOfferContext }) => ({ token: context.token }),
    onDone: {
      target: 'shown',
      actions: {
        type: 'keepOffer',
        params: ({ event }: { event: { output: LoadedOffer } }) => event.output,
      },
    },
  }) as const

const NOT_REACHED = "We couldn't reach the server. Check the connection, then try again."

/**
 * /waitlist/:token, the page of a waitlist entry's e-mails: where the person stands in line (and
 * Leave), and, once a place frees up for them, the offer: the place held until a time, booked
 * with one tap (free) or paid by card, at the price they would pay. An offer taken by someone
 * else's cancellation of theirs, or run out meanwhile, is read again and said.
 */
export const waitlistOfferMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as WaitlistOfferInput,
      context: {} as WaitlistOfferContext,
      events: {} as
        | { type: 'offer.taken' }
        | { type: 'leave.started' }
        | { type: 'leave.confirmed' }
        | { type: 'leave.kept' }
        | { type: 'entry.retried' },
      tags: {} as 'busy' | 'error' | 'missing',
    },
    actors: {
      loadOffer: callStub<LoadedOffer, { token: string }>('loadOffer'),
      reloadOffer: callStub<LoadedOffer, { token: string }>('reloadOffer'),
      leaveWaitlist: callStub<WaitlistEntry, { token: string }>('leaveWaitlist'),
      createBooking: callStub<Booking, BookingInput>('createBooking'),
      checkout: checkoutMachine,
    },
    actions: {
      ...loadCallActions,
      keepOffer: assign((_, offer: LoadedOffer) => ({ entry: offer.entry, event: offer.event })),
      /** A booking made: the ticket's page (a full load, as the RSVP's). */
      navigateToRegistered: (_, _params: { path: string }) => {},
    },
    guards: {
      ...sessionGuards,
      ...checkoutGuards,
      isWaiting: ({ context }) => context.entry?.status === 'waiting',
      isOffered: ({ context }) => context.entry?.status === 'offered',
      isBooked: ({ context }) => context.entry?.status === 'booked',
      isLeft: ({ context }) => context.entry?.status === 'left',
      isFree: ({ context }) => isFreeForOffer(context),
      isMissing: isStatus(400, 404),
    },
  }).createMachine({
    id: 'waitlistOffer',
    context: ({ input }) => ({ ...input, entry: null, event: null, problem: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          ...offerRead('loadOffer'),
          onError: missingOrFailed,
        },
      },
      shown: {
        initial: 'routing',
        states: {
          routing: {
            always: [
              { guard: 'isWaiting', target: 'waiting' },
              { guard: 'isOffered', target: 'offered' },
              { guard: 'isBooked', target: 'booked' },
              { guard: 'isLeft', target: 'left' },
              { target: 'expired' },
            ],
          },
          waiting: { on: { 'leave.started': 'confirmingLeave' } },
          offered: {
            on: {
              'offer.taken': [{ guard: 'isFree', target: 'booking' }, { target: 'paying' }],
              'leave.started': 'confirmingLeave',
            },
          },
          confirmingLeave: {
            on: { 'leave.confirmed': 'leaving', 'leave.kept': 'routing' },
          },
          leaving: {
            tags: ['busy'],
            invoke: {
              id: 'leaveWaitlist',
              src: 'leaveWaitlist',
              input: ({ context }) => ({ token: context.token }),
              onDone: {
                target: 'routing',
                actions: assign({ entry: ({ event }) => event.output, problem: null }),
              },
              onError: {
                target: 'routing',
                actions: [logCallError, assign({ problem: ({ event }) => problemOf(event.error) })],
              },
            },
          },
          // A free place (or the members' price of nothing): booked at once.
          booking: {
            tags: ['busy'],
            invoke: {
              id: 'createBooking',
              src: 'createBooking',
              input: ({ context }) => offerBooking(context, 'free'),
              onDone: {
                target: 'leavingPage',
                actions: {
                  type: 'navigateToRegistered',
                  params: ({ context, event }) => ({
                    path: registeredPathOfOffer(context, event.output.Ticket ?? ''),
                  }),
                },
              },
              onError: {
                target: '#waitlistOffer.reloading',
                actions: [logCallError, assign({ problem: ({ event }) => problemOf(event.error) })],
              },
            },
          },
          // A paid place: the card payment, back to the ticket's page once paid.
          paying: {
            invoke: {
              id: 'checkout',
              src: 'checkout',
              input: ({ context }) => ({ method: 'card', payment: offerPayment(context) }),
              onDone: [
                ...checkoutOutcomes({ returned: 'offered' }),
                {
                  target: '#waitlistOffer.reloading',
                  actions: assign({ problem: ({ event }) => problemOf(event.output.error) }),
                },
              ],
            },
          },
          // On the way to the ticket.
          leavingPage: { tags: ['busy'] },
          booked: {},
          left: {},
          expired: {},
          // The checkout's 401 (a signed-in person's login ran out): the banner says so.
          sessionExpired: {},
        },
      },
      // After a refusal: the entry is read again (the offer may have run out), the refusal kept.
      reloading: {
        tags: ['busy'],
        invoke: { ...offerRead('reloadOffer'), onError: failedOnError },
      },
      missing: { tags: ['missing'] },
      failed: { tags: ['error'], on: { 'entry.retried': 'loading' } },
    },
  }),
)

/** A refusal in the server's words where it explained (409 'Sold out', the offer gone), else ours. */
function problemOf(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.status !== 401
    ? refusalWords(error)
    : NOT_REACHED
}

export type { BookingPayment }
