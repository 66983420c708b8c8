import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { errorParams } from '../calls/booking'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403, writeFailed } from '../calls/staff'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import type { StaffApplication } from '../staff-applications/machine'

export interface ApplicationReviewContext {
  id: string
  application: StaffApplication | null
  /** The note for the applicant, kept through a failed decline. */
  note: string
  /** Why the server refused the decision (decided meanwhile, an account exists). */
  refusal: string | null
}

const isStatus = (status: number) => (_: unknown, params: { error: unknown }) =>
  params.error instanceof ApiError && params.error.status === status

// A decision refused: another member of staff decided first, or the e-mail has an account.
const decisionFailed = (failed: string) =>
  writeFailed('applicationReview', {
    refusal: 'isConflict',
    keep: 'keepRefusal',
    refused: 'refused',
    failed,
  })

/**
 * /staff/applications/:id: one application with every answer. While it waits for a decision,
 * staff approve it (after a confirmation: the account is made and the welcome e-mailed) or
 * decline it with a note for the applicant. A failed decision can be sent again; one refused
 * (another member of staff decided first) says so and reads the application again.
 */
export const applicationReviewMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as ApplicationReviewContext,
      input: {} as { id: string },
      events: {} as
        | { type: 'application.retry' }
        | { type: 'application.reload' }
        | { type: 'approve.start' }
        | { type: 'approve.confirm' }
        | { type: 'decline.start' }
        | { type: 'decline.confirm' }
        | { type: 'note.changed'; note: string }
        | { type: 'decision.cancel' }
        | { type: 'decision.retry' },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden' | 'missing',
    },
    actors: {
      loadApplication: callStub<StaffApplication, { id: string }>('loadApplication'),
      approve: callStub<StaffApplication, { id: string }>('approve'),
      decline: callStub<StaffApplication, { id: string; note: string }>('decline'),
    },
    actions: {
      ...loadCallActions,
      keepRefusal: assign((_, params: { error: unknown }) => ({
        refusal: params.error instanceof ApiError ? refusalWords(params.error) : null,
      })),
    },
    guards: {
      ...sessionGuards,
      ...forbiddenGuards,
      isNotFound: isStatus(404),
      isConflict: isStatus(409),
      isPending: ({ context }) => context.application?.status === 'pending',
    },
  }).createMachine({
    id: 'applicationReview',
    context: ({ input }) => ({ id: input.id, application: null, note: '', refusal: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadApplication',
          src: 'loadApplication',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'ready',
            actions: assign({ application: ({ event }) => event.output, refusal: null }),
          },
          onError: [
            expiredOn401,
            refusedOn403,
            { guard: { type: 'isNotFound', params: errorParams }, target: 'missing' },
            failedOnError,
          ],
        },
      },
      ready: {
        initial: 'sorting',
        states: {
          // Waiting for a decision, or decided before it was opened.
          sorting: { always: [{ guard: 'isPending', target: 'open' }, { target: 'closed' }] },
          open: { on: { 'approve.start': 'confirmingApproval', 'decline.start': 'writingNote' } },
          confirmingApproval: {
            on: { 'approve.confirm': 'approving', 'decision.cancel': 'open' },
          },
          writingNote: {
            on: {
              'note.changed': { actions: assign({ note: ({ event }) => event.note }) },
              'decline.confirm': 'declining',
              'decision.cancel': 'open',
            },
          },
          approving: {
            tags: ['busy'],
            invoke: {
              id: 'approve',
              src: 'approve',
              input: ({ context }) => ({ id: context.id }),
              onDone: {
                target: 'decided',
                actions: assign({ application: ({ event }) => event.output }),
              },
              onError: decisionFailed('approveFailed'),
            },
          },
          declining: {
            tags: ['busy'],
            invoke: {
              id: 'decline',
              src: 'decline',
              input: ({ context }) => ({ id: context.id, note: context.note }),
              onDone: {
                target: 'decided',
                actions: assign({ application: ({ event }) => event.output }),
              },
              onError: decisionFailed('declineFailed'),
            },
          },
          approveFailed: {
            tags: ['error'],
            on: { 'decision.retry': 'approving', 'decision.cancel': 'open' },
          },
          declineFailed: {
            tags: ['error'],
            on: { 'decision.retry': 'declining', 'decision.cancel': 'writingNote' },
          },
          // Decided here, now.
          decided: {},
          // Decided by someone else first, or the e-mail already has an account.
          refused: { on: { 'application.reload': '#applicationReview.loading' } },
          closed: {},
        },
      },
      ...loadEndings('application.retry'),
      missing: { tags: ['missing'] },
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
