import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { errorParams, isStatus, logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type Booking = components['schemas']['Booking']

/** A refusal a person can act on (the places went, the event is over), not a lost call. */
const isRefused = (_: unknown, { error }: { error: unknown }) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429

/**
 * /confirm/:code, the link e-mailed for a visitor's free ticket asked for when visitors' unproven
 * tickets held their share of the places (docs/decisions/040). The page's script takes the place
 * (a mail app's GET of the page books nothing): booked, with its ticket; refused with the
 * server's reason (the places went, the event is over); an unknown link says so; a lost
 * connection offers a retry, which asks again (a place is taken once, however often).
 */
export const ticketRequestMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as { code: string },
      context: {} as { code: string; booking: Booking | null; error: string | null },
      events: {} as { type: 'request.retried' },
      tags: {} as 'busy' | 'error' | 'missing' | 'refused' | 'success',
    },
    actors: {
      takePlace: callStub<Booking, { code: string }>('takePlace'),
    },
    actions: loadCallActions,
    guards: {
      isMissing: isStatus(400, 404),
      isRefused,
    },
  }).createMachine({
    id: 'ticketRequest',
    context: ({ input }) => ({ code: input.code, booking: null, error: null }),
    initial: 'taking',
    states: {
      taking: {
        tags: ['busy'],
        invoke: {
          id: 'takePlace',
          src: 'takePlace',
          input: ({ context }) => ({ code: context.code }),
          onDone: { target: 'booked', actions: keepOutput('booking') },
          onError: [
            { guard: { type: 'isMissing', params: errorParams }, target: 'missing' },
            {
              guard: { type: 'isRefused', params: errorParams },
              target: 'refused',
              actions: assign({ error: ({ event }) => (event.error as ApiError).message }),
            },
            { target: 'failed', actions: logCallError },
          ],
        },
      },
      booked: { type: 'final', tags: ['success'] },
      refused: { type: 'final', tags: ['refused'] },
      missing: { type: 'final', tags: ['missing'] },
      failed: { tags: ['error'], on: { 'request.retried': 'taking' } },
    },
  }),
)
